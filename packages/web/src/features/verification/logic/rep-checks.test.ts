import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { analyseFrames, parseTrace } from '@reptemple/pose-sdk';
import { describe, expect, it } from 'vitest';
import {
  checkLine,
  checkOfRule,
  checkValueText,
  failedCheck,
  repCheckOf,
  repChecksOf,
  ruleLabel,
  ruleValueText,
} from './rep-checks';

const lockout = {
  rule: 'lockout',
  measurement: '2d',
  value: 155.2,
  raw: 147.9,
  threshold: 160,
  bound: 'min',
  passed: false,
  side: 'right',
  timeMs: 4620.5,
};

describe("a rep's checks", () => {
  it('reads a stored check (the SDK RuleCheck) and skips what is not one', () => {
    expect(repCheckOf(lockout)).toEqual({
      rule: 'lockout',
      value: 155.2,
      raw: 147.9,
      threshold: 160,
      bound: 'min',
      passed: false,
      timeMs: 4620.5,
    });
    // JSON has no NaN: a value that could not be measured is stored as null.
    expect(repCheckOf({ ...lockout, value: null, raw: undefined })).toMatchObject({
      value: null,
      raw: null,
    });
    expect(repChecksOf([lockout, { rule: 'depth' }, 'junk', null])).toHaveLength(1);
    expect(repChecksOf(null)).toBeNull();
    expect(repChecksOf({ rule: 'lockout' })).toBeNull();
  });

  it('without a stored verdict, a value on the right side of its threshold passed', () => {
    const { passed: _, ...unsaid } = lockout;
    expect(repCheckOf(unsaid)!.passed).toBe(false);
    expect(repCheckOf({ ...unsaid, value: 161 })!.passed).toBe(true);
    expect(repCheckOf({ ...unsaid, bound: 'max', value: 150 })!.passed).toBe(true);
  });

  it('finds the failed check, and a rule’s own check (its failed one first)', () => {
    const checks = repChecksOf([
      { ...lockout, rule: 'worm', value: 1.2, threshold: 3.5, bound: 'max', passed: true },
      { ...lockout, rule: 'top', value: 170, passed: true },
      lockout,
      { ...lockout, rule: 'top', value: 140 },
    ])!;
    expect(failedCheck(checks)!.rule).toBe('lockout');
    expect(failedCheck(checks.slice(0, 2))).toBeUndefined();
    expect(checkOfRule(checks, 'top')!.value).toBe(140);
    expect(checkOfRule(checks, 'depth')).toBeUndefined();
  });

  it('says each value in its unit: degrees, percentages, a share of frames, counts', () => {
    expect(ruleValueText('lockout', 155.24)).toBe('155.2°');
    // To the tenth the rule compared: a failed 159.96 is not shown as 160.
    expect(ruleValueText('lockout', 159.9)).toBe('159.9°');
    expect(ruleValueText('upperArm', -11.4)).toBe('-11.4°');
    expect(ruleValueText('bodyLine', 68.42)).toBe('68.4%');
    expect(ruleValueText('hipPike', 13.33)).toBe('13.3%');
    expect(ruleValueText('worm', 3.5)).toBe('3.5%');
    expect(ruleValueText('visibility', 0.456)).toBe('46%');
    expect(ruleValueText('alignmentDrops', 2)).toBe('2');
    expect(ruleValueText('lockout', null)).toBe('–');
  });

  it('shows the value the rule used, and the reading when it was corrected', () => {
    expect(checkValueText(repCheckOf(lockout)!)).toBe('155.2° (read 147.9°)');
    expect(checkValueText(repCheckOf({ ...lockout, raw: 155.2 })!)).toBe('155.2°');
    expect(checkValueText(repCheckOf({ ...lockout, raw: undefined })!)).toBe('155.2°');
    expect(ruleLabel('hipPike')).toBe('Hip pike');
    expect(ruleLabel('someNewRule')).toBe('someNewRule');
  });
});

describe('the line a check is shown as', () => {
  const LINE =
    /^.+? (-?\d+(?:\.\d+)?)(?:°|%)?(?: \(read [^)]+\))? (≥|≤|<|>) (-?\d+(?:\.\d+)?)(?:°|%)?(?: at \d+:\d\d\.\d)?$/;

  /** The number shown, the relation and the threshold shown, from a check's line. */
  function shown(line: string) {
    const match = LINE.exec(line);
    if (!match) throw new Error(`Expected a check's line, got "${line}"`);
    return { value: Number(match[1]), relation: match[2]!, threshold: Number(match[3]) };
  }

  it('gives the value the rule used, its reading and frame: the SDK line', () => {
    expect(checkLine(repCheckOf(lockout)!)).toBe(
      'elbow at the top 155.2° (read 147.9°) < 160° at 0:04.6',
    );
  });

  it("agrees with the verdict on every check of real reps, stored and read back as the server's", () => {
    // Every check the push-up analyser made on real traces, through JSON as
    // recording_rep_evidence.checks keeps them: the number shown lies on the verdict's side of
    // the threshold shown, and the relation says so (a failed lockout is never shown at 160°).
    let lines = 0;
    for (const clip of [
      '03-fast-one-minute-counter-overlay',
      '08-tank-top-side',
      '13-blue-wall-fast-oblique',
      '25-hoodie-skeleton-overlay-variations',
    ]) {
      const trace = parseTrace(
        readFileSync(
          fileURLToPath(
            new URL(`../../../../../../fixtures/traces/pushup/${clip}.ndjson`, import.meta.url),
          ),
          'utf8',
        ),
      );
      const frameSize = { width: trace.header.width, height: trace.header.height };
      const analysis = analyseFrames(trace.frames, { kind: 'pushup' }, { frameSize });
      for (const rep of analysis.reps) {
        const stored: unknown = JSON.parse(JSON.stringify(rep.evidence?.checks ?? []));
        for (const check of repChecksOf(stored) ?? []) {
          if (check.value === null) continue;
          const { value, relation, threshold } = shown(checkLine(check));
          const holds = check.bound === 'min' ? value >= threshold : value <= threshold;
          expect(holds, checkLine(check)).toBe(check.passed);
          expect(relation).toBe(
            check.passed ? (check.bound === 'min' ? '≥' : '≤') : check.bound === 'min' ? '<' : '>',
          );
          lines++;
        }
      }
    }
    expect(lines).toBeGreaterThan(500);
  });
});
