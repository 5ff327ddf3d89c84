import { OptionsError } from '../errors.js';
import type { FrameSize } from '../types.js';

/**
 * Angles are measured in pixels, so a frame size of 0 (or a missing one) would make every angle
 * NaN and every clip count 0 reps without a word. `where` names the option, as in
 * `PushupAnalyzer frameSize`.
 */
export function checkFrameSize(frameSize: FrameSize | undefined, where: string): void {
  const width = frameSize?.width;
  const height = frameSize?.height;
  if (isPositive(width) && isPositive(height)) return;
  throw new OptionsError(
    `Expected ${where} to be the frames' pixel size (width and height above 0), got ${describe(frameSize)}`,
    "Pass the video's size in pixels, e.g. { width: 640, height: 360 }: a trace header and PoseDetection.frameSize carry it.",
  );
}

/** Every number of `values` must be finite and at least 0 (ms, degrees, counts, shares). */
export function checkNonNegativeNumbers(
  values: Readonly<Record<string, number | undefined>>,
  where: string,
): void {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || (Number.isFinite(value) && value >= 0)) continue;
    throw new OptionsError(
      `Expected ${where}.${name} to be a finite number of at least 0, got ${String(value)}`,
      'Leave it out to use the default (see PUSHUP_ANALYZER_DEFAULTS and DEFINITION_ANALYZER_CONSTANTS).',
    );
  }
}

function isPositive(value: unknown): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

function describe(frameSize: FrameSize | undefined): string {
  if (frameSize === undefined || frameSize === null) return String(frameSize);
  return `${String(frameSize.width)}x${String(frameSize.height)}`;
}
