import { describe, expect, it } from 'vitest';
import {
  type AnalysisRecord,
  formatAnalysisTable,
  formatCsv,
  formatJson,
} from '../src/core/format.js';

const records: AnalysisRecord[] = [
  {
    input: 'videos/a.mp4',
    valid_reps: 1,
    invalid_reps: 1,
    reps: [
      { repNumber: 1, startTime: 100, endTime: 900, isValidRep: true, invalidReason: null },
      {
        repNumber: 2,
        startTime: 1000,
        endTime: 1800,
        isValidRep: false,
        invalidReason: "Didn't go low enough",
      },
    ],
    frames: 60,
    duration_s: 2,
    error: null,
    view: 'side',
  },
  {
    input: 'b, "odd".mp4',
    valid_reps: null,
    invalid_reps: null,
    reps: [],
    frames: null,
    duration_s: null,
    error: 'VIDEO_DECODE_FAILED: moov atom not found',
    view: null,
  },
];

describe('output formats', () => {
  it('JSON: one record per input with the promised fields', () => {
    const parsed = JSON.parse(formatJson(records));
    expect(parsed).toEqual(records);
    expect(Object.keys(parsed[0])).toEqual([
      'input',
      'valid_reps',
      'invalid_reps',
      'reps',
      'frames',
      'duration_s',
      'error',
      'view',
    ]);
  });

  it('CSV: quotes commas, quotes and the reps JSON; empty cells for missing values', () => {
    const lines = formatCsv(records).split('\r\n');
    // New columns only ever go last: readers by position keep working.
    expect(lines[0]).toBe('input,valid_reps,invalid_reps,frames,duration_s,error,reps,view');
    expect(lines[1]).toMatch(/^videos\/a\.mp4,1,1,60,2,,"\[\{""repNumber"":1.*",side$/);
    expect(lines[2]).toBe('"b, ""odd"".mp4",,,,,VIDEO_DECODE_FAILED: moov atom not found,[],');
  });

  it('table: a row per input, invalid reasons counted, errors shown', () => {
    const table = formatAnalysisTable(records, '/work');
    expect(table).toContain('videos/a.mp4');
    expect(table).toContain("1x Didn't go low enough");
    expect(table).toContain('VIDEO_DECODE_FAILED');
  });

  it('table: tells apart inputs with the same file name in different folders', () => {
    const sameName = (input: string, valid: number): AnalysisRecord => ({
      ...records[0]!,
      input,
      valid_reps: valid,
    });
    const table = formatAnalysisTable(
      [
        sameName('/work/pushup/30-x.ndjson', 2),
        sameName('other/30-x.ndjson', 1),
        sameName('/elsewhere/30-x.ndjson', 0),
      ],
      '/work',
    );
    const names = table
      .split('\n')
      .slice(2, 5)
      .map((line) => line.split(/\s+/)[0]);
    expect(names).toEqual(['pushup/30-x.ndjson', 'other/30-x.ndjson', '/elsewhere/30-x.ndjson']);
  });
});
