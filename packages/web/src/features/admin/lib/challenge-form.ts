// The admin challenge form (spec 02 §5): its values, the validation messages, and the row it
// writes. Pure, so each rule is unit-tested.

import {
  CHALLENGE_FIELD_LIMITS,
  type ChallengeTypeColumns,
  typeColumnsToInsert,
  typeColumnsToUpdate,
} from '../../../data/challenges/challenge-fields';
import type { GenderFilter } from '../../../data/challenges/challenge-labels';
import type { Challenge } from '../../../data/challenges/challenges';
import type { RowInsert } from '../../../data/database';
import { CREATE_MESSAGES } from '../../challenge-creation/constants';
import {
  DEFAULT_TYPE_FIELDS,
  readTypeFields,
  type TypeCountField,
  type TypeFieldsFormValues,
  typeFieldsFromChallenge,
} from '../../challenge-creation/type-fields-form';
import { FORM } from '../constants';

/** The database's slug rule (supabase/migrations/*_challenges.sql). */
const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const SLUG_MAX_LENGTH = 100;

export interface AdminChallengeFormValues extends TypeFieldsFormValues {
  name: string;
  /** Empty on create: the database makes one from the name. */
  slug: string;
  description: string;
  exerciseDefinitionId: string;
  /** `<input type="datetime-local">` text in the browser's time zone, or empty. */
  startDate: string;
  endDate: string;
  genderFilter: GenderFilter;
  isActive: boolean;
  isHidden: boolean;
  isDaily: boolean;
}

export type AdminFormField =
  | 'name'
  | 'slug'
  | 'description'
  | 'exerciseDefinitionId'
  | 'startDate'
  | 'endDate'
  | TypeCountField;
export type AdminFormErrors = Partial<Record<AdminFormField, string>>;

/** Created challenges start active and open to all genders (spec 02 §4). */
export const EMPTY_ADMIN_FORM: AdminChallengeFormValues = {
  name: '',
  slug: '',
  description: '',
  exerciseDefinitionId: '',
  startDate: '',
  endDate: '',
  genderFilter: 'all',
  isActive: true,
  isHidden: false,
  isDaily: false,
  ...DEFAULT_TYPE_FIELDS,
};

/** The columns the admin form writes (created_by is added on insert). The slug is left out on
 * create when empty: the database makes one from the name. */
export type AdminChallengeRow = Required<
  Pick<
    RowInsert<'challenges'>,
    | 'name'
    | 'description'
    | 'exercise_definition_id'
    | 'start_date'
    | 'end_date'
    | 'is_active'
    | 'is_hidden'
    | 'is_daily'
  >
> &
  Pick<RowInsert<'challenges'>, 'slug'> & { gender_filter: GenderFilter } & ChallengeTypeColumns;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** An ISO time as `datetime-local` text in this browser's time zone. */
export function isoToLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** `datetime-local` text (this browser's time zone) as an ISO time; null when empty or invalid. */
export function localInputToIso(text: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(text)) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function adminFormFromChallenge(challenge: Challenge): AdminChallengeFormValues {
  return {
    name: challenge.name,
    slug: challenge.slug,
    description: challenge.description ?? '',
    exerciseDefinitionId: challenge.exercise_definition_id,
    startDate: isoToLocalInput(challenge.start_date),
    endDate: isoToLocalInput(challenge.end_date),
    genderFilter: challenge.gender_filter ?? 'all',
    isActive: challenge.is_active,
    isHidden: challenge.is_hidden,
    isDaily: challenge.is_daily,
    ...typeFieldsFromChallenge(challenge),
  };
}

/** The validation of spec 02 §5 (name required and trimmed, exercise required, start not after
 * end), plus what the database would refuse (slug format, lengths, counts): one message per field.
 * On success, the row to write: for an update every type column (the unused ones cleared), for an
 * insert only the type's own; an empty description is saved as null. */
export function readAdminChallengeForm(
  values: AdminChallengeFormValues,
  mode: 'create' | 'edit',
): { ok: true; row: AdminChallengeRow } | { ok: false; errors: AdminFormErrors } {
  const errors: AdminFormErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = FORM.nameRequired;
  else if (name.length > CHALLENGE_FIELD_LIMITS.maxNameLength)
    errors.name = CREATE_MESSAGES.nameTooLong(CHALLENGE_FIELD_LIMITS.maxNameLength);

  if (values.exerciseDefinitionId === '') errors.exerciseDefinitionId = FORM.exerciseRequired;

  const slug = values.slug.trim().toLowerCase();
  if (slug === '') {
    if (mode === 'edit') errors.slug = FORM.slugRequired;
  } else if (!SLUG_PATTERN.test(slug) || slug.length > SLUG_MAX_LENGTH) {
    errors.slug = FORM.slugFormat;
  }

  const description = values.description.trim();
  if (description.length > CHALLENGE_FIELD_LIMITS.maxDescriptionLength)
    errors.description = CREATE_MESSAGES.descriptionTooLong(
      CHALLENGE_FIELD_LIMITS.maxDescriptionLength,
    );

  const startDate = values.startDate === '' ? null : localInputToIso(values.startDate);
  const endDate = values.endDate === '' ? null : localInputToIso(values.endDate);
  if (values.startDate !== '' && startDate === null) errors.startDate = FORM.invalidDate;
  if (values.endDate !== '' && endDate === null) errors.endDate = FORM.invalidDate;
  else if (startDate && endDate && new Date(startDate) > new Date(endDate))
    errors.endDate = FORM.endBeforeStart;

  const typeFields = readTypeFields(values);
  if (!typeFields.ok) Object.assign(errors, typeFields.errors);
  if (!typeFields.ok || Object.keys(errors).length > 0) return { ok: false, errors };

  const typeColumns =
    mode === 'edit'
      ? typeColumnsToUpdate(typeFields.fields)
      : typeColumnsToInsert(typeFields.fields);
  return {
    ok: true,
    row: {
      name,
      ...(slug === '' ? {} : { slug }),
      description: description === '' ? null : description,
      exercise_definition_id: values.exerciseDefinitionId,
      start_date: startDate,
      end_date: endDate,
      gender_filter: values.genderFilter,
      is_active: values.isActive,
      is_hidden: values.isHidden,
      is_daily: values.isDaily,
      ...typeColumns,
    },
  };
}

/** Which errors an edit of these fields clears: each its own, and either date the date-order
 * message (it belongs to both). */
export function errorsClearedBy(changed: (keyof AdminChallengeFormValues)[]): AdminFormField[] {
  const cleared = new Set<AdminFormField>();
  for (const field of changed) {
    if (field === 'startDate' || field === 'endDate') {
      cleared.add('startDate');
      cleared.add('endDate');
    } else {
      cleared.add(field as AdminFormField);
    }
  }
  return [...cleared];
}
