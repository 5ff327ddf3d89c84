import { fractionOf, type SeekBarMarker, type SeekBarSegment, seekBarSpan } from './timeline';

/**
 * The seek slider under a bar coloured by phase: the analysed part is lightened, each phase entry
 * colours its span and STOP / READY are markers. The bar is decoration; the slider is the control.
 */
export function SeekBar(props: {
  currentS: number;
  durationS: number;
  /** Share of the video analysed so far, 0..1. */
  analysedFraction: number;
  /** null before an analysis run exists. */
  bar: { segments: readonly SeekBarSegment[]; markers: readonly SeekBarMarker[] } | null;
  onSeek: (seconds: number) => void;
}) {
  const durationMs = props.durationS * 1000;
  // An unknown duration (0 or NaN) gives an empty slider rather than a broken one.
  const maxS = props.durationS || 0;
  return (
    <div className="mt-2">
      <div className="relative h-3 overflow-hidden rounded bg-surface-raised" aria-hidden="true">
        <div
          className="absolute inset-y-0 left-0 bg-white/10"
          style={{ width: `${props.analysedFraction * 100}%` }}
        />
        {props.bar?.segments.map((segment) => {
          const span = seekBarSpan(segment.startMs, segment.endMs, durationMs);
          return (
            <div
              key={`${segment.startMs}-${segment.label}`}
              className="absolute inset-y-0"
              data-phase={segment.label}
              style={{
                left: `${span.leftPercent}%`,
                width: `${span.widthPercent}%`,
                backgroundColor: segment.color,
              }}
            />
          );
        })}
        {props.bar?.markers.map((marker) => (
          <div
            key={`${marker.atMs}-${marker.label}`}
            className="absolute inset-y-0 w-1"
            style={{
              left: `${fractionOf(marker.atMs, durationMs) * 100}%`,
              backgroundColor: marker.color,
            }}
          />
        ))}
      </div>
      <input
        type="range"
        aria-label="Seek"
        className="w-full accent-gold"
        min={0}
        max={maxS}
        step="any"
        value={Math.min(props.currentS, maxS)}
        onChange={(event) => props.onSeek(Number(event.target.value))}
      />
    </div>
  );
}
