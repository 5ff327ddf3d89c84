import {
  type LiveLoopMode,
  type LiveLoopModeTotals,
  type LiveLoopStats,
  modeDetectMs,
  modeFps,
} from '@reptemple/pose-sdk/browser';
import { Button } from '../../../components/ui/button';
import { RECORD } from '../messages';
import type { RecorderStats } from '../recorder';

/** One mode's rate and mean detect time, with the raw totals for a benchmark to difference. */
function ModeRow(props: { label: string; testId: string; totals: LiveLoopModeTotals | null }) {
  const { totals } = props;
  return (
    <div className="contents">
      <dt className="text-muted">{props.label}</dt>
      <dd
        data-testid={props.testId}
        data-intervals={totals?.intervals ?? 0}
        data-span-ms={totals?.spanMs ?? 0}
        data-frames={totals?.frames ?? 0}
        data-detect-ms={totals?.detectMs ?? 0}
      >
        {totals && totals.intervals > 0
          ? `${modeFps(totals).toFixed(1)} (${modeDetectMs(totals).toFixed(1)} ms)`
          : '–'}
      </dd>
    </div>
  );
}

/** Behind the Diagnostics toggle (issue 12): how fast the live analysis runs on this device. */
export function DiagnosticsPanel(props: {
  stats: LiveLoopStats | null;
  modeTotals: Readonly<Record<LiveLoopMode, LiveLoopModeTotals>> | null;
  inferenceOnly: boolean;
  /** Present while recording: switches the loop between counting and inference only. */
  onInferenceOnlyChange?: (inferenceOnly: boolean) => void;
  recorder: RecorderStats | null;
  video: { width: number; height: number } | null;
  analyser: string;
  model: string;
  log: readonly string[];
}) {
  const rows: [string, string][] = [
    ['Analysed frames/s', props.stats ? props.stats.analysedFps.toFixed(1) : '–'],
    ['Inference ms', props.stats ? props.stats.inferenceMs.toFixed(1) : '–'],
    ['Camera frames/s', props.stats ? props.stats.cameraFps.toFixed(1) : '–'],
    ['Frames analysed', props.stats ? String(props.stats.analysedFrames) : '–'],
    ['Frames skipped', props.stats ? String(props.stats.skippedFrames) : '–'],
    ['Camera', props.video ? `${props.video.width}x${props.video.height}` : '–'],
    ['Recorder', props.recorder ? `${props.recorder.mimeType || 'default'}` : '–'],
    [
      'Recorded',
      props.recorder
        ? `${props.recorder.chunks} chunks, ${Math.round(props.recorder.bytes / 1024)} KB`
        : '–',
    ],
    ['Analyser', `${props.analyser}, ${props.model} model`],
  ];
  return (
    <section
      aria-label="Diagnostics"
      data-testid="diagnostics"
      className="rounded-lg border border-line bg-black/80 p-3 font-mono text-xs text-ink"
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd data-testid={`diag-${label.toLowerCase().replace(/[^a-z]+/g, '-')}`}>{value}</dd>
          </div>
        ))}
        <ModeRow
          label={RECORD.liveLoopRate}
          testId="diag-mode-live"
          totals={props.modeTotals?.live ?? null}
        />
        <ModeRow
          label={RECORD.inferenceOnlyRate}
          testId="diag-mode-inference-only"
          totals={props.modeTotals?.['inference-only'] ?? null}
        />
      </dl>
      {props.onInferenceOnlyChange ? (
        <Button
          variant="secondary"
          size="sm"
          className="mt-2"
          aria-pressed={props.inferenceOnly}
          onClick={() => props.onInferenceOnlyChange?.(!props.inferenceOnly)}
        >
          {RECORD.inferenceOnly}
        </Button>
      ) : null}
      {props.log.length > 0 ? (
        <ol className="mt-2 max-h-32 overflow-y-auto border-t border-line pt-2 text-muted">
          {props.log.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an append-only log
            <li key={index}>{line}</li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
