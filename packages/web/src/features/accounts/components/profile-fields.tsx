import { Checkbox } from '../../../components/ui/checkbox';
import { Field, Input, Textarea } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { EXPECTATIONS_MAX_LENGTH, PROFILE_RANGES } from '../../../constants/limits';
import { PRODUCT_NAME } from '../../../constants/messages';
import {
  isProfileGender,
  PROFILE_GENDER_LABELS,
  PROFILE_GENDERS,
  PROFILE_GOAL_LABELS,
  PROFILE_GOALS,
} from '../../../data/profiles/profile-labels';
import type { ProfileFieldError, ProfileFormValues } from '../../../forms/validation';

const GENDER_OPTIONS = PROFILE_GENDERS.map((value) => ({
  value,
  label: PROFILE_GENDER_LABELS[value],
}));

type ProfileFieldName = keyof ProfileFormValues;

/** The profile's fields, controlled. `fields` picks which to show (sign-up's password tab shows
 * only age and gender); `genderLabel` is 'Sex' on the sign-up form, 'Gender' elsewhere. */
export function ProfileFields(props: {
  idPrefix: string;
  values: ProfileFormValues;
  onChange: (values: ProfileFormValues) => void;
  error?: ProfileFieldError | null;
  fields?: readonly ProfileFieldName[];
  genderLabel?: string;
  optionalNote?: boolean;
  disabled?: boolean;
}) {
  const shown = new Set<ProfileFieldName>(
    props.fields ?? [
      'age',
      'gender',
      'weight_kg',
      'height_cm',
      'target_weight_kg',
      'goals',
      'expectations',
    ],
  );
  const set = <K extends ProfileFieldName>(key: K, value: ProfileFormValues[K]) =>
    props.onChange({ ...props.values, [key]: value });
  const id = (name: string) => `${props.idPrefix}-${name}`;
  const optional = props.optionalNote ? (
    <span className="font-normal text-muted"> (optional)</span>
  ) : null;

  const numberField = (name: keyof typeof PROFILE_RANGES, label: string, placeholder: string) => {
    const range = PROFILE_RANGES[name];
    const invalid = props.error?.field === name;
    return (
      <Field
        id={id(name)}
        label={
          <>
            {label}
            {optional}
          </>
        }
      >
        <Input
          id={id(name)}
          type="number"
          inputMode={range.step === 1 ? 'numeric' : 'decimal'}
          min={range.min}
          max={range.max}
          step={range.step}
          placeholder={placeholder}
          value={props.values[name]}
          onChange={(event) => set(name, event.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? id(`${name}-error`) : undefined}
          disabled={props.disabled}
        />
        {invalid ? (
          <p id={id(`${name}-error`)} className="mt-1.5 text-sm text-danger">
            {props.error?.message}
          </p>
        ) : null}
      </Field>
    );
  };

  return (
    <div className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        {shown.has('age') ? numberField('age', 'Age', 'e.g. 30') : null}
        {shown.has('gender') ? (
          <Field
            id={id('gender')}
            label={
              <>
                {props.genderLabel ?? 'Gender'}
                {optional}
              </>
            }
          >
            <Select
              id={id('gender')}
              value={props.values.gender}
              onValueChange={(value) => set('gender', isProfileGender(value) ? value : '')}
              options={GENDER_OPTIONS}
              placeholder="Select..."
              disabled={props.disabled}
            />
          </Field>
        ) : null}
        {shown.has('weight_kg')
          ? numberField('weight_kg', 'Current weight (kg)', 'e.g. 72.5')
          : null}
        {shown.has('height_cm') ? numberField('height_cm', 'Height (cm)', 'e.g. 178') : null}
        {shown.has('target_weight_kg')
          ? numberField('target_weight_kg', 'Target weight (kg)', 'e.g. 70')
          : null}
      </div>
      {shown.has('goals') ? (
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-ink">Fitness goals{optional}</legend>
          <div className="grid gap-x-6 sm:grid-cols-2">
            {PROFILE_GOALS.map((goal) => (
              <Checkbox
                key={goal}
                id={id(`goal-${goal}`)}
                label={PROFILE_GOAL_LABELS[goal]}
                checked={props.values.goals.includes(goal)}
                disabled={props.disabled}
                onCheckedChange={(checked) =>
                  set(
                    'goals',
                    checked
                      ? PROFILE_GOALS.filter(
                          (each) => each === goal || props.values.goals.includes(each),
                        )
                      : props.values.goals.filter((each) => each !== goal),
                  )
                }
              />
            ))}
          </div>
        </fieldset>
      ) : null}
      {shown.has('expectations') ? (
        <Field
          id={id('expectations')}
          label={
            <>
              What do you expect from {PRODUCT_NAME}?{optional}
            </>
          }
        >
          <Textarea
            id={id('expectations')}
            maxLength={EXPECTATIONS_MAX_LENGTH}
            placeholder="Tell us what you hope to achieve..."
            value={props.values.expectations}
            onChange={(event) => set('expectations', event.target.value)}
            disabled={props.disabled}
          />
        </Field>
      ) : null}
    </div>
  );
}
