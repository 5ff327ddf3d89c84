import type { PushupAnalyzerConfig } from '../constants.js';

export const INCOMPLETE_RANGE_OF_MOTION =
  'Incomplete range of motion: returned to up without reaching down position.';

/** What the push-up analyser measured over one down-and-up cycle. */
export interface PushupCycleStats {
  /** degrees: the largest elbow angle at the top the cycle started from */
  readonly topElbowAngle: number;
  /** degrees: the largest elbow angle at the top the cycle returned to */
  readonly endTopElbowAngle: number;
  /** degrees */
  readonly minElbowAngle: number;
  /** %: mean alignment over the cycle (NaN when never measured) */
  readonly alignmentScore: number;
  /** How many samples had a 10-sample mean alignment below the drop threshold */
  readonly alignmentDropCount: number;
  readonly frameCount: number;
  /** Frames that passed the landmark visibility gates */
  readonly visibleFrameCount: number;
}

/**
 * Judges a completed push-up: null when valid, else the reason (spec 01 §8 wording). The checks
 * run in this order and the first failure is the reason given.
 */
export function judgePushupRep(
  cycle: PushupCycleStats,
  config: PushupAnalyzerConfig,
): string | null {
  if (
    cycle.frameCount === 0 ||
    cycle.visibleFrameCount / cycle.frameCount < config.minVisibleFrameShare
  ) {
    return 'Insufficient landmark visibility';
  }
  if (Number.isNaN(cycle.alignmentScore) || cycle.alignmentScore < config.minAlignmentScore) {
    const score = Number.isNaN(cycle.alignmentScore) ? 0 : Math.round(cycle.alignmentScore);
    return `Poor body alignment: ${score}% < ${config.minAlignmentScore}%`;
  }
  if (cycle.minElbowAngle > config.maxDownAngle) {
    // Never reached down. Back at full extension, that is the spec's incomplete range of motion;
    // otherwise the dip was simply too shallow.
    return cycle.endTopElbowAngle >= config.minUpAngle
      ? INCOMPLETE_RANGE_OF_MOTION
      : "Didn't go low enough";
  }
  if (cycle.minElbowAngle > config.maxElbowAngleForDown) return 'Elbow angle too high';
  if (cycle.endTopElbowAngle < config.minUpAngle) return "Didn't extend fully";
  if (cycle.alignmentDropCount > config.maxAlignmentDrops) {
    return 'Lost alignment during movement: body not maintained in straight line';
  }
  return null;
}
