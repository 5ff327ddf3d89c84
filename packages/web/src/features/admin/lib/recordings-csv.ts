// The CSV export of a challenge's recordings (spec 02 §9): exactly the columns Name, Email, Sex,
// Valid Reps, Invalid Reps, Total Reps, Duration, Date. Written with Papa Parse (RFC 4180 quoting
// of commas, quotes and line breaks). Safe to open in a spreadsheet: a text cell starting with
// = + - @, a tab or a carriage return is prefixed with an apostrophe, so it is never run as a
// formula (docs/security.md, "CSV export"). UTF-8 with a byte-order mark, so spreadsheet programs
// read names with accents and emoji correctly.

import Papa from 'papaparse';
import { PARTICIPANT_GENDER_LABELS } from '../../../data/challenges/challenge-labels';
import { formatDurationHms } from '../../../lib/duration';
import { CSV_COLUMNS, csvFileName } from '../constants';
import type { AdminRecording } from '../data/types';

/** Papa Parse's own pattern (`escapeFormulae: true`) ends in `.*$` without the s flag, so a cell
 * such as "=1+1\nfoo" would slip through; the first character alone decides. */
export const FORMULA_START = /^[=+\-@\t\r]/;

export const UTF8_BOM = '\uFEFF';

/** One CSV row per recording, in the order given. Duration as the pages show it, to the whole
 * second, written h:mm:ss (0:02:05), which a spreadsheet reads and sums as a duration ('2:05'
 * would be read as a time of day); Date as an ISO 8601 UTC time. The rep counts are empty for a
 * recording whose counts are not verified (waiting, or failed): only verified counts count
 * (docs/decisions.md "Only verified counts rank"). */
export function recordingsCsv(recordings: readonly AdminRecording[]): string {
  const rows = recordings.map((recording) => [
    recording.name,
    recording.email,
    PARTICIPANT_GENDER_LABELS[recording.gender],
    // Counts only where they are verified: a claim waiting (or failed) is no count to pay out on.
    recording.ranked ? recording.valid_reps : '',
    recording.ranked ? recording.invalid_reps : '',
    recording.ranked ? recording.total_reps : '',
    formatDurationHms(recording.duration_seconds),
    new Date(recording.created_at).toISOString(),
  ]);
  const body = Papa.unparse(
    { fields: [...CSV_COLUMNS], data: rows },
    { escapeFormulae: FORMULA_START, newline: '\r\n', quotes: false },
  );
  return `${UTF8_BOM}${body}\r\n`;
}

/** `{challenge name}-recordings.csv`, with the characters no file system accepts in a name (path
 * separators, control characters, Windows' reserved ones) replaced by '-'. */
export function recordingsFileName(challengeName: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  const safe = challengeName.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '-').trim();
  return csvFileName(safe === '' ? 'challenge' : safe);
}
