import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { AdminRecording } from '../data/types';
import { recordingsCsv, recordingsFileName, UTF8_BOM } from './recordings-csv';

function recording(name: string, extra: Partial<AdminRecording> = {}): AdminRecording {
  return {
    id: `id-${name}`,
    challenge_id: 'c',
    user_id: null,
    name,
    email: 'someone@example.test',
    gender: 'female',
    valid_reps: 21,
    invalid_reps: 3,
    total_reps: 24,
    duration_seconds: 61.5,
    created_at: '2026-11-24T09:30:00.123456+00:00',
    claimed_valid_reps: 21,
    claimed_total_reps: 24,
    verified_total_reps: 24,
    verification_status: 'verified',
    ranked: true,
    verification_flagged: false,
    verification_error: null,
    ...extra,
  };
}

function parse(csv: string): string[][] {
  expect(csv.startsWith(UTF8_BOM)).toBe(true);
  const parsed = Papa.parse<string[]>(csv.slice(UTF8_BOM.length), { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

describe('the recordings CSV (spec 02 §9)', () => {
  it('has exactly the spec columns and one row per recording, values as stored', () => {
    const rows = parse(recordingsCsv([recording('Ada', { gender: 'male' })]));
    expect(rows).toEqual([
      ['Name', 'Email', 'Sex', 'Valid Reps', 'Invalid Reps', 'Total Reps', 'Duration', 'Date'],
      [
        'Ada',
        'someone@example.test',
        'Male',
        '21',
        '3',
        '24',
        '0:01:01',
        '2026-11-24T09:30:00.123Z',
      ],
    ]);
  });
  it('leaves the counts empty where they are not verified (a claim waiting, or failed)', () => {
    const rows = parse(
      recordingsCsv([
        recording('Waiting', { ranked: false, verification_status: 'verifying', valid_reps: 1000 }),
        recording('Failed', { ranked: false, verification_status: 'failed', valid_reps: 900 }),
      ]),
    );
    expect(rows.slice(1).map((row) => row.slice(0, 6))).toEqual([
      ['Waiting', 'someone@example.test', 'Female', '', '', ''],
      ['Failed', 'someone@example.test', 'Female', '', '', ''],
    ]);
  });
  it('quotes commas, quotes and line breaks, and keeps UTF-8 names (emoji, accents) intact', () => {
    const names = [
      'Smith, Jr.',
      'The "Rock"',
      'two\nlines',
      'carriage\r\nreturn',
      'Zoë 💪🏽',
      '李雷',
    ];
    const csv = recordingsCsv(names.map((name) => recording(name)));
    expect(csv).toContain('"Smith, Jr."');
    expect(csv).toContain('"The ""Rock"""');
    expect(
      parse(csv)
        .slice(1)
        .map((row) => row[0]),
    ).toEqual(names);
  });
  it('rows end in CRLF (RFC 4180), the file too', () => {
    const csv = recordingsCsv([recording('A'), recording('B')]);
    expect(csv.split('\r\n')).toHaveLength(4);
    expect(csv.endsWith('\r\n')).toBe(true);
  });
  it.each([
    ['=HYPERLINK("http://evil.example","click")'],
    ['+1+1'],
    ['-2+3'],
    ['@SUM(A1:A2)'],
    ['\t=1+1'],
    ['\r=1+1'],
    ['=1+1\nsecond line'],
  ])('a cell starting a formula (%j) is neutralised with a leading apostrophe', (name) => {
    const [, row] = parse(recordingsCsv([recording(name, { email: name })]));
    expect(row?.[0]).toBe(`'${name}`);
    expect(row?.[1]).toBe(`'${name}`);
  });
  it('ordinary text and the numbers are not prefixed', () => {
    const [, row] = parse(recordingsCsv([recording('Ann = best', { valid_reps: 0 })]));
    expect(row?.[0]).toBe('Ann = best');
    expect(row?.[3]).toBe('0');
  });
  it('an empty list is the header alone', () => {
    expect(parse(recordingsCsv([]))).toHaveLength(1);
  });
});

describe('the file name', () => {
  it('is {challenge name}-recordings.csv', () => {
    expect(recordingsFileName('Spring Push-up Cup')).toBe('Spring Push-up Cup-recordings.csv');
  });
  it('replaces characters no file system takes in a name', () => {
    expect(recordingsFileName('A/B: "C"?')).toBe('A-B- -C---recordings.csv');
    expect(recordingsFileName('///')).toBe('----recordings.csv');
    expect(recordingsFileName('  ')).toBe('challenge-recordings.csv');
  });
});
