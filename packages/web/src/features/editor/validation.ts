// The editor's input rules (spec 01 §5): exercise names, timing fields, the cycle's minimum turn,
// saving and exporting.

import { PLACEHOLDER_EXERCISE_NAME, validateDefinition } from '@reptemple/definitions';
import { EDITOR_SPEC_TEXT, EDITOR_TEXT } from './constants';
import { formatIssues } from './definition-io';

/** A name for a new exercise: non-empty after trimming and not the placeholder 'NEW EXERCISE'. */
export function isValidExerciseName(name: string): boolean {
  const trimmed = name.trim();
  return trimmed !== '' && trimmed !== PLACEHOLDER_EXERCISE_NAME;
}

/** The hint under a name field, or null when the name is fine. */
export function exerciseNameHint(name: string): string | null {
  return isValidExerciseName(name) ? null : EDITOR_SPEC_TEXT.uniqueNameHint;
}

/** Saving or exporting needs a non-empty name; the message says which action needs it. */
export function nameRequiredProblem(name: string, action: 'save' | 'export'): string | null {
  if (name.trim() !== '') return null;
  return action === 'save' ? EDITOR_TEXT.nameRequiredToSave : EDITOR_TEXT.nameRequiredToExport;
}

/** A number field's text, read: its value, or why it is not one the definition may hold. */
export type ParsedNumber = { ok: true; value: number } | { ok: false; message: string };

/** A timing field's text: a whole number of milliseconds, 0 or more (spec 01 §5). */
export function parseTimingInput(text: string): ParsedNumber {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return { ok: false, message: EDITOR_TEXT.timingInvalid };
  const value = Number(trimmed);
  if (!Number.isSafeInteger(value)) return { ok: false, message: EDITOR_TEXT.timingInvalid };
  return { ok: true, value };
}

/** The path of the minimum turn in a definition document, as DefinitionError names it. */
const MIN_TURN_PATH = 'cycle.minTurn';

/**
 * The minimum turn's text: degrees the definition schema accepts (MIN_CYCLE_TURN-MAX_CYCLE_TURN,
 * decimals allowed). A text it refuses gets the validator's own line, exactly as an import of
 * that document would show it (`cycle.minTurn: expected at most 180, got 200`).
 */
export function parseMinTurnInput(text: string): ParsedNumber {
  const trimmed = text.trim();
  // Anything that is not a plain decimal goes to the validator as the text it is, so the message
  // says what was typed (`expected number, got "abc"`).
  const candidate = /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
  const result = validateDefinition({ cycle: { minTurn: candidate } });
  const issues = result.success ? [] : result.issues.filter((i) => i.path === MIN_TURN_PATH);
  const [message] = formatIssues(issues);
  if (message !== undefined) return { ok: false, message };
  return { ok: true, value: candidate as number };
}
