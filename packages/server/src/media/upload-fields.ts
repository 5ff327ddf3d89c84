// The text fields of an upload (spec 02 §7), checked before anything is stored: each is either the
// value the database will hold or a 400 that says what was expected.

import { DEFAULT_UPLOAD_EXERCISE } from '../constants.js';
import { AppError, describeError } from '../errors.js';
import { findJsonProblem, jsonProblemMessage } from '../http/input-checks.js';

export interface UploadFields {
  sessionId: string;
  totalPushups: number;
  challengeName: string;
  exercise: string;
  /** A JSON object, or null when none was sent. */
  analysisData: Record<string, unknown> | null;
}

const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
const EXERCISE_PATTERN = /^[A-Z0-9_]{1,40}$/;
/** Plain whole numbers only: Number() would also take '1e3', '0x10', ' 7' and '7.0'. */
const WHOLE_NUMBER_PATTERN = /^\d{1,4}$/;
/** Most reps one upload may claim. */
const MAX_TOTAL_PUSHUPS = 2000;
/** Longest challenge name kept. characters */
const MAX_CHALLENGE_NAME_CHARS = 200;
/** Control characters (NUL included) have no place in a name, and PostgreSQL refuses NUL. */
const CONTROL_CHARACTERS = /\p{Cc}/u;

function invalid(message: string, expected: string, received: string): AppError {
  return new AppError({
    code: 'invalid_field',
    status: 400,
    message,
    expected,
    received: received.slice(0, 120),
  });
}

export function parseUploadFields(fields: ReadonlyMap<string, string>): UploadFields {
  const missing = ['sessionId', 'totalPushups', 'challengeName'].filter(
    (name) => !fields.get(name)?.trim(),
  );
  if (missing.length) {
    throw new AppError({
      code: 'missing_field',
      status: 400,
      message: `Missing field${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}.`,
      expected:
        'video, sessionId, totalPushups, challengeName (exercise and analysisData optional)',
      received: `fields ${[...fields.keys()].join(', ') || 'none'}`,
    });
  }
  const sessionId = fields.get('sessionId')!.trim();
  if (!SESSION_ID_PATTERN.test(sessionId)) {
    throw invalid(
      'sessionId may contain only letters, digits, - and _.',
      '1-100 characters of A-Z a-z 0-9 - _',
      JSON.stringify(sessionId),
    );
  }
  const rawCount = fields.get('totalPushups')!;
  const totalPushups = Number(rawCount);
  if (!WHOLE_NUMBER_PATTERN.test(rawCount) || totalPushups > MAX_TOTAL_PUSHUPS) {
    throw invalid(
      'totalPushups must be a whole number.',
      `digits only, from 0 to ${MAX_TOTAL_PUSHUPS}`,
      JSON.stringify(rawCount),
    );
  }
  const challengeName = fields.get('challengeName')!.trim().slice(0, MAX_CHALLENGE_NAME_CHARS);
  if (CONTROL_CHARACTERS.test(challengeName)) {
    throw invalid(
      'challengeName may not contain control characters.',
      'printable text',
      JSON.stringify(challengeName),
    );
  }
  const exercise = (fields.get('exercise')?.trim() || DEFAULT_UPLOAD_EXERCISE).toUpperCase();
  if (!EXERCISE_PATTERN.test(exercise)) {
    throw invalid(
      'exercise must be a name like PUSHUP.',
      'A-Z, 0-9 and _, up to 40 characters',
      JSON.stringify(exercise),
    );
  }
  return {
    sessionId,
    totalPushups,
    challengeName,
    exercise,
    analysisData: parseAnalysisData(fields.get('analysisData')),
  };
}

function parseAnalysisData(raw: string | undefined): Record<string, unknown> | null {
  if (!raw?.trim()) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    throw new AppError({
      code: 'invalid_field',
      status: 400,
      message: 'analysisData is not valid JSON.',
      expected: 'a JSON object',
      received: describeError(error),
      cause: error,
    });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw invalid(
      'analysisData must be a JSON object.',
      'a JSON object',
      parsed === null ? 'null' : Array.isArray(parsed) ? 'an array' : typeof parsed,
    );
  }
  const problem = findJsonProblem(parsed, 'analysisData');
  if (problem) {
    const { message, expected, received } = jsonProblemMessage(problem);
    throw invalid(message, expected, received);
  }
  return parsed as Record<string, unknown>;
}

/** The file name the client gave, kept for support: printable, at most 200 characters. */
export function cleanOriginalName(name: string | undefined): string | null {
  if (!name) return null;
  const printable = name
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 200);
  return printable || null;
}
