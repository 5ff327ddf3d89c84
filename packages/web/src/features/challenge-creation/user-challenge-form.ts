// The user's creation form (spec 02 §5): name optional (empty is saved as 'PUSHUP CHALLENGE', which
// the field shows as its placeholder, not as a value to delete), description optional,
// the type fields with their minimum of 1, always the built-in push-up definition. Pure.

import {
  BUILTIN_PUSHUP_DEFINITION_ID,
  CHALLENGE_CREATION_DEFAULTS,
  CHALLENGE_FIELD_LIMITS,
  type ChallengeTypeColumns,
  typeColumnsToInsert,
} from '../../data/challenges/challenge-fields';
import type { RowInsert } from '../../data/database';
import { CREATE_MESSAGES } from './constants';
import {
  DEFAULT_TYPE_FIELDS,
  readTypeFields,
  type TypeFieldErrors,
  type TypeFieldsFormValues,
} from './type-fields-form';

export interface UserChallengeFormValues extends TypeFieldsFormValues {
  name: string;
  description: string;
}

export const DEFAULT_USER_CHALLENGE_FORM: UserChallengeFormValues = {
  name: '',
  description: '',
  ...DEFAULT_TYPE_FIELDS,
};

export type UserChallengeFormErrors = TypeFieldErrors & { name?: string; description?: string };

/** The row a signed-in user inserts. The database makes the slug and checks the rest again. */
export type UserChallengeInsert = Required<
  Pick<RowInsert<'challenges'>, 'name' | 'description' | 'exercise_definition_id' | 'created_by'>
> &
  ChallengeTypeColumns;

export function userChallengeInsert(
  values: UserChallengeFormValues,
  userId: string,
): { ok: true; row: UserChallengeInsert } | { ok: false; errors: UserChallengeFormErrors } {
  const name = values.name.trim() || CHALLENGE_CREATION_DEFAULTS.name;
  const description = values.description.trim();
  const errors: UserChallengeFormErrors = {};
  if (name.length > CHALLENGE_FIELD_LIMITS.maxNameLength)
    errors.name = CREATE_MESSAGES.nameTooLong(CHALLENGE_FIELD_LIMITS.maxNameLength);
  if (description.length > CHALLENGE_FIELD_LIMITS.maxDescriptionLength)
    errors.description = CREATE_MESSAGES.descriptionTooLong(
      CHALLENGE_FIELD_LIMITS.maxDescriptionLength,
    );
  const typeFields = readTypeFields(values);
  if (!typeFields.ok) Object.assign(errors, typeFields.errors);
  if (!typeFields.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    row: {
      name,
      description: description === '' ? null : description,
      exercise_definition_id: BUILTIN_PUSHUP_DEFINITION_ID,
      created_by: userId,
      ...typeColumnsToInsert(typeFields.fields),
    },
  };
}
