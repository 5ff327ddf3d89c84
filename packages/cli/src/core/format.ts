import { isAbsolute, relative } from 'node:path';
import type { AnalysisOutcome } from './analyser.js';
import type { BatchItem } from './batch.js';

/** One record per input, the shape `--json` and `--csv` promise. */
export interface AnalysisRecord {
  readonly input: string;
  readonly valid_reps: number | null;
  readonly invalid_reps: number | null;
  readonly reps: AnalysisOutcome['reps'];
  readonly frames: number | null;
  readonly duration_s: number | null;
  readonly error: string | null;
  /** The camera's view over the input (side, oblique, front), null without world landmarks. */
  readonly view: string | null;
}

export function toRecord(item: BatchItem<AnalysisOutcome>): AnalysisRecord {
  const outcome = item.value;
  return {
    input: item.input,
    valid_reps: outcome?.valid_reps ?? null,
    invalid_reps: outcome?.invalid_reps ?? null,
    reps: outcome?.reps ?? [],
    frames: outcome?.frames ?? null,
    duration_s: outcome?.duration_s ?? null,
    error: item.error ?? null,
    view: outcome?.view ?? null,
  };
}

export function formatJson(records: readonly AnalysisRecord[]): string {
  return `${JSON.stringify(records, null, 2)}\n`;
}

const CSV_COLUMNS = [
  'input',
  'valid_reps',
  'invalid_reps',
  'frames',
  'duration_s',
  'error',
  'reps',
  'view',
] as const;

/**
 * RFC 4180 CSV; `reps` is the JSON list of reps in one quoted cell, each with its evidence.
 * Columns are only ever added at the end, so readers by position keep working.
 */
export function formatCsv(records: readonly AnalysisRecord[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const record of records) {
    lines.push(
      CSV_COLUMNS.map((column) => {
        const value = column === 'reps' ? JSON.stringify(record.reps) : record[column];
        return csvCell(value === null ? '' : String(value));
      }).join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

function csvCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A plain text table for people; columns padded, long names kept whole. */
export function formatTable(
  rows: readonly (readonly string[])[],
  header: readonly string[],
): string {
  const all = [header, ...rows];
  const widths = header.map((_, column) =>
    Math.max(...all.map((row) => (row[column] ?? '').length)),
  );
  const render = (row: readonly string[]) =>
    row
      .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd();
  return `${[render(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(render)].join('\n')}\n`;
}

/**
 * An input as the table shows it: the path as given, or relative to the working folder when given
 * absolute inside it. Not the bare file name: pushup/30-x.ndjson and other/30-x.ndjson must be
 * told apart.
 */
export function displayPath(input: string, cwd: string): string {
  if (!isAbsolute(input)) return input;
  const inside = relative(cwd, input);
  return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside) ? inside : input;
}

export function formatAnalysisTable(records: readonly AnalysisRecord[], cwd: string): string {
  const rows = records.map((record) => [
    displayPath(record.input, cwd),
    record.valid_reps === null ? '-' : String(record.valid_reps),
    record.invalid_reps === null ? '-' : String(record.invalid_reps),
    record.frames === null ? '-' : String(record.frames),
    record.duration_s === null ? '-' : `${record.duration_s.toFixed(1)} s`,
    record.error ?? invalidSummary(record),
  ]);
  return formatTable(rows, ['input', 'valid', 'invalid', 'frames', 'duration', 'notes']);
}

/** The invalid reasons of a record, counted: "2x Didn't go low enough; 1x Poor body alignment". */
function invalidSummary(record: AnalysisRecord): string {
  const counts = new Map<string, number>();
  for (const rep of record.reps) {
    if (rep.invalidReason === null) continue;
    const reason = rep.invalidReason.replace(/: \d+% < \d+%$/, '');
    counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  return [...counts].map(([reason, count]) => `${count}x ${reason}`).join('; ');
}

/** What a stopped run says after printing the rows that finished (the same for every command). */
export function interruptedNotice(finished: number, total: number, noun: string): string {
  return `interrupted: ${finished} of ${total} ${noun} finished and shown above\n`;
}
