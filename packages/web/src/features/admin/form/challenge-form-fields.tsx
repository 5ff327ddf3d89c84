import { Checkbox } from '../../../components/ui/checkbox';
import { Field, fieldControlProps, Input, Textarea } from '../../../components/ui/field';
import { NativeSelect } from '../../../components/ui/native-select';
import {
  GENDER_FILTER_LABELS,
  GENDER_FILTERS,
  isGenderFilter,
} from '../../../data/challenges/challenge-labels';
import { ChallengeTypeFields } from '../../challenge-creation/components/challenge-type-fields';
import { FORM } from '../constants';
import type { DefinitionChoice } from '../data/admin-challenges';
import type { AdminChallengeFormValues, AdminFormErrors } from '../lib/challenge-form';

const GENDER_OPTIONS = GENDER_FILTERS.map((filter) => ({
  value: filter,
  label: GENDER_FILTER_LABELS[filter],
}));

/** The admin challenge form's fields; every error shows under its field. */
export function ChallengeFormFields(props: {
  mode: 'create' | 'edit';
  values: AdminChallengeFormValues;
  errors: AdminFormErrors;
  definitions: readonly DefinitionChoice[] | undefined;
  disabled: boolean;
  onChange: (change: Partial<AdminChallengeFormValues>) => void;
}) {
  const { values, errors, onChange } = props;
  const exerciseOptions = (props.definitions ?? []).map((definition) => ({
    value: definition.id,
    label: definition.name,
  }));
  // The stored definition stays choosable while the list loads (or if it is gone from it).
  if (
    values.exerciseDefinitionId !== '' &&
    !exerciseOptions.some((option) => option.value === values.exerciseDefinitionId)
  )
    exerciseOptions.unshift({ value: values.exerciseDefinitionId, label: '(current definition)' });

  return (
    <fieldset disabled={props.disabled} className="grid gap-6">
      <div className="grid gap-6 sm:grid-cols-2">
        <Field id="admin-name" label={FORM.labels.name} error={errors.name}>
          <Input
            {...fieldControlProps('admin-name', errors.name)}
            value={values.name}
            onChange={(event) => onChange({ name: event.target.value })}
          />
        </Field>
        <Field
          id="admin-slug"
          label={FORM.labels.slug}
          error={errors.slug}
          hint={props.mode === 'create' ? FORM.slugHintCreate : undefined}
        >
          <Input
            {...fieldControlProps('admin-slug', errors.slug, props.mode === 'create')}
            value={values.slug}
            autoCapitalize="none"
            spellCheck={false}
            onChange={(event) => onChange({ slug: event.target.value })}
          />
        </Field>
      </div>
      <Field
        id="admin-description"
        label={`${FORM.labels.description} (optional)`}
        error={errors.description}
      >
        <Textarea
          {...fieldControlProps('admin-description', errors.description)}
          value={values.description}
          onChange={(event) => onChange({ description: event.target.value })}
        />
      </Field>
      <div className="grid gap-6 sm:grid-cols-2">
        <Field id="admin-exercise" label={FORM.labels.exercise} error={errors.exerciseDefinitionId}>
          <NativeSelect
            {...fieldControlProps('admin-exercise', errors.exerciseDefinitionId)}
            placeholder={FORM.labels.exercisePlaceholder}
            options={exerciseOptions}
            value={values.exerciseDefinitionId}
            onChange={(event) => onChange({ exerciseDefinitionId: event.target.value })}
          />
        </Field>
        <Field id="admin-gender-filter" label={FORM.labels.genderFilter}>
          <NativeSelect
            id="admin-gender-filter"
            options={GENDER_OPTIONS}
            value={values.genderFilter}
            onChange={(event) => {
              if (isGenderFilter(event.target.value))
                onChange({ genderFilter: event.target.value });
            }}
          />
        </Field>
      </div>
      <div className="grid gap-6 sm:grid-cols-2">
        <Field
          id="admin-start-date"
          label={FORM.labels.startDate}
          error={errors.startDate}
          hint="Optional, in your time zone."
        >
          <Input
            {...fieldControlProps('admin-start-date', errors.startDate, true)}
            type="datetime-local"
            value={values.startDate}
            onChange={(event) => onChange({ startDate: event.target.value })}
          />
        </Field>
        <Field
          id="admin-end-date"
          label={FORM.labels.endDate}
          error={errors.endDate}
          hint="Optional, in your time zone."
        >
          <Input
            {...fieldControlProps('admin-end-date', errors.endDate, true)}
            type="datetime-local"
            value={values.endDate}
            onChange={(event) => onChange({ endDate: event.target.value })}
          />
        </Field>
      </div>
      <ChallengeTypeFields
        idPrefix="admin"
        values={values}
        errors={errors}
        onChange={onChange}
        disabled={props.disabled}
      />
      <div className="grid gap-1 rounded-lg border border-line bg-page px-4 py-3">
        <Checkbox
          id="admin-is-active"
          label={FORM.labels.isActive}
          checked={values.isActive}
          onCheckedChange={(isActive) => onChange({ isActive })}
          disabled={props.disabled}
        />
        <Checkbox
          id="admin-is-hidden"
          label={FORM.labels.isHidden}
          checked={values.isHidden}
          onCheckedChange={(isHidden) => onChange({ isHidden })}
          disabled={props.disabled}
        />
        <Checkbox
          id="admin-is-daily"
          label={FORM.labels.isDaily}
          checked={values.isDaily}
          onCheckedChange={(isDaily) => onChange({ isDaily })}
          disabled={props.disabled}
        />
      </div>
    </fieldset>
  );
}
