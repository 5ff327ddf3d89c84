import { describe, expect, it } from 'vitest';
import { pairReps } from './rep-pairing';

const span = (startMs: number, endMs: number) => ({ startMs, endMs });

describe('pairing the live reps with the verified ones', () => {
  it('a fast set 150 ms apart: each rep with its own, not with the next one it overlaps more', () => {
    // Clip 03 played to the fake camera (live reps 50-52, verified 54-56, video ms), lined up by
    // the comparison's shift of -150 ms: verified 55 overlaps live 52 (317 ms) a little more than
    // its own live 51 (266 ms); taken greedily, live 52 went to 55 and verified 56 (valid on both
    // sides) was shown as missed live, and 55's verdict was compared with 52's.
    const live = [span(38810, 39303), span(39303, 39760), span(39760, 40719)];
    const verified = [span(38845, 39344), span(39344, 39927), span(39927, 40469)];
    expect(pairReps(live, verified, -150)).toEqual([0, 1, 2]);
  });

  it('leaves unpaired the reps only one side counted, and pairs only reps that overlap', () => {
    const live = [span(0, 1000), span(5000, 6000), span(9000, 10_000)];
    const verified = [span(100, 1100), span(2000, 3000), span(5200, 6200)];
    expect(pairReps(live, verified, 0)).toEqual([0, null, 1]);
    expect(pairReps(live, verified, 2500)).toEqual([null, 0, null]);
  });

  it('a live rep that spans two verified ones goes to the one it overlaps most', () => {
    // As in clip 04, where the lite model's top between two reps stayed below the up zone and one
    // live rep covers two verified ones.
    const live = [span(11_400, 13_300), span(13_700, 17_300)];
    const verified = [
      span(11_500, 12_600),
      span(12_600, 13_300),
      span(13_500, 14_900),
      span(14_900, 17_400),
    ];
    expect(pairReps(live, verified, 0)).toEqual([0, null, null, 1]);
  });

  it('nothing to pair', () => {
    expect(pairReps([], [span(0, 1000)], 0)).toEqual([null]);
    expect(pairReps([span(0, 1000)], [], 0)).toEqual([]);
  });
});
