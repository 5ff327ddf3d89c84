import type { AnalysisState, RepRecord, TimelineEntry, TimelinePhase } from '../events.js';

/**
 * The books both analysers keep: valid and invalid counts, the rep records in order, and the
 * phase timeline (spec 01 §3). An analyser decides when a rep ends, judges it and writes its
 * record with the ledger's number; the ledger counts it and keeps it.
 */
export class RepLedger<Rep extends RepRecord> {
  private valid = 0;
  private invalid = 0;
  private readonly recorded: Rep[] = [];
  private readonly entries: TimelineEntry[] = [];

  get validCount(): number {
    return this.valid;
  }

  get invalidCount(): number {
    return this.invalid;
  }

  get reps(): readonly Rep[] {
    return this.recorded;
  }

  /** The live result (spec 02 §3): these counts, in the analyser's phase and position. */
  state<Phase extends string>(
    currentPhase: Phase | null,
    isValidPosition: boolean,
  ): AnalysisState<Phase> {
    return {
      repCount: this.valid,
      invalidRepCount: this.invalid,
      currentPhase,
      isValidPosition,
    };
  }

  get timeline(): readonly TimelineEntry[] {
    return this.entries;
  }

  /** The number the next kept rep gets: reps are numbered from 1 in the order they end. */
  get nextRepNumber(): number {
    return this.recorded.length + 1;
  }

  /**
   * Keeps a judged rep, numbered `nextRepNumber`, and counts it valid or invalid. The analyser
   * writes its record out whole, the common fields first (RepRecord's order): a record assembled
   * by spreading an analyser's details into the common fields copies them one by one through the
   * runtime on every rep, and the analysers' benchmark ends a rep every 40 frames.
   */
  keep(rep: Rep): Rep {
    if (rep.isValidRep) this.valid++;
    else this.invalid++;
    this.recorded.push(rep);
    return rep;
  }

  /** Adds a timeline entry: a phase begun (or READY, STOP) at `timestamp` ms, angles in degrees. */
  addEntry(
    timestamp: number,
    phase: TimelinePhase,
    angles: Readonly<Record<string, number>>,
    valid: boolean,
  ): void {
    this.entries.push({ timestamp, phase, angles, valid });
  }

  /** Marks the entries of `phase` from `since` ms on valid (READY does so for recent starts). */
  markValid(phase: TimelinePhase, since: number): void {
    for (const entry of this.entries) {
      if (entry.phase === phase && entry.timestamp >= since) entry.valid = true;
    }
  }

  reset(): void {
    this.valid = 0;
    this.invalid = 0;
    this.recorded.length = 0;
    this.entries.length = 0;
  }
}
