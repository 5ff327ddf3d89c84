import { describe, expect, it } from 'vitest';
import { PUSHUP_ANALYZER_DEFAULTS } from '../constants.js';
import {
  judgePushupRep,
  judgePushupRepWithEvidence,
  type PushupCycleEvidence,
  type PushupCycleStats,
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
  endTime: 2000,
  endTopArms: 'left',
  minAlignmentTime: 1100,
  bodySide: 'left',
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

  it('with a known view, a body line seen on under half the rep fails visibility, not alignment', () => {
    // The legs hidden behind the body (a camera at the head) or out of the picture: a knee
    // push-up and a full one look alike, so the rep cannot be credited.
    const hidden = judgePushupRepWithEvidence(cycle, config, {
      ...seen,
      view: 'front',
      bodyLineFrames3d: 19,
      alignmentScore3d: 95,
    });
    expect(hidden.reason).toBe('Insufficient landmark visibility');
    expect(hidden.evidence.deciding).toMatchObject({
      rule: 'visibility',
      value: expect.closeTo(19 / 40, 1),
      threshold: 0.5,
      passed: false,
    });
    expect(judgePushupRep(cycle, config, { ...seen, bodyLineFrames: 20 })).toBeNull();
  });
});

describe('evidence of a verdict', () => {
  it('gives the failed check with its value, threshold, side and frame time', () => {
    const shallow = { ...cycle, minElbowAngle: 110 };
    const { reason, evidence } = judgePushupRepWithEvidence(shallow, config, seen);
    expect(reason).toBe('Elbow angle too high');
    expect(evidence.rulesJudged).toEqual(['visibility', 'bodyLine', 'depth']);
    expect(evidence.deciding).toEqual({
      rule: 'depth',
      measurement: '2d',
      value: 110,
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
      'bodyLine',
      'depth',
      'lockout',
      'alignmentDrops',
    ]);
    expect(evidence.deciding).toMatchObject({ rule: 'lockout', value: 161, timeMs: 2000 });
    expect(evidence.confidence).toBe(0.1);
  });
});
