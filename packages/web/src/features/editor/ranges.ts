// Angle ranges as the editor's sliders produce them (spec 01 §5): whole degrees within 0-180,
// minimum never above maximum.

import { ANGLE_MAX_DEGREES, ANGLE_MIN_DEGREES, type AngleRange } from '@reptemple/definitions';

function clampDegrees(value: number, fallback: number): number {
  if (!Number.isFinite(value)) return fallback;
  return Math.min(ANGLE_MAX_DEGREES, Math.max(ANGLE_MIN_DEGREES, Math.round(value)));
}

/**
 * A range the editor may store: each end rounded to a whole degree and kept within 0-180. When
 * the new minimum passes the maximum (or the other way round), the end that moved stops at the
 * other one, as a two-thumb slider does.
 */
export function clampRange(range: AngleRange, previous: AngleRange): AngleRange {
  let min = clampDegrees(range.min, previous.min);
  let max = clampDegrees(range.max, previous.max);
  if (min > max) {
    if (min !== previous.min) min = max;
    else max = min;
  }
  return { min, max };
}
