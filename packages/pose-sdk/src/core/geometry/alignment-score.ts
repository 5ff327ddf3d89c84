/**
 * Body alignment as a score: 100 for a straight line from shoulder through hip to ankle, falling
 * linearly with the bend at the hip and reaching 0 at a right angle. Sagging and piked hips both
 * bend the line, so both lower the score.
 */
export const ALIGNMENT_ZERO_SCORE_BEND = 90; // degrees of bend at the hip that score 0

export function alignmentScoreFromHipAngle(hipAngle: number): number {
  if (Number.isNaN(hipAngle)) return Number.NaN;
  const bend = 180 - hipAngle;
  return Math.max(0, Math.min(100, 100 - (bend * 100) / ALIGNMENT_ZERO_SCORE_BEND));
}
