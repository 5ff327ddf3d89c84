// The editor's input rules (spec 01 §5): exercise names, timing fields, saving and exporting.

import { PLACEHOLDER_EXERCISE_NAME } from '@reptemple/definitions';
import { EDITOR_SPEC_TEXT, EDITOR_TEXT } from './constants';

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

export type TimingInput = { ok: true; value: number } | { ok: false; message: string };

/** A timing field's text: a whole number of milliseconds, 0 or more (spec 01 §5). */
export function parseTimingInput(text: string): TimingInput {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return { ok: false, message: EDITOR_TEXT.timingInvalid };
  const value = Number(trimmed);
  if (!Number.isSafeInteger(value)) return { ok: false, message: EDITOR_TEXT.timingInvalid };
  return { ok: true, value };
}
