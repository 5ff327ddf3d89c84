/** A duration as m:ss (spec 02 §9: "Durations shown as m:ss"); seconds are rounded down, so
 * 59.9 s is 0:59. Minutes are not wrapped into hours (sessions last at most 5 minutes). */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const minutes = Math.floor(whole / 60);
  return `${minutes}:${String(whole % 60).padStart(2, '0')}`;
}
