/** A duration as m:ss (spec 02 §9: "Durations shown as m:ss"); seconds are rounded down, so
 * 59.9 s is 0:59. Minutes are not wrapped into hours (sessions last at most 5 minutes). */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const minutes = Math.floor(whole / 60);
  return `${minutes}:${String(whole % 60).padStart(2, '0')}`;
}

/** A duration as h:mm:ss for files a spreadsheet reads (the CSV export): the same whole seconds as
 * formatDuration ('2:05' on the pages is '0:02:05' here), which spreadsheets take as a duration,
 * where 'm:ss' would be read as a time of day (2:05 AM). */
export function formatDurationHms(seconds: number): string {
  const whole = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}
