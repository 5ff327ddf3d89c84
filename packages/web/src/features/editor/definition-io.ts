// The definition leaving and entering the editor: JSON export and import, the checks before it
// is stored or analysed, and reading a draft that is still incomplete. All validation is
// @reptemple/definitions' (one validator for the CLI, the SDK and the editor).

import {
  DefinitionError,
  type DefinitionIssue,
  normalizeDefinition,
  PLACEHOLDER_EXERCISE_NAME,
  parseDefinitionJson,
  validateDefinition,
} from '@reptemple/definitions';
import type { DraftDefinition } from './editor-state';

export type { DefinitionIssue };

/** `angles[1].landmarks: expected 3 landmarks, got 4`, one line per problem. */
export function formatIssues(issues: readonly DefinitionIssue[]): string[] {
  return issues.map((issue) => `${issue.path || '(document)'}: ${issue.message}`);
}

/** The issues of a DefinitionError, or the message of any other error as one issue. */
export function issuesOf(error: unknown): readonly DefinitionIssue[] {
  if (error instanceof DefinitionError) return error.issues;
  return [{ path: '', message: error instanceof Error ? error.message : String(error) }];
}

/**
 * Everything that keeps the draft from being stored, exported or analysed: the document's own
 * problems, and an angle that drives the phases (the analyser needs one that is neither a global
 * alignment nor an exercise stop). Empty when the draft is ready.
 */
export function definitionProblems(draft: DraftDefinition): DefinitionIssue[] {
  const result = validateDefinition(draft);
  const issues = result.success ? [] : [...result.issues];
  const globals = new Set(draft.globalAlignments);
  const drives = draft.angles.some((angle) => !angle.exerciseStop && !globals.has(angle.id));
  if (draft.angles.length > 0 && !drives) {
    issues.push({
      path: 'angles',
      message:
        'expected at least one angle that drives the phases (neither a global alignment nor EXERCISE STOP), got none',
    });
  }
  return issues;
}

/** The document as stored and exported: normalised (every default written out, landmarks as
 * ids), so importing an exported file gives the same document back.
 * @throws DefinitionError when the draft is not ready (see definitionProblems). */
export function toDocument(draft: DraftDefinition): DraftDefinition {
  const issues = definitionProblems(draft);
  if (issues.length > 0) throw new DefinitionError(issues, 'the editor');
  return normalizeDefinition(draft, 'the editor');
}

export function exportJson(draft: DraftDefinition): string {
  return `${JSON.stringify(toDocument(draft), null, 2)}\n`;
}

/** `Push-up (wide)` -> `push-up-wide.json`. */
export function exportFileName(name: string): string {
  const slug = name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'exercise'}.json`;
}

/** An imported file, normalised with the defaults of spec 01 §3 (timing 0, 0, 200; both flags
 * off; no global alignments).
 * @throws DefinitionError listing every problem with its JSON path. */
export function importJson(text: string, fileName: string): DraftDefinition {
  return parseDefinitionJson(text, fileName);
}

/** A stored record's document, normalised like an import.
 * @throws DefinitionError listing every problem with its JSON path. */
export function fromStoredDocument(document: unknown, recordName: string): DraftDefinition {
  return normalizeDefinition(document, `stored definition "${recordName}"`);
}

// A draft kept in the browser may be incomplete in the two ways the editor allows while editing:
// no angles yet, or an empty name. It is validated like any document with those two gaps filled
// by stand-ins, which are taken out again afterwards.
const STAND_IN_ANGLE_ID = '__editor_draft_no_angles__';

/** Reads a draft kept in the browser.
 * @throws DefinitionError listing every problem with its JSON path. */
export function readDraft(input: unknown): DraftDefinition {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return normalizeDefinition(input, 'the draft kept in this browser');
  }
  const given = input as Record<string, unknown>;
  const blankName = typeof given.name === 'string' && given.name.trim() === '';
  const noAngles = Array.isArray(given.angles) && given.angles.length === 0;
  const filled = {
    ...given,
    ...(blankName ? { name: PLACEHOLDER_EXERCISE_NAME } : {}),
    ...(noAngles
      ? { angles: [{ id: STAND_IN_ANGLE_ID, name: 'stand-in', landmarks: [0, 1, 2] }] }
      : {}),
  };
  const definition = normalizeDefinition(filled, 'the draft kept in this browser');
  // The name as typed (normalising trims it; the field should not change under the cursor).
  const name = typeof given.name === 'string' ? given.name : definition.name;
  if (!noAngles) return { ...definition, name };
  const strip = (ranges: Readonly<Record<string, { min: number; max: number }>>) => {
    const { [STAND_IN_ANGLE_ID]: _standIn, ...rest } = ranges;
    return rest;
  };
  return {
    ...definition,
    name,
    angles: definition.angles.filter((angle) => angle.id !== STAND_IN_ANGLE_ID),
    phases: {
      start: {
        ...definition.phases.start,
        angleRanges: strip(definition.phases.start.angleRanges),
      },
      transition: {
        ...definition.phases.transition,
        angleRanges: strip(definition.phases.transition.angleRanges),
      },
      end: { ...definition.phases.end, angleRanges: strip(definition.phases.end.angleRanges) },
    },
  };
}
