import { ANGLE_MAX_DEGREES, ANGLE_MIN_DEGREES, type AngleRange } from '@reptemple/definitions';
import { useEffect, useState } from 'react';

const TRACK_WIDTH = ANGLE_MAX_DEGREES - ANGLE_MIN_DEGREES;
const STEP_DEGREES = 1;

const THUMB =
  'pointer-events-none absolute inset-0 h-6 w-full appearance-none bg-transparent ' +
  '[&::-webkit-slider-thumb]:pointer-events-auto [&::-webkit-slider-thumb]:size-4 [&::-webkit-slider-thumb]:cursor-pointer ' +
  '[&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:bg-gold ' +
  '[&::-moz-range-thumb]:pointer-events-auto [&::-moz-range-thumb]:size-4 [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:bg-gold';

/**
 * A 0-180 degree range with two thumbs (step 1) and a number field for each end, for exact values
 * and keyboards. The editor's reducer keeps min <= max; this only reports what was asked for.
 */
export function RangeSlider(props: {
  label: string;
  range: AngleRange;
  onChange: (range: AngleRange) => void;
  disabled?: boolean;
}) {
  const { range, label } = props;
  const left = ((range.min - ANGLE_MIN_DEGREES) / TRACK_WIDTH) * 100;
  const right = ((range.max - ANGLE_MIN_DEGREES) / TRACK_WIDTH) * 100;
  const bounds = { min: ANGLE_MIN_DEGREES, max: ANGLE_MAX_DEGREES, step: STEP_DEGREES };
  return (
    <fieldset className="grid gap-2" disabled={props.disabled}>
      <legend className="sr-only">{label}</legend>
      <div className="relative h-6">
        <div className="absolute inset-x-0 top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-page" />
        <div
          className="absolute top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-gold/70"
          style={{ left: `${left}%`, width: `${right - left}%` }}
        />
        <input
          type="range"
          {...bounds}
          value={range.min}
          aria-label={`${label} minimum`}
          onChange={(event) => props.onChange({ ...range, min: Number(event.target.value) })}
          className={THUMB}
        />
        <input
          type="range"
          {...bounds}
          value={range.max}
          aria-label={`${label} maximum`}
          onChange={(event) => props.onChange({ ...range, max: Number(event.target.value) })}
          className={THUMB}
        />
      </div>
      <div className="flex items-center gap-2 text-sm text-muted">
        <DegreeInput
          label={`${label} minimum (degrees)`}
          value={range.min}
          onCommit={(min) => props.onChange({ ...range, min })}
        />
        <span aria-hidden="true">to</span>
        <DegreeInput
          label={`${label} maximum (degrees)`}
          value={range.max}
          onCommit={(max) => props.onChange({ ...range, max })}
        />
        <span>degrees</span>
      </div>
    </fieldset>
  );
}

/** A number field that commits on Enter or when it loses focus, so typing "120" does not pass
 * through 1 and 12 (each clamped against the other end). */
function DegreeInput(props: { label: string; value: number; onCommit: (value: number) => void }) {
  const [text, setText] = useState(String(props.value));
  // Bumped on every commit, so the field shows the stored value even when the store clamped the
  // typed one back to what it was.
  const [commits, setCommits] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: commits is the trigger
  useEffect(() => setText(String(props.value)), [props.value, commits]);
  const commit = () => {
    const value = Number(text);
    if (text.trim() !== '' && Number.isFinite(value) && value !== props.value) {
      props.onCommit(value);
    }
    setCommits((count) => count + 1);
  };
  return (
    <input
      type="number"
      min={ANGLE_MIN_DEGREES}
      max={ANGLE_MAX_DEGREES}
      step={STEP_DEGREES}
      value={text}
      aria-label={props.label}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      className="h-9 w-20 rounded-md border border-line bg-page px-2 text-ink"
    />
  );
}
