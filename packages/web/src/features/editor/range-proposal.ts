// Ranges proposed from the angles measured at the wizard's start, transition and end frames (see
// docs/decisions.md, "Range proposals"):
// - An angle that moves (its start and end values differ by at least minMovementDegrees) splits
//   0-180 into three contiguous ranges: the boundaries lie halfway between the start and
//   transition values and halfway between the transition and end values, and the outer ranges
//   run on to 0 or 180 (going further than the captured frame is still that phase). Neighbouring
//   ranges share their boundary degree, as the built-in definitions do, so no angle falls
//   between two phases.
// - An angle that holds still, a global alignment, gets one band in every phase: the measured
//   values widened by marginDegrees on each side, clamped to 0-180.
// - An exercise-stop angle keeps 0-180 in every phase (the stop position is not among the frames).

import {
  ANGLE_MAX_DEGREES,
  ANGLE_MIN_DEGREES,
  type AngleDefinition,
  type AngleRange,
  DEFAULT_ANGLE_RANGE,
  PHASE_NAMES,
  type PhaseName,
} from '@reptemple/definitions';
import { RANGE_PROPOSAL } from './constants';

export interface RangeProposal {
  readonly phases: Record<PhaseName, Record<string, AngleRange>>;
  /** Ids of the phase-driving angles that hardly move: the phases cannot be told apart by them. */
  readonly stillAngles: readonly string[];
}

export type PhaseValues = Record<PhaseName, number>;

const clamp = (value: number) =>
  Math.min(ANGLE_MAX_DEGREES, Math.max(ANGLE_MIN_DEGREES, Math.round(value)));

/** One band around all three values, widened by the margin. */
export function bandAround(values: PhaseValues, margin = RANGE_PROPOSAL.marginDegrees): AngleRange {
  const all = PHASE_NAMES.map((phase) => values[phase]);
  return { min: clamp(Math.min(...all) - margin), max: clamp(Math.max(...all) + margin) };
}

/** Three contiguous ranges for an angle that moves from its start value to its end value. */
export function splitRanges(values: PhaseValues): Record<PhaseName, AngleRange> {
  const { start, end } = values;
  const low = Math.min(start, end);
  const high = Math.max(start, end);
  // A transition frame outside the start-end span (picked a little early or late) counts as
  // the nearest end of the span.
  const transition = Math.min(high, Math.max(low, values.transition));
  const nearStart = clamp((start + transition) / 2);
  const nearEnd = clamp((transition + end) / 2);
  if (start >= end) {
    // Closing, as an elbow in a push-up: start high, end low.
    return {
      start: { min: nearStart, max: ANGLE_MAX_DEGREES },
      transition: { min: nearEnd, max: nearStart },
      end: { min: ANGLE_MIN_DEGREES, max: nearEnd },
    };
  }
  return {
    start: { min: ANGLE_MIN_DEGREES, max: nearStart },
    transition: { min: nearStart, max: nearEnd },
    end: { min: nearEnd, max: ANGLE_MAX_DEGREES },
  };
}

export function proposeRanges(
  angles: readonly AngleDefinition[],
  globalAlignments: readonly string[],
  measured: Record<PhaseName, Record<string, number>>,
): RangeProposal {
  const phases: Record<PhaseName, Record<string, AngleRange>> = {
    start: {},
    transition: {},
    end: {},
  };
  const stillAngles: string[] = [];
  for (const angle of angles) {
    const values: PhaseValues = {
      start: measured.start[angle.id] ?? Number.NaN,
      transition: measured.transition[angle.id] ?? Number.NaN,
      end: measured.end[angle.id] ?? Number.NaN,
    };
    let ranges: Record<PhaseName, AngleRange>;
    if (angle.exerciseStop || PHASE_NAMES.some((phase) => !Number.isFinite(values[phase]))) {
      ranges = {
        start: DEFAULT_ANGLE_RANGE,
        transition: DEFAULT_ANGLE_RANGE,
        end: DEFAULT_ANGLE_RANGE,
      };
    } else if (
      globalAlignments.includes(angle.id) ||
      Math.abs(values.start - values.end) < RANGE_PROPOSAL.minMovementDegrees
    ) {
      if (!globalAlignments.includes(angle.id)) stillAngles.push(angle.id);
      const band = bandAround(values);
      ranges = { start: band, transition: band, end: band };
    } else {
      ranges = splitRanges(values);
    }
    for (const phase of PHASE_NAMES) phases[phase][angle.id] = { ...ranges[phase] };
  }
  return { phases, stillAngles };
}
