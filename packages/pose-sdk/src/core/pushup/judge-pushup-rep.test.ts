import { describe, expect, it } from 'vitest';
import { PUSHUP_ANALYZER_DEFAULTS } from '../constants.js';
import {
  HIPS_PIKED,
  HIPS_SAGGING,
  judgePushupRep,
  judgePushupRepWithEvidence,
  KNEES_DOWN,
  NOT_LOW_ENOUGH,
  type PushupCycleEvidence,
  type PushupCycleStats,
  WORM,
} from './judge-pushup-rep.js';

const config = { ...PUSHUP_ANALYZER_DEFAULTS };

/** A clean rep: seen throughout, straight body, deep, locked out. */
const cycle: PushupCycleStats = {
  topElbowAngle: 172,
  endTopElbowAngle: 170,
  minElbowAngle: 80,
  alignmentScore: 92,
  alignmentDropCount: 0,
  frameCount: 40,
  visibleFrameCount: 40,
};

const seen: PushupCycleEvidence = {
  view: 'side',
  alignmentScore3d: 90,
  alignmentDropCount3d: 0,
  bodyLineFrames: 40,
  bodyLineFrames3d: 40,
  minElbowTime: 1200,
  minElbowArms: 'both',
  minElbowRaw: 80,
  endTime: 2000,
  endTopArms: 'left',
  endTopElbowRaw: 158,
  minAlignmentTime: 1100,
  bodySide: 'left',
  minUpperArmElevation: -10,
  minUpperArmTime: 1210,
  hipSag: 4,
  hipSagTime: 1500,
  wormRise: 1,
  wormTime: 1600,
  hipPike: 2,
  hipPikeTime: 300,
  kneeAngle: 165,
  kneeTime: 900,
};

describe('judgePushupRep by camera view', () => {
  it('without world landmarks judges every rule in the picture, as before views (an unseen body line scores 0)', () => {
    const unseen = { ...cycle, alignmentScore: Number.NaN };
    expect(judgePushupRep(unseen, config)).toBe('Poor body alignment: 0% < 75%');
    const { evidence } = judgePushupRepWithEvidence(cycle, config);
    expect(evidence.view).toBeNull();
    expect(evidence.checks.every((check) => check.measurement !== '3d')).toBe(true);
  });

  it('judges the body line in the picture from the side and obliquely, in space from the front', () => {
    // A line that looks bent in the picture (foreshortened along the camera axis) but is straight.
    const foreshortened = { ...cycle, alignmentScore: 40 };
    for (const view of ['side', 'oblique'] as const) {
      expect(judgePushupRep(foreshortened, config, { ...seen, view })).toBe(
        'Poor body alignment: 40% < 75%',
      );
    }
    const front = judgePushupRepWithEvidence(foreshortened, config, { ...seen, view: 'front' });
    expect(front.reason).toBeNull();
    expect(front.evidence.checks.find((check) => check.rule === 'bodyLine')).toMatchObject({
      measurement: '3d',
      value: 90,
      threshold: 75,
      passed: true,
    });
    // ...and a line bent in space fails from the front too.
    expect(judgePushupRep(cycle, config, { ...seen, view: 'front', alignmentScore3d: 60 })).toBe(
      'Poor body alignment: 60% < 75%',
    );
  });

  it('from the side, a body line seen on under half the rep fails visibility, not alignment', () => {
    // The legs out of the picture: a judge at the side who cannot see them cannot credit the rep.
    const hidden = judgePushupRepWithEvidence(cycle, config, { ...seen, bodyLineFrames: 19 });
    expect(hidden.reason).toBe('Insufficient landmark visibility');
    expect(hidden.evidence.deciding).toMatchObject({
      rule: 'visibility',
      value: expect.closeTo(19 / 40, 1),
      threshold: 0.5,
      passed: false,
    });
    expect(judgePushupRep(cycle, config, { ...seen, bodyLineFrames: 20 })).toBeNull();
  });

  it('from the front with the legs hidden behind the body, the body-line rules are not judged', () => {
    // A camera at the head sees the arms, not the line: depth and lockout decide, and the
    // evidence says which rules the view could not judge.
    const front = judgePushupRepWithEvidence(cycle, config, {
      ...seen,
      view: 'front',
      bodyLineFrames3d: 0,
      alignmentScore3d: Number.NaN,
      hipSag: Number.NaN,
      hipPike: Number.NaN,
      kneeAngle: Number.NaN,
    });
    expect(front.reason).toBeNull();
    expect(front.evidence.rulesNotJudged).toEqual([
      'knees',
      'hipPike',
      'hipSag',
      'worm',
      'bodyLine',
      'upperArm',
      'alignmentDrops',
    ]);
    expect(front.evidence.rulesJudged).toEqual(['visibility', 'depth', 'lockout']);
  });
});

describe("the judges' rules beyond the spec", () => {
  it('fails a sag held toward the floor, and names the frame it was held at', () => {
    const { reason, evidence } = judgePushupRepWithEvidence(cycle, config, {
      ...seen,
      hipSag: 12.4,
    });
    expect(reason).toBe(HIPS_SAGGING);
    expect(evidence.deciding).toMatchObject({
      rule: 'hipSag',
      value: 12.4,
      threshold: config.maxHipSag,
      bound: 'max',
      timeMs: 1500,
    });
  });

  it('fails the worm (hips sagging further on the way up than at the bottom), judged from the side only', () => {
    const worm = { ...seen, wormRise: 5 };
    expect(judgePushupRep(cycle, config, worm)).toBe(WORM);
    expect(judgePushupRep(cycle, config, { ...worm, view: 'oblique' })).toBeNull();
  });

  it('fails piked hips and knees on the floor', () => {
    expect(judgePushupRep(cycle, config, { ...seen, hipPike: 20 })).toBe(HIPS_PIKED);
    expect(judgePushupRep(cycle, config, { ...seen, kneeAngle: 110 })).toBe(KNEES_DOWN);
  });

  it("fails a bottom whose upper arm stays steep (the judges' depth), from the side and obliquely", () => {
    // Elbow at 101 degrees (the spec's 105 passes) with the shoulders high above the elbows.
    const steep = { ...seen, minUpperArmElevation: 70, minUpperArmTime: 1210 };
    const { reason, evidence } = judgePushupRepWithEvidence(
      { ...cycle, minElbowAngle: 101 },
      config,
      steep,
    );
    expect(reason).toBe(NOT_LOW_ENOUGH);
    expect(evidence.deciding).toMatchObject({ rule: 'upperArm', value: 70, timeMs: 1210 });
    expect(judgePushupRep(cycle, config, { ...steep, view: 'front' })).toBeNull();
  });

  it('are not judged without a view: the spec rules as before views were detected', () => {
    const { evidence } = judgePushupRepWithEvidence(cycle, config);
    expect(evidence.rulesJudged).toEqual([
      'visibility',
      'bodyLine',
      'depth',
      'lockout',
      'alignmentDrops',
    ]);
  });
});

describe('evidence of a verdict', () => {
  it('gives the failed check with its value, threshold, side and frame time', () => {
    const shallow = { ...cycle, minElbowAngle: 110 };
    const { reason, evidence } = judgePushupRepWithEvidence(shallow, config, {
      ...seen,
      minElbowRaw: 108,
    });
    expect(reason).toBe('Elbow angle too high');
    expect(evidence.rulesJudged).toEqual([
      'visibility',
      'knees',
      'hipPike',
      'hipSag',
      'worm',
      'bodyLine',
      'depth',
    ]);
    expect(evidence.deciding).toEqual({
      rule: 'depth',
      measurement: '2d',
      value: 110,
      raw: 108,
      threshold: 105,
      bound: 'max',
      passed: false,
      side: 'both',
      timeMs: 1200,
    });
    expect(evidence.confidence).toBe(0.5); // 5 degrees from the threshold, every frame seen
  });

  it('for a valid rep, the check nearest its threshold decides, and confidence follows its margin', () => {
    const close = { ...cycle, endTopElbowAngle: 161 };
    const { reason, evidence } = judgePushupRepWithEvidence(close, config, seen);
    expect(reason).toBeNull();
    expect(evidence.rulesJudged).toEqual([
      'visibility',
      'knees',
      'hipPike',
      'hipSag',
      'worm',
      'bodyLine',
      'depth',
      'upperArm',
      'lockout',
      'alignmentDrops',
    ]);
    // The deciding value is the calibrated one the rule used, beside the reading it came from.
    expect(evidence.deciding).toMatchObject({
      rule: 'lockout',
      value: 161,
      raw: 158,
      timeMs: 2000,
    });
    expect(evidence.confidence).toBe(0.1);
  });
});
