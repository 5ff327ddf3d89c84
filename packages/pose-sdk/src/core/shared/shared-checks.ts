import type { MeasurementKind, RuleCheck } from '../events.js';
import { roundCheckValue } from '../evidence/round-check-value.js';

type Side = RuleCheck['side'];

/** The per-threshold table holds two slots (failed, passed) for each side: none, left, right, both. */
const SLOTS = 8;

function slot(side: Side, passed: boolean): number {
  const sideIndex = side === null ? 0 : side === 'left' ? 1 : side === 'right' ? 2 : 3;
  return sideIndex * 2 + (passed ? 1 : 0);
}

/**
 * The checks of one rule, measured one way, that carry no frame time, each made once and shared.
 * Reps repeat them (every frame seen, the phases start-transition-end, no alignment failure, a
 * body line scoring the same tenth of a %), and an analyser keeps every rep's evidence: a stream
 * of a million frames keeps twenty thousand reps. Each distinct check is therefore frozen and
 * kept here once instead of once per rep. The values are rounded shares, tenths of a % or degree,
 * and counts, so there are few distinct ones.
 *
 * The values are rounded here, to 1/`scale`, and the checks found by the whole number of steps:
 * a map keyed by small integers compares its keys directly, where one keyed by fractional
 * numbers reads each compared key from its own heap object. Judging a rep looks up one or two
 * checks, among thousands kept, while the frames stream through the cache; keyed by the rounded
 * values themselves those lookups took about 5% of the push-up analyser's time (benchmark).
 */
export class SharedChecks {
  /** By threshold, then by side and verdict (see slot), then by the value's steps of 1/scale. */
  private readonly byThreshold = new Map<number, Map<number, RuleCheck>[]>();
  /** The last threshold asked for and its slots: an analyser asks with the same one every rep. */
  private lastThreshold = Number.NaN;
  private lastSlots: Map<number, RuleCheck>[] = [];

  constructor(
    readonly rule: string,
    readonly measurement: MeasurementKind,
    readonly bound: 'min' | 'max',
    /** Values are shown to 1/scale: 10 gives tenths, 100 hundredths, 1 whole numbers. */
    readonly scale: number,
  ) {}

  /**
   * The check of `measured` rounded to 1/scale, `timeMs` null (values that round alike give the
   * same frozen object). Values that are not finite are kept as they are.
   */
  get(measured: number, threshold: number, passed: boolean, side: Side = null): RuleCheck {
    const steps = Math.round(roundCheckValue(measured, threshold, this.scale) * this.scale);
    const byValue = this.slotsFor(threshold)[slot(side, passed)]!;
    let check = byValue.get(steps);
    if (check === undefined) {
      check = Object.freeze({
        rule: this.rule,
        measurement: this.measurement,
        value: steps / this.scale,
        threshold,
        bound: this.bound,
        passed,
        side,
        timeMs: null,
      });
      byValue.set(steps, check);
    }
    return check;
  }

  private slotsFor(threshold: number): Map<number, RuleCheck>[] {
    if (threshold === this.lastThreshold) return this.lastSlots;
    let slots = this.byThreshold.get(threshold);
    if (slots === undefined) {
      slots = Array.from({ length: SLOTS }, () => new Map<number, RuleCheck>());
      this.byThreshold.set(threshold, slots);
    }
    this.lastThreshold = threshold;
    this.lastSlots = slots;
    return slots;
  }
}
