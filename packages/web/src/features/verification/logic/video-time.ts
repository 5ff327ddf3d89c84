// A time in the video as the recording view writes it everywhere: 1:00.7. Pure.

/** The rep's time in the video: m:ss.s */
export function videoTime(ms: number): string {
  const seconds = Math.max(0, ms) / 1000;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${(seconds - minutes * 60).toFixed(1).padStart(4, '0')}`;
}
