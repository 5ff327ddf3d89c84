import { Checkbox } from '../../../components/ui/checkbox';
import { Field, fieldControlProps, Input } from '../../../components/ui/field';
import { NativeSelect } from '../../../components/ui/native-select';
import {
  CHALLENGE_TYPE_LABELS,
  CHALLENGE_TYPES,
  isTimeUnit,
  TIME_UNIT_LABELS,
  TIME_UNITS,
  type TimeUnit,
} from '../../../data/challenges/challenge-labels';
import { cn } from '../../../lib/cn';
import { plural, unitText } from '../../challenges/challenge-terms';
import { CHALLENGE_TYPE_DESCRIPTIONS, TYPE_FIELD_LABELS } from '../constants';
import {
  countFallbackNote,
  type TypeCountField,
  type TypeFieldErrors,
  type TypeFieldsFormValues,
} from '../type-fields-form';
import { CHALLENGE_TYPE_ICONS } from './challenge-type-icons';

/** A fallback note stands out from the field's other hints: it says the value will change. */
function noteText(note: string | null) {
  return note ? <span className="text-gold-bright">{note}</span> : null;
}

const UNIT_OPTIONS = TIME_UNITS.map((unit) => ({ value: unit, label: TIME_UNIT_LABELS[unit] }));

function UnitSelect(props: {
  id: string;
  label: string;
  value: TimeUnit;
  onChange: (unit: TimeUnit) => void;
}) {
  return (
    <NativeSelect
      id={props.id}
      aria-label={props.label}
      options={UNIT_OPTIONS}
      value={props.value}
      onChange={(event) => {
        if (isTimeUnit(event.target.value)) props.onChange(event.target.value);
      }}
    />
  );
}

function CountInput(props: {
  id: string;
  value: string;
  error?: string;
  /** What is saved instead of the text, said under the field. */
  note: string | null;
  onChange: (text: string) => void;
}) {
  return (
    <Input
      {...fieldControlProps(props.id, props.error, props.note !== null)}
      type="number"
      inputMode="numeric"
      min={1}
      step={1}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
    />
  );
}

/** The challenge type as three radio cards, and the fields that type uses (spec 02 §5): duration
 * and minimum daily reps for accountability and progression, the increase and its cadence for
 * progression, result hiding for the 72-hour duel. */
export function ChallengeTypeFields(props: {
  idPrefix: string;
  values: TypeFieldsFormValues;
  errors: TypeFieldErrors;
  onChange: (change: Partial<TypeFieldsFormValues>) => void;
  disabled?: boolean;
}) {
  const { idPrefix, values, errors, onChange } = props;
  const id = (name: string) => `${idPrefix}-${name}`;
  const type = values.challengeType;
  const reps = (count: number) => plural(count, 'rep', 'reps');
  // What a field saves instead of its text (spec 02 §5's fallback to 1), said while it holds it.
  const notes: Record<TypeCountField, string | null> = {
    lengthValue: countFallbackNote(values.lengthValue, (n) => unitText(n, values.lengthUnit)),
    minDailyReps: countFallbackNote(values.minDailyReps, reps),
    incrementValue: countFallbackNote(values.incrementValue, reps),
    cadenceValue: countFallbackNote(values.cadenceValue, (n) => unitText(n, values.cadenceUnit)),
  };
  return (
    <fieldset disabled={props.disabled} className="grid gap-6">
      <div role="radiogroup" aria-labelledby={id('type-label')} className="grid gap-3">
        <span id={id('type-label')} className="text-sm font-medium text-ink">
          {TYPE_FIELD_LABELS.type}
        </span>
        <div className="grid gap-3 sm:grid-cols-3">
          {CHALLENGE_TYPES.map((option) => {
            const Icon = CHALLENGE_TYPE_ICONS[option];
            const checked = option === type;
            return (
              <label
                key={option}
                className={cn(
                  'flex cursor-pointer flex-col gap-1.5 rounded-lg border p-4 transition-colors',
                  checked ? 'border-gold bg-gold/10' : 'border-line bg-page hover:border-gold/40',
                )}
              >
                <span className="flex items-center gap-2 font-semibold text-ink">
                  <input
                    type="radio"
                    name={id('type')}
                    value={option}
                    checked={checked}
                    onChange={() => onChange({ challengeType: option })}
                    className="size-4 accent-gold"
                  />
                  <Icon aria-hidden="true" className="size-4 text-gold" />
                  {CHALLENGE_TYPE_LABELS[option]}
                </span>
                <span className="text-xs text-muted">{CHALLENGE_TYPE_DESCRIPTIONS[option]}</span>
              </label>
            );
          })}
        </div>
      </div>

      {type === 'duel' ? (
        <Checkbox
          id={id('hide-results')}
          label={TYPE_FIELD_LABELS.hideResults}
          checked={values.hideResultsUntilFinished}
          onCheckedChange={(checked) => onChange({ hideResultsUntilFinished: checked })}
          disabled={props.disabled}
        />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id={id('length')}
            label={TYPE_FIELD_LABELS.length}
            error={errors.lengthValue}
            hint={noteText(notes.lengthValue)}
          >
            <div className="grid grid-cols-[1fr_8rem] gap-2">
              <CountInput
                id={id('length')}
                value={values.lengthValue}
                error={errors.lengthValue}
                note={notes.lengthValue}
                onChange={(lengthValue) => onChange({ lengthValue })}
              />
              <UnitSelect
                id={id('length-unit')}
                label={TYPE_FIELD_LABELS.lengthUnit}
                value={values.lengthUnit}
                onChange={(lengthUnit) => onChange({ lengthUnit })}
              />
            </div>
          </Field>
          <Field
            id={id('min-daily-reps')}
            label={TYPE_FIELD_LABELS.minDailyReps}
            error={errors.minDailyReps}
            hint={noteText(notes.minDailyReps)}
          >
            <CountInput
              id={id('min-daily-reps')}
              value={values.minDailyReps}
              error={errors.minDailyReps}
              note={notes.minDailyReps}
              onChange={(minDailyReps) => onChange({ minDailyReps })}
            />
          </Field>
          {type === 'progression' ? (
            <>
              <Field
                id={id('increment')}
                label={TYPE_FIELD_LABELS.incrementValue}
                error={errors.incrementValue}
                hint={noteText(notes.incrementValue)}
              >
                <CountInput
                  id={id('increment')}
                  value={values.incrementValue}
                  error={errors.incrementValue}
                  note={notes.incrementValue}
                  onChange={(incrementValue) => onChange({ incrementValue })}
                />
              </Field>
              <Field
                id={id('cadence')}
                label={TYPE_FIELD_LABELS.cadenceValue}
                error={errors.cadenceValue}
                hint={noteText(notes.cadenceValue)}
              >
                <div className="grid grid-cols-[1fr_8rem] gap-2">
                  <CountInput
                    id={id('cadence')}
                    value={values.cadenceValue}
                    error={errors.cadenceValue}
                    note={notes.cadenceValue}
                    onChange={(cadenceValue) => onChange({ cadenceValue })}
                  />
                  <UnitSelect
                    id={id('cadence-unit')}
                    label={TYPE_FIELD_LABELS.cadenceUnit}
                    value={values.cadenceUnit}
                    onChange={(cadenceUnit) => onChange({ cadenceUnit })}
                  />
                </div>
              </Field>
            </>
          ) : null}
        </div>
      )}
    </fieldset>
  );
}
