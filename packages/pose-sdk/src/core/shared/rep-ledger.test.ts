import { describe, expect, it } from 'vitest';
import type { PushupRepRecord, RepRecord } from '../events.js';
import { RepLedger } from './rep-ledger.js';

describe('RepLedger', () => {
  it('numbers reps from 1 and counts each valid or invalid by its reason', () => {
    const ledger = new RepLedger<RepRecord>();
    const first = ledger.record(100, 900, null, {});
    ledger.record(1_000, 1_800, 'Incomplete rep - skipped end phase', {});
    ledger.record(2_000, 2_700, null, {});
    expect(first).toEqual({
      repNumber: 1,
      startTime: 100,
      endTime: 900,
      isValidRep: true,
      invalidReason: null,
    });
    expect(ledger.reps.map((rep) => [rep.repNumber, rep.isValidRep])).toEqual([
      [1, true],
      [2, false],
      [3, true],
    ]);
    expect([ledger.validCount, ledger.invalidCount]).toEqual([2, 1]);
  });

  it("keeps an analyser's own measurements after the common fields, in their order", () => {
    const ledger = new RepLedger<PushupRepRecord>();
    const rep = ledger.record(0, 1_000, "Didn't extend fully", {
      minElbowAngle: 80,
      alignmentScore: 90,
      maxAngleRange: 95,
      minAlignmentDuringCycle: 85,
      alignmentDropCount: 0,
    });
    // Order matters: JSON output of the hosts is compared byte for byte across versions.
    expect(Object.keys(rep)).toEqual([
      'repNumber',
      'startTime',
      'endTime',
      'isValidRep',
      'invalidReason',
      'minElbowAngle',
      'alignmentScore',
      'maxAngleRange',
      'minAlignmentDuringCycle',
      'alignmentDropCount',
    ]);
    expect(rep.isValidRep).toBe(false);
  });

  it('gives the live state: its counts with the phase and position the analyser passes', () => {
    const ledger = new RepLedger<RepRecord>();
    ledger.record(0, 1_000, null, {});
    ledger.record(1_000, 2_000, "Didn't go low enough", {});
    expect(ledger.state('start', false)).toEqual({
      repCount: 1,
      invalidRepCount: 1,
      currentPhase: 'start',
      isValidPosition: false,
    });
  });

  it('keeps timeline entries in order and marks recent ones of a phase valid', () => {
    const ledger = new RepLedger<RepRecord>();
    ledger.addEntry(0, 'start', { elbow: 170 }, false);
    ledger.addEntry(500, 'transition', { elbow: 130 }, false);
    ledger.addEntry(1_000, 'start', { elbow: 171 }, false);
    ledger.markValid('start', 500);
    expect(ledger.timeline.map((entry) => [entry.timestamp, entry.phase, entry.valid])).toEqual([
      [0, 'start', false],
      [500, 'transition', false],
      [1_000, 'start', true],
    ]);
  });

  it('clears counts, reps and timeline on reset, and numbers from 1 again', () => {
    const ledger = new RepLedger<RepRecord>();
    ledger.record(0, 1, null, {});
    ledger.addEntry(0, 'start', {}, true);
    ledger.reset();
    expect([ledger.validCount, ledger.invalidCount, ledger.reps, ledger.timeline]).toEqual([
      0,
      0,
      [],
      [],
    ]);
    expect(ledger.record(5, 6, null, {}).repNumber).toBe(1);
  });
});
