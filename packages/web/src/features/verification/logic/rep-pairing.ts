// Which live rep is which verified rep, once the clocks are lined up: the pairing, in time order,
// that overlaps the most rep time in all. Taking each verified rep's best partner in turn is not
// enough: in a fast set (reps of 0.5 s, clocks 150 ms apart) a verified rep can overlap the next
// live rep a little more than its own, take it, and leave its neighbour unpaired, so a rep both
// sides counted was shown as missed live and its verdict compared with the wrong rep (clip 03,
// docs/benchmarks.md "Live against verified through the fake camera"). Pure.

export interface Span {
  /** ms in the video */
  startMs: number;
  endMs: number;
}

const overlapMs = (a: Span, b: Span) =>
  Math.max(0, Math.min(a.endMs, b.endMs) - Math.max(a.startMs, b.startMs));

/**
 * Pairs `verified` with `live` (each in time order; `shiftMs` added to the live times) so that
 * no two pairs cross and the paired reps overlap the most in total; only reps that overlap are
 * paired. Answers, per verified rep, the index of its live rep, or null.
 */
export function pairReps(
  live: readonly Span[],
  verified: readonly Span[],
  shiftMs: number,
): (number | null)[] {
  const rows = verified.length + 1;
  const columns = live.length + 1;
  // best[i * columns + j]: the most overlap pairing the first i verified with the first j live.
  const best = new Float64Array(rows * columns);
  const overlap = (i: number, j: number) =>
    overlapMs(verified[i]!, {
      startMs: live[j]!.startMs + shiftMs,
      endMs: live[j]!.endMs + shiftMs,
    });
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < columns; j++) {
      const shared = overlap(i - 1, j - 1);
      best[i * columns + j] = Math.max(
        best[(i - 1) * columns + j]!,
        best[i * columns + j - 1]!,
        shared > 0 ? best[(i - 1) * columns + j - 1]! + shared : 0,
      );
    }
  }
  const partners: (number | null)[] = verified.map(() => null);
  for (let i = verified.length, j = live.length; i > 0 && j > 0; ) {
    const here = best[i * columns + j]!;
    const shared = overlap(i - 1, j - 1);
    // Ties pair: an overlapping rep left unpaired would be shown as a difference.
    if (shared > 0 && here === best[(i - 1) * columns + j - 1]! + shared) {
      partners[i - 1] = j - 1;
      i--;
      j--;
    } else if (here === best[(i - 1) * columns + j]) i--;
    else j--;
  }
  return partners;
}
