// Where live counting's clock starts in the recorded video (analysis_results.countingStartMs), so
// the recording view can line the live reps up with the verified ones. Pure: the caller passes
// the times.
//
// The live clock counts from the first counted camera frame (its capture time). When that frame
// was captured is not told, only when its detection was handed over: the first detection of a
// fresh model takes 0.5-1.2 s (the graph's warm-up), so the first hand-over put the live reps
// 0.4-1.2 s late against the video (docs/benchmarks.md "Live against verified"). Every counted
// frame was handed over after its capture: the hand-over's time minus the frame's own camera time
// bounds when the first frame came, and the smallest over the frames is the tightest bound (late
// by the quickest detection, a frame or two).

/**
 * The tightest estimate so far of when the live clock's zero was, in ms from the recorder's
 * start: `previous` (undefined before the first frame) updated with one counted frame, handed
 * over `handedOverMs` after the recorder's start, whose camera time is `frameMs` on the live
 * clock.
 */
export function countingStartEstimate(
  previous: number | undefined,
  handedOverMs: number,
  frameMs: number,
): number {
  const bound = handedOverMs - frameMs;
  return previous === undefined ? bound : Math.min(previous, bound);
}
