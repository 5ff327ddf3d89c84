// Which moments a sampled verification looks at again at the video's own rate, and how the frames
// of those windows replace the sampled ones (issue 24). Hand-made reps: the real-trace behaviour
// is in refine-analysis.test.ts.

import type { RuleCheck } from '@reptemple/pose-sdk';
import { describe, expect, it } from 'vitest';
import type { EvidenceCheck, RepEvidence } from '../src/verify/analyse-recording.js';
import {
  checkMargin,
  mergeRefinedFrames,
  planRefinement,
  refinementMoments,
  trackingGaps,
} from '../src/verify/refinement.js';
import { REFINEMENT } from '../src/verify/sampling.js';

function check(
  rule: string,
  value: number,
  threshold: number,
  timeMs: number | null,
): EvidenceCheck {
  const bound: RuleCheck['bound'] = rule === 'depth' ? 'max' : 'min';
  return {
    rule,
    measurement: '2d',
    value,
    threshold,
    bound,
    passed: bound === 'max' ? value <= threshold : value >= threshold,
    side: 'both',
    timeMs,
    fullRate: false,
  };
}

function rep(repNumber: number, startMs: number, checks: EvidenceCheck[]): RepEvidence {
  return {
    repNumber,
    startMs,
    endMs: startMs + 1500,
    angleName: 'Elbow',
    bottomAngle: 90,
    bottomMs: startMs + 700,
    topAngle: 170,
    topMs: startMs + 1500,
    phasePath: ['up', 'transition', 'down', 'transition', 'up'],
    isValid: checks.every((c) => c.passed),
    invalidReason: checks.every((c) => c.passed) ? null : 'x',
    measurements: {},
    checks,
  };
}

const SAMPLED_FPS = 12;
const REACH_MS = 1000 / SAMPLED_FPS;

describe('refinement moments', () => {
  it('looks again around a check within the margin of its threshold, passed or failed', () => {
    expect(checkMargin({ rule: 'lockout', threshold: 160 })).toBe(REFINEMENT.margins.degrees);
    expect(checkMargin({ rule: 'hipSag', threshold: 10 })).toBe(REFINEMENT.margins.lengthPercent);
    expect(checkMargin({ rule: 'unknown', threshold: 40 })).toBeCloseTo(
      40 * REFINEMENT.marginShare,
    );
    const far = 160 + checkMargin({ rule: 'lockout', threshold: 160 }) + 1;
    const moments = refinementMoments(
      [
        rep(1, 0, [check('depth', 112, 105, 700), check('lockout', far, 160, 1500)]),
        rep(2, 2000, [check('depth', 60, 105, 2700), check('lockout', 158, 160, 3500)]),
      ],
      SAMPLED_FPS,
    );
    // Rep 1's depth (7 from 105) and rep 2's lockout (2 from 160); the others are far.
    expect(moments.map((m) => [m.repNumber, m.reason])).toEqual([
      [1, 'depth'],
      [2, 'lockout'],
    ]);
    // From one sampled frame before the moment to one after: the true extreme lies between.
    expect(moments[0]!.window).toEqual({ startMs: 700 - REACH_MS, endMs: 700 + REACH_MS });
    expect(moments[0]!.closeness).toBeCloseTo(7 / checkMargin({ rule: 'depth', threshold: 105 }));
  });

  it('looks at a whole rep again for a close value over the whole rep', () => {
    const [moment] = refinementMoments([rep(1, 1000, [check('bodyLine', 77, 75, null)])], 12);
    expect(moment!.window).toEqual({ startMs: 1000, endMs: 2500 });
  });

  it('leaves a rep alone when nothing is close, or a value could not be measured', () => {
    expect(
      refinementMoments(
        [rep(1, 0, [check('depth', 50, 105, 700), check('bodyLine', Number.NaN, 75, null)])],
        12,
      ),
    ).toEqual([]);
  });
});

describe('refinement plan', () => {
  const reps = [
    rep(1, 0, [check('lockout', 150, 160, 1500)]), // 10 from the threshold
    rep(2, 2000, [check('lockout', 159, 160, 3500)]), // 1 from it
    rep(3, 4000, [check('lockout', 165, 160, 5500)]), // 5 from it
  ];
  const options = {
    sampledFps: SAMPLED_FPS,
    videoFps: 30,
    refined: [],
    warmUpFrames: 2,
  };

  it('takes the closest moments first, as many as the budget allows', () => {
    // A window of 1/6 s at 30 frames/s: 6 frames, 2 warm-up frames and the restart.
    const cost = 8 + REFINEMENT.restartCostFrames;
    const plan = planRefinement(reps, { ...options, budgetFrames: 2 * cost + 1 });
    // Rep 1's lockout (10 from 160) no longer fits.
    expect(plan.moments.map((m) => [m.repNumber, m.reason])).toEqual([
      [2, 'lockout'],
      [3, 'lockout'],
    ]);
    expect(plan.cost).toBe(2 * cost);
    const all = planRefinement(reps, { ...options, budgetFrames: 1000 });
    expect(all.windows.length).toBe(3);
    expect(all.cost).toBe(3 * cost);
  });

  it('does not ask again for windows already looked at', () => {
    const first = planRefinement(reps, { ...options, budgetFrames: 1000 });
    const again = planRefinement(reps, { ...options, budgetFrames: 1000, refined: first.windows });
    expect(again.windows).toEqual([]);
  });

  it('looks at stretches where the sampled pass lost the person', () => {
    const plan = planRefinement([], {
      ...options,
      budgetFrames: 1000,
      gaps: [{ startMs: 7000, endMs: 8000 }],
    });
    expect(plan.moments.map((m) => [m.repNumber, m.reason])).toEqual([[null, 'lost']]);
  });
});

describe('merging refined frames', () => {
  const frame = (timestampMs: number, tag: string) => ({ timestampMs, tag });

  it('replaces the sampled frames inside each window by the frames of the video there', () => {
    const sampled = [0, 83, 167, 250, 333].map((t) => frame(t, 's'));
    const refined = [133, 167, 200, 233].map((t) => frame(t, 'r'));
    const merged = mergeRefinedFrames(sampled, refined, [{ startMs: 130, endMs: 240 }]);
    expect(merged.map((f) => `${f.tag}${f.timestampMs}`)).toEqual([
      's0',
      's83',
      'r133',
      'r167',
      'r200',
      'r233',
      's250',
      's333',
    ]);
  });
});

describe('tracking gaps', () => {
  const seen = (timestampMs: number) => ({ timestampMs, landmarks: [{}] });
  const lost = (timestampMs: number) => ({ timestampMs, landmarks: [] });

  it('finds stretches without the person between frames with them, up to a length', () => {
    const frames = [seen(0), lost(100), lost(200), seen(300), lost(400), seen(5000), lost(5100)];
    expect(trackingGaps(frames, 2000)).toEqual([{ startMs: 0, endMs: 300 }]);
    expect(trackingGaps(frames, 10_000)).toEqual([
      { startMs: 0, endMs: 300 },
      { startMs: 300, endMs: 5000 },
    ]);
  });
});
