/**
 * The calibrated elbow angle (docs/decisions.md, "Verdicts a judge would sign"): BlazePose reads
 * an arm a judge calls straight short of 180 degrees in the picture (one-sided noise at a joint
 * that cannot open past straight, and the landmarks sit on the arm's surface, not its axis). The
 * spec's 160 degrees describes the body, so the reading is corrected, not the rule: a stretch that
 * leaves bent arms (at or below `floor`, the spec's down zone) as read, maps `straightReading`
 * (how this model reads a straight arm from this view, core/calibration/elbow-calibration.ts) to
 * the spec's straight arm, and 180 to 180. Monotone and continuous, so phases and extremes keep
 * their order, and `rawElbowAngle` gives back the reading for the evidence.
 */

/** degrees: the spec's straight arm (minUpAngle) */
export const SPEC_STRAIGHT_ARM = 160;

export function correctElbowAngle(raw: number, straightReading: number, floor: number): number {
  if (!(raw > floor)) return raw; // also NaN
  if (raw <= straightReading) {
    return floor + ((raw - floor) * (SPEC_STRAIGHT_ARM - floor)) / (straightReading - floor);
  }
  const corrected =
    SPEC_STRAIGHT_ARM +
    ((raw - straightReading) * (180 - SPEC_STRAIGHT_ARM)) / (180 - straightReading);
  return Math.min(180, corrected);
}

/** The inverse of correctElbowAngle: the detector's reading a corrected angle came from. */
export function rawElbowAngle(corrected: number, straightReading: number, floor: number): number {
  if (!(corrected > floor)) return corrected;
  if (corrected <= SPEC_STRAIGHT_ARM) {
    return floor + ((corrected - floor) * (straightReading - floor)) / (SPEC_STRAIGHT_ARM - floor);
  }
  return (
    straightReading +
    ((corrected - SPEC_STRAIGHT_ARM) * (180 - straightReading)) / (180 - SPEC_STRAIGHT_ARM)
  );
}
