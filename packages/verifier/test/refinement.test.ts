// Which moments a sampled verification looks at again at the video's own rate, and how the frames
// of those windows replace the sampled ones (issue 24). Hand-made reps: the real-trace behaviour
// is in refine-analysis.test.ts.

import type { RuleCheck } from '@reptemple/pose-sdk';
import { describe, expect, it } from 'vitest';
import type { EvidenceCheck, RepEvidence } from '../src/verify/analyse-recording.js';
import {
  checkMargin,
  elbowUncertainty,
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
  const bound: RuleCheck['bound'] = ['depth', 'hipSag', 'worm'].includes(rule) ? 'max' : 'min';
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
    bottomRaw: null,
    bottomMs: startMs + 700,
    topAngle: 170,
    topRaw: null,
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
  it('looks again around a failed check within the margin of its threshold', () => {
    expect(checkMargin({ rule: 'lockout', threshold: 160 })).toBe(REFINEMENT.margins.degrees);
    expect(checkMargin({ rule: 'hipSag', threshold: 10 })).toBe(REFINEMENT.margins.lengthPercent);
    expect(checkMargin({ rule: 'unknown', threshold: 40 })).toBeCloseTo(
      40 * REFINEMENT.marginShare,
    );
    const far = 160 - checkMargin({ rule: 'lockout', threshold: 160 }) - 1;
    const moments = refinementMoments(
      [
        rep(1, 0, [check('depth', 112, 105, 700), check('lockout', 170, 160, 1500)]),
        rep(2, 2000, [check('depth', 60, 105, 2700), check('lockout', 158, 160, 3500)]),
        rep(3, 4000, [check('depth', 60, 105, 4700), check('lockout', far, 160, 5500)]),
      ],
      SAMPLED_FPS,
    );
    // Rep 1's depth (7 from 105) and rep 2's lockout (2 from 160); rep 3's lockout is too far.
    expect(moments.map((m) => [m.repNumber, m.reason, m.tier])).toEqual([
      [1, 'depth', 'likely'],
      [2, 'lockout', 'likely'],
    ]);
    // From one sampled frame before the moment to one after: the true extreme lies between.
    expect(moments[0]!.window).toEqual({ startMs: 700 - REACH_MS, endMs: 700 + REACH_MS });
    expect(moments[0]!.closeness).toBeCloseTo(7 / checkMargin({ rule: 'depth', threshold: 105 }));
  });

  it('looks at a passed check only where a denser look moves it toward its threshold, or noise could', () => {
    // A sampled top is never straighter than the frames between the samples: a lockout 4 degrees
    // over is left alone. The worst sag only reads worse: 2 points under its limit is looked at.
    const moments = refinementMoments(
      [
        rep(1, 0, [check('lockout', 164, 160, 1500), check('hipSag', 8, 10, 900)]),
        rep(2, 2000, [check('lockout', 161, 160, 3500)]),
      ],
      SAMPLED_FPS,
    );
    expect(moments.map((m) => [m.repNumber, m.reason, m.tier])).toEqual([
      [1, 'hipSag', 'likely'],
      // 1 degree over: within the detector's noise.
      [2, 'lockout', 'noise'],
    ]);
  });

  it('leaves a failed rep alone when one of its failed checks is far from its threshold', () => {
    // The lockout 40 degrees short fails the rep whatever a denser look makes of its sag.
    expect(
      refinementMoments(
        [rep(1, 0, [check('hipSag', 11, 10, 900), check('lockout', 120, 160, 1500)])],
        SAMPLED_FPS,
      ),
    ).toEqual([]);
  });

  it("widens a fast rep's reach by how steeply the elbow fell either side of its sampled top", () => {
    // Clip 13's third rep: a top read at 132 between neighbours 30 degrees lower, straight (over
    // 160) at every frame. The neighbours say the true top may lie a full fall beyond.
    const top = { ...check('lockout', 132, 160, 2000), raw: 132 };
    const angles = [
      { t: 2000 - REACH_MS, angle: 102 },
      { t: 2000, angle: 132 },
      { t: 2000 + REACH_MS, angle: 100 },
    ];
    expect(elbowUncertainty(top, angles, SAMPLED_FPS)).toBeCloseTo(32 * REFINEMENT.peakShare);
    expect(elbowUncertainty(top, [], SAMPLED_FPS)).toBe(0);
    const reps = [rep(1, 0, [top])];
    expect(refinementMoments(reps, SAMPLED_FPS)).toEqual([]);
    const [moment] = refinementMoments(reps, SAMPLED_FPS, 1, REFINEMENT.reachShare, angles);
    expect(moment).toMatchObject({ repNumber: 1, reason: 'lockout', tier: 'likely' });
    // Ranked by the rule's margin, after checks nearer their thresholds.
    expect(moment!.closeness).toBeCloseTo(28 / REFINEMENT.margins.degrees);
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
    rep(1, 0, [check('lockout', 150, 160, 1500)]), // 10 short of the threshold
    rep(2, 2000, [check('lockout', 159, 160, 3500)]), // 1 short
    rep(3, 4000, [check('lockout', 162, 160, 5500)]), // 2 over: only noise could fail it
  ];
  const options = {
    sampledFps: SAMPLED_FPS,
    videoFps: 30,
    refined: [],
    warmUpFrames: 2,
  };
  // A window of 1/6 s at 30 frames/s: 6 frames, 2 warm-up frames and the restart.
  const cost = 8 + REFINEMENT.restartCostFrames;

  it('takes the checks a denser look moves toward their thresholds first, closest first, as the budget allows', () => {
    const plan = planRefinement(reps, { ...options, budgetFrames: 2 * cost + 1 });
    // Rep 3's lockout, which only noise could flip, no longer fits.
    expect(plan.moments.map((m) => [m.repNumber, m.reason])).toEqual([
      [2, 'lockout'],
      [1, 'lockout'],
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

  it('looks first at stretches where the sampled pass lost the person: a rep gained or lost', () => {
    const gap = { startMs: 7000, endMs: 7100 };
    const plan = planRefinement(reps, {
      ...options,
      budgetFrames: cost + 3 + 1,
      gaps: [gap],
    });
    expect(plan.moments.map((m) => [m.repNumber, m.reason, m.tier])).toEqual([
      [null, 'lost', 'lost'],
    ]);
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
