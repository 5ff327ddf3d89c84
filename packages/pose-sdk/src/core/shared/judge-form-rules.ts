import type { FormRuleName } from '@reptemple/definitions';
import type { FORM_RULE_DEFAULTS } from '../constants.js';
import type { MeasurementKind, RuleCheck } from '../events.js';
import type { CameraView } from '../geometry/camera-view.js';
import type { FormMeasurements } from './form-tracker.js';

/** The reasons of the judges' form rules (docs/judging-rubric.md). */
export const HIPS_SAGGING = 'Hips sagging: body not in a straight line';
export const WORM = 'Worm: hips rose after the shoulders';
export const HIPS_PIKED = 'Hips piked: body not in a straight line';
export const KNEES_DOWN = 'Knees on the floor';
export const NOT_LOW_ENOUGH = "Didn't go low enough";

/** The form rules' thresholds (FORM_RULE_DEFAULTS, or an analyser's config overriding them). */
export type FormRuleConfig = { -readonly [K in keyof typeof FORM_RULE_DEFAULTS]: number };

/**
 * How each form rule is measured from each view; a view a rule is missing from is one it cannot
 * judge from (docs/decisions.md, "Verdicts a judge would sign"): the body line in the picture from
 * the side and obliquely, in space from the front; the worm from the side only (obliquely the
 * hip's picture is foreshortened); the upper arm in the picture, not from the front (it points at
 * the camera).
 */
export const FORM_RULE_MEASUREMENT: Readonly<
  Record<FormRuleName, Readonly<Partial<Record<CameraView, MeasurementKind>>>>
> = {
  knees: { side: '2d', oblique: '2d', front: '3d' },
  hipPike: { side: '2d', oblique: '2d', front: '3d' },
  hipSag: { side: '2d', oblique: '2d', front: '3d' },
  worm: { side: '2d' },
  upperArm: { side: '2d', oblique: '2d' },
};

/** Each form rule's bound: 'min', its value must be at least the threshold; 'max', at most. */
export const FORM_RULE_BOUND: Readonly<Record<FormRuleName, 'min' | 'max'>> = {
  knees: 'min',
  hipPike: 'max',
  hipSag: 'max',
  worm: 'max',
  upperArm: 'max',
};

/** A form rule judged: its check (null when the rep gave it nothing to measure) and why it failed. */
export interface FormRuleJudgement {
  readonly check: RuleCheck | null;
  readonly reason: string | null;
}

const NOT_MEASURED: FormRuleJudgement = Object.freeze({ check: null, reason: null });

/**
 * Judges one form rule on a rep's measurements: a value it never measured (the legs never seen
 * for long enough) passes, since the rule had nothing to judge; `side` is where the value was
 * taken.
 */
export function judgeFormRule(
  rule: FormRuleName,
  measurement: MeasurementKind,
  form: FormMeasurements,
  config: FormRuleConfig,
  side: RuleCheck['side'],
): FormRuleJudgement {
  const [value, threshold, timeMs, reason] = ruleInputs(rule, form, config);
  if (Number.isNaN(value)) return NOT_MEASURED;
  const bound = FORM_RULE_BOUND[rule];
  const passed = bound === 'min' ? value >= threshold : value <= threshold;
  return {
    check: {
      rule,
      measurement,
      value: Math.round(value * 10) / 10,
      threshold,
      bound,
      passed,
      side,
      timeMs: Math.round(timeMs * 10) / 10,
    },
    reason: passed ? null : reason,
  };
}

function ruleInputs(
  rule: FormRuleName,
  form: FormMeasurements,
  config: FormRuleConfig,
): [value: number, threshold: number, timeMs: number, reason: string] {
  switch (rule) {
    case 'knees':
      return [form.kneeAngle, config.minKneeAngle, form.kneeTime, KNEES_DOWN];
    case 'hipPike':
      return [form.hipPike, config.maxHipPike, form.hipPikeTime, HIPS_PIKED];
    case 'hipSag':
      return [form.hipSag, config.maxHipSag, form.hipSagTime, HIPS_SAGGING];
    case 'worm':
      return [form.wormRise, config.maxWormRise, form.wormTime, WORM];
    case 'upperArm':
      return [
        form.minUpperArmElevation,
        config.maxUpperArmElevation,
        form.minUpperArmTime,
        NOT_LOW_ENOUGH,
      ];
  }
}
