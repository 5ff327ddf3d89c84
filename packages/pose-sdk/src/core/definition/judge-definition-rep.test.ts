import { describe, expect, it } from 'vitest';
import { DEFINITION_ANALYZER_CONSTANTS } from '../constants.js';
import {
  type DefinitionRepMeasurements,
  judgeAlignmentFailures,
  judgeDefinitionRep,
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
