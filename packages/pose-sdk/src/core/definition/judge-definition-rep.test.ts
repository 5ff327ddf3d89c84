import { describe, expect, it } from 'vitest';
import { DEFINITION_ANALYZER_CONSTANTS } from '../constants.js';
import {
  type DefinitionRepEvidence,
  type DefinitionRepMeasurements,
  judgeAlignmentFailures,
  judgeDefinitionRep,
  judgeDefinitionRepWithEvidence,
} from './judge-definition-rep.js';

const config = DEFINITION_ANALYZER_CONSTANTS;

/** A complete 1 s cycle, left start at 1,000 ms, without any failure. */
const clean: DefinitionRepMeasurements = {
  phasesAfterStart: ['transition', 'end', 'transition'],
  leftStartAt: 1_000,
  endTime: 2_000,
  alignmentFailure: null,
  nonGlobalFailureTimes: [],
};

describe('judgeDefinitionRep', () => {
  it('passes a complete cycle without alignment failures', () => {
    expect(judgeDefinitionRep(clean, config)).toBeNull();
  });

  it('gives the phase path first, then the alignment failure, then sustained failures', () => {
    const everything: DefinitionRepMeasurements = {
      ...clean,
      phasesAfterStart: ['transition'],
      alignmentFailure: 'Global alignment failure in end phase: Body line out of range',
      nonGlobalFailureTimes: [1_100, 1_200, 1_300],
    };
    expect(judgeDefinitionRep(everything, config)).toBe('Incomplete rep - skipped end phase');
    const pathOk = { ...everything, phasesAfterStart: clean.phasesAfterStart };
    expect(judgeDefinitionRep(pathOk, config)).toBe(everything.alignmentFailure);
    expect(judgeDefinitionRep({ ...pathOk, alignmentFailure: null }, config)).toBe(
      'Sustained alignment failures: 3 during the rep',
    );
  });

  it('fails a rep with more than 2 non-global failures within the first 80% of the cycle', () => {
    const at = (...times: number[]) =>
      judgeDefinitionRep({ ...clean, nonGlobalFailureTimes: times }, config);
    expect(at(1_000, 1_400, 1_800)).toBe('Sustained alignment failures: 3 during the rep');
    // Two are not more than two, and one at 1,801 ms lies in the last 20% of the cycle.
    expect(at(1_000, 1_400)).toBeNull();
    expect(at(1_000, 1_400, 1_801)).toBeNull();
    // Failures before the cycle left start are not the rep's.
    expect(at(999, 1_400, 1_800)).toBeNull();
  });

  it('finds no sustained failures in a cycle that never left start', () => {
    const stayed = {
      ...clean,
      leftStartAt: null,
      nonGlobalFailureTimes: [1_100, 1_200, 1_300],
    };
    expect(judgeDefinitionRep(stayed, config)).toBeNull();
  });
});

describe('judgeAlignmentFailures', () => {
  const judge = (phase: 'start' | 'transition' | 'end', global: boolean, count: number) =>
    judgeAlignmentFailures({ phase, angleName: 'Body line', global, count }, config);

  it('fails a global angle at its second failure in the window, in any phase', () => {
    expect(judge('start', true, 1)).toBeNull();
    expect(judge('start', true, 2)).toBe(
      'Global alignment failure in start phase: Body line out of range',
    );
    expect(judge('end', true, 2)).toBe(
      'Global alignment failure in end phase: Body line out of range',
    );
  });

  it('fails another angle at 5 failures in start, at 3 outside start', () => {
    expect(judge('start', false, 4)).toBeNull();
    expect(judge('start', false, 5)).toBe(
      'Too many alignment failures in start phase: Body line out of range',
    );
    expect(judge('transition', false, 2)).toBeNull();
    expect(judge('transition', false, 3)).toBe(
      'Too many alignment failures in transition phase: Body line out of range',
    );
  });
});

describe('judgeDefinitionRepWithEvidence', () => {
  const seen: DefinitionRepEvidence = {
    view: 'front',
    globalAlignments: [
      { id: 'body', measuredFrames: 30, measurement: '3d' },
      { id: 'knee', measuredFrames: 30, measurement: '3d' },
    ],
    measuredFrames: 30,
    alignmentFailureCheck: null,
  };
  const hidden: DefinitionRepEvidence = {
    ...seen,
    globalAlignments: [
      { id: 'body', measuredFrames: 30, measurement: '3d' },
      { id: 'knee', measuredFrames: 8, measurement: '3d' },
    ],
  };

  it('from the front, a global alignment the view could not see is not judged; from the side it fails visibility', () => {
    // The legs behind the body seen from the head: the knee rule was given 8 frames of 30. A
    // judge at the head sees the arms, not the legs: the knee is listed as not judged.
    const front = judgeDefinitionRepWithEvidence(clean, config, hidden);
    expect(front.reason).toBeNull();
    expect(front.evidence.rulesNotJudged).toEqual(['knee']);
    // From the side the legs should be in the picture: a rep with them unseen is not credited.
    const { reason, evidence } = judgeDefinitionRepWithEvidence(clean, config, {
      ...hidden,
      view: 'side',
    });
    expect(reason).toBe('Insufficient landmark visibility');
    expect(evidence.deciding).toMatchObject({
      rule: 'visibility',
      value: 0.27,
      threshold: 0.5,
      passed: false,
    });
    expect(judgeDefinitionRepWithEvidence(clean, config, seen).reason).toBeNull();
    // Seen on 18 frames of 30: judged, and as sure as the share seen.
    const partly = judgeDefinitionRepWithEvidence(clean, config, {
      ...seen,
      globalAlignments: [{ id: 'knee', measuredFrames: 18, measurement: '3d' }],
    });
    expect(partly.reason).toBeNull();
    expect(partly.evidence.confidence).toBe(0.6);
  });

  it('without world landmarks gives judgeDefinitionRep verdict, whatever was seen', () => {
    const { reason, evidence } = judgeDefinitionRepWithEvidence(clean, config, {
      ...hidden,
      view: null,
    });
    expect(reason).toBe(judgeDefinitionRep(clean, config));
    expect(evidence.rulesJudged).toEqual(['phases', 'alignment', 'sustained']);
  });

  it('names the alignment failure that decided, with its count, limit, time and measurement', () => {
    const failed = {
      ...clean,
      alignmentFailure: 'Global alignment failure in end phase: Knee out of range',
    };
    const { reason, evidence } = judgeDefinitionRepWithEvidence(failed, config, {
      ...seen,
      alignmentFailureCheck: {
        angleId: 'knee',
        count: 2,
        limit: 2,
        timeMs: 1_500,
        measurement: '3d',
      },
    });
    expect(reason).toBe(failed.alignmentFailure);
    expect(evidence.deciding).toMatchObject({
      rule: 'alignment',
      measurement: '3d',
      value: 2,
      threshold: 1,
      timeMs: 1_500,
      passed: false,
    });
  });
});
