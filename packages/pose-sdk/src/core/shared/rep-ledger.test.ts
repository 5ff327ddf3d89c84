import { describe, expect, it } from 'vitest';
import type { RepRecord } from '../events.js';
import { RepLedger } from './rep-ledger.js';

describe('RepLedger', () => {
  it('numbers reps from 1 and counts each valid or invalid', () => {
    const ledger = new RepLedger<RepRecord>();
    const rep = (startTime: number, endTime: number, invalidReason: string | null): RepRecord => ({
      repNumber: ledger.nextRepNumber,
      startTime,
      endTime,
      isValidRep: invalidReason === null,
      invalidReason,
    });
    const first = ledger.keep(rep(100, 900, null));
    ledger.keep(rep(1_000, 1_800, 'Incomplete rep - skipped end phase'));
    ledger.keep(rep(2_000, 2_700, null));
    expect(first).toEqual({
      repNumber: 1,
      startTime: 100,
      endTime: 900,
      isValidRep: true,
      invalidReason: null,
    });
    expect(ledger.reps.map((kept) => [kept.repNumber, kept.isValidRep])).toEqual([
      [1, true],
      [2, false],
      [3, true],
    ]);
    expect([ledger.validCount, ledger.invalidCount, ledger.nextRepNumber]).toEqual([2, 1, 4]);
  });

  it('gives the live state: its counts with the phase and position the analyser passes', () => {
    const ledger = new RepLedger<RepRecord>();
    const rep = { startTime: 0, endTime: 1_000, invalidReason: null };
    ledger.keep({ ...rep, repNumber: 1, isValidRep: true });
    ledger.keep({ ...rep, repNumber: 2, isValidRep: false, invalidReason: "Didn't go low enough" });
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
    ledger.keep({ repNumber: 1, startTime: 0, endTime: 1, isValidRep: true, invalidReason: null });
    ledger.addEntry(0, 'start', {}, true);
    ledger.reset();
    expect([ledger.validCount, ledger.invalidCount, ledger.reps, ledger.timeline]).toEqual([
      0,
      0,
      [],
      [],
    ]);
    expect(ledger.nextRepNumber).toBe(1);
  });
});
