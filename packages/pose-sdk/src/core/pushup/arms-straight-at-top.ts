/**
 * Whether the arms are straight enough for a top the first rep may start from (docs/decisions.md,
 * "The first top: straight arms, or the top of a rise"). A push-up starts in the up position: a
 * stream that begins with the arms bent (half-way down, or at the bottom) rises to its first top
 * before any rep, whichever side of the down zone's edge its first frame reads.
 *
 * Straight by either measure of the elbow, each after the glitch median (a frame's glitch cannot
 * flip it): `judged`, as the rules read it (the arms the view shows, calibrated per model and
 * view: a lite side view reads a straight arm at 143; NaN without a view), or `measured`, the
 * spec's (the mean of the arms as read, which puts the phases up from 160). Degrees; `minUpAngle`
 * is the spec's straight arm (160).
 */
export function armsStraightAtTop(judged: number, measured: number, minUpAngle: number): boolean {
  return judged >= minUpAngle || measured >= minUpAngle; // NaN compares false
}
