import { CYCLE_MEASURES, type DefinitionCycle, FORM_RULE_NAMES } from '@reptemple/definitions';
import { Checkbox } from '../../../components/ui/checkbox';
import { Field, fieldControlProps, Input } from '../../../components/ui/field';
import { cn } from '../../../lib/cn';
import { CYCLE_TEXT, FORM_RULE_TEXT } from '../constants';
import type { DraftDefinition, EditorAction } from '../editor-state';
import { useNumberText } from '../use-number-text';
import { parseMinTurnInput } from '../validation';

const MIN_TURN_ID = 'cycle-min-turn';

/**
 * 'Count reps by': the spec's phase ranges (absolute, the default) or the turns of the driving
 * angles (relative, issue 24), as two radio cards, with the minimum turn while relative.
 */
export function CycleFields(props: {
  cycle: DefinitionCycle;
  dispatch: (action: EditorAction) => void;
}) {
  const { cycle, dispatch } = props;
  return (
    <fieldset className="grid gap-2 border-t border-line pt-5">
      {/* Floated, the legend is laid out as the fieldset's first row, not drawn in its border. */}
      <legend className="float-left w-full text-sm font-medium text-ink">
        {CYCLE_TEXT.legend}
      </legend>
      <div className="grid gap-2">
        {CYCLE_MEASURES.map((measure) => {
          const checked = cycle.measure === measure;
          const text = CYCLE_TEXT.measures[measure];
          return (
            <label
              key={measure}
              className={cn(
                'flex cursor-pointer gap-3 rounded-lg border p-3 transition-colors',
                checked ? 'border-gold bg-gold/10' : 'border-line bg-page hover:border-gold/40',
              )}
            >
              <input
                type="radio"
                name="cycle-measure"
                value={measure}
                checked={checked}
                onChange={() => dispatch({ type: 'setCycleMeasure', measure })}
                aria-labelledby={`cycle-${measure}-label`}
                aria-describedby={`cycle-${measure}-explanation`}
                className="mt-0.5 size-4 shrink-0 accent-gold"
              />
              <span className="grid gap-0.5">
                <span id={`cycle-${measure}-label`} className="text-sm font-semibold text-ink">
                  {text.label}
                </span>
                <span id={`cycle-${measure}-explanation`} className="text-xs text-muted">
                  {text.explanation}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      {cycle.measure === 'relative' ? (
        <MinTurnInput
          value={cycle.minTurn}
          onCommit={(minTurn) => dispatch({ type: 'setCycleMinTurn', minTurn })}
        />
      ) : null}
    </fieldset>
  );
}

/** The minimum turn: the text as typed, stored when the definition schema accepts it; otherwise
 * the validator's line for `cycle.minTurn` under it. */
function MinTurnInput(props: { value: number; onCommit: (value: number) => void }) {
  const { text, problem, change } = useNumberText(props.value, parseMinTurnInput, props.onCommit);
  return (
    <Field
      id={MIN_TURN_ID}
      className="mt-2"
      label={CYCLE_TEXT.minTurnLabel}
      hint={CYCLE_TEXT.minTurnHint}
      error={problem ?? undefined}
    >
      <Input
        {...fieldControlProps(MIN_TURN_ID, problem ?? undefined, true)}
        inputMode="decimal"
        value={text}
        className="max-w-32"
        onChange={(event) => change(event.target.value)}
      />
    </Field>
  );
}

/** The judges' form rules the reps are judged by, one labelled checkbox each with what fails. */
export function FormRuleFields(props: {
  formRules: DraftDefinition['formRules'];
  dispatch: (action: EditorAction) => void;
}) {
  const { formRules, dispatch } = props;
  return (
    <fieldset className="grid gap-1 border-t border-line pt-5" aria-describedby="form-rules-hint">
      {/* Floated, the legend is laid out as the fieldset's first row, not drawn in its border. */}
      <legend className="float-left w-full text-sm font-medium text-ink">
        {FORM_RULE_TEXT.legend}
      </legend>
      <p id="form-rules-hint" className="mb-2 text-xs text-muted">
        {FORM_RULE_TEXT.hint}
      </p>
      {FORM_RULE_NAMES.map((rule) => (
        <Checkbox
          key={rule}
          id={`form-rule-${rule}`}
          label={FORM_RULE_TEXT.rules[rule].label}
          description={FORM_RULE_TEXT.rules[rule].explanation}
          checked={formRules.includes(rule)}
          onCheckedChange={(enabled) => dispatch({ type: 'setFormRule', rule, enabled })}
        />
      ))}
    </fieldset>
  );
}
