import { describe, expect, it } from 'vitest';
import { recentActivity } from '../dashboard/recent-activity';
import { countActive } from '../data/admin-dashboard';
import type { AdminRecording } from '../data/types';
import {
  flaggedOnly,
  formatDuration,
  histogramBinWidth,
  localDayKey,
  newestFirst,
  recordingStats,
  repTotals,
  submissionsPerDay,
  validRepsDistribution,
  verifiedOnly,
} from './analytics';

let counter = 0;
function recording(extra: Partial<AdminRecording>): AdminRecording {
  counter += 1;
  return {
    id: `r${counter}`,
    challenge_id: 'c',
    user_id: null,
    name: `P${counter}`,
    email: `p${counter}@example.test`,
    gender: 'male',
    valid_reps: 10,
    invalid_reps: 0,
    total_reps: 10,
    duration_seconds: 60,
    created_at: new Date(2026, 10, 20, 12).toISOString(),
    claimed_valid_reps: 10,
    claimed_total_reps: 10,
    verified_total_reps: 10,
    verification_status: 'verified',
    ranked: true,
    verification_flagged: false,
    verification_error: null,
    ...extra,
  };
}

describe('stats cards (spec 02 §9)', () => {
  it('average valid reps rounded, top score the maximum, participants by distinct e-mail', () => {
    const rows = [
      recording({ valid_reps: 10, email: 'a@x.test' }),
      recording({ valid_reps: 11, email: 'a@x.test' }),
      recording({ valid_reps: 12, email: 'b@x.test' }),
      recording({ valid_reps: 12, email: 'c@x.test' }),
    ];
    // 45 / 4 = 11.25
    expect(recordingStats(rows)).toEqual({
      recordingCount: 4,
      participantCount: 3,
      averageValidReps: 11,
      topScore: 12,
    });
    expect(
      recordingStats([recording({ valid_reps: 1 }), recording({ valid_reps: 2 })]).averageValidReps,
    ).toBe(2);
  });
  it('without recordings: zeros and no top score', () => {
    expect(recordingStats([])).toEqual({
      recordingCount: 0,
      participantCount: 0,
      averageValidReps: 0,
      topScore: null,
    });
  });
});

describe('lists', () => {
  it('newest first', () => {
    const a = recording({ created_at: '2026-11-20T08:00:00Z' });
    const b = recording({ created_at: '2026-11-21T08:00:00Z' });
    expect(newestFirst([a, b]).map((row) => row.id)).toEqual([b.id, a.id]);
  });
});

describe('chart series', () => {
  it('submissions per local day, with the empty days between', () => {
    const rows = [
      recording({ created_at: new Date(2026, 10, 20, 9).toISOString() }),
      recording({ created_at: new Date(2026, 10, 20, 23, 59).toISOString() }),
      recording({ created_at: new Date(2026, 10, 23, 0, 1).toISOString() }),
    ];
    expect(submissionsPerDay(rows)).toEqual([
      { day: '2026-11-20', count: 2 },
      { day: '2026-11-21', count: 0 },
      { day: '2026-11-22', count: 0 },
      { day: '2026-11-23', count: 1 },
    ]);
    expect(submissionsPerDay([])).toEqual([]);
    expect(localDayKey(new Date(2026, 0, 5))).toBe('2026-01-05');
  });
  it('histogram bins grow in 1-2-5 steps to at most 10 bars', () => {
    expect(histogramBinWidth(0)).toBe(1);
    expect(histogramBinWidth(9)).toBe(1);
    expect(histogramBinWidth(10)).toBe(2);
    expect(histogramBinWidth(19)).toBe(2);
    expect(histogramBinWidth(20)).toBe(5);
    expect(histogramBinWidth(49)).toBe(5);
    expect(histogramBinWidth(50)).toBe(10);
    expect(histogramBinWidth(1000)).toBe(200);
  });
  it('the distribution counts every recording once, from 0 to the top score', () => {
    const rows = [0, 4, 5, 12, 12, 23].map((valid_reps) => recording({ valid_reps }));
    const bins = validRepsDistribution(rows);
    expect(bins).toEqual([
      { label: '0–4', count: 2 },
      { label: '5–9', count: 1 },
      { label: '10–14', count: 2 },
      { label: '15–19', count: 0 },
      { label: '20–24', count: 1 },
    ]);
    expect(validRepsDistribution([recording({ valid_reps: 3 })]).map((bin) => bin.label)).toEqual([
      '0',
      '1',
      '2',
      '3',
    ]);
  });
  it('valid and invalid totals', () => {
    expect(
      repTotals([
        recording({ valid_reps: 5, invalid_reps: 2 }),
        recording({ valid_reps: 7, invalid_reps: 1 }),
      ]),
    ).toEqual({ valid: 12, invalid: 3 });
  });
  it('durations as m:ss', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(61.5)).toBe('1:02');
    expect(formatDuration(300)).toBe('5:00');
  });
});

describe('dashboard', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  it('active challenges: switched on, within their dates, a duel within its 72 hours', () => {
    const base = {
      name: 'x',
      created_at: now.toISOString(),
      start_date: null,
      end_date: null,
      challenge_type: 'accountability' as const,
      first_participant_joined_at: null,
    };
    const duel = { ...base, challenge_type: 'duel' as const, is_active: true };
    expect(
      countActive(
        [
          { ...base, id: '1', is_active: true },
          { ...base, id: '2', is_active: false },
          { ...base, id: '3', is_active: true, start_date: '2026-12-01T00:00:00Z' },
          { ...base, id: '4', is_active: true, end_date: '2026-11-01T00:00:00Z' },
          { ...base, id: '5', is_active: true, end_date: '2026-12-01T00:00:00Z' },
          { ...duel, id: '6', first_participant_joined_at: '2026-11-21T12:00:00Z' },
          { ...duel, id: '7', first_participant_joined_at: '2026-11-24T12:00:00Z' },
        ],
        now,
      ),
    ).toBe(3);
  });
  it('recent activity: challenges and recordings merged newest first, with their ages', () => {
    const items = recentActivity(
      {
        recentChallenges: [
          {
            id: 'c1',
            name: 'Cup',
            is_active: true,
            start_date: null,
            end_date: null,
            created_at: '2026-11-25T09:00:00Z',
            challenge_type: 'accountability',
            first_participant_joined_at: null,
          },
        ],
        recentRecordings: [
          {
            id: 'r1',
            name: 'Ada',
            created_at: '2026-11-25T11:59:30Z',
            challenge_id: 'c1',
            challenges: { name: 'Cup' },
          },
          {
            id: 'r2',
            name: 'Bo',
            created_at: '2026-11-23T11:00:00Z',
            challenge_id: 'c1',
            challenges: null,
          },
        ],
      },
      now,
    );
    expect(items.map((item) => [item.title, item.detail, item.age])).toEqual([
      ['Ada submitted a recording', 'Cup', 'Just now'],
      ['New challenge created', 'Cup', '3h ago'],
      ['Bo submitted a recording', '', '2d ago'],
    ]);
  });
});

describe('verified scores in the admin area (issues 18, 25)', () => {
  it('counts are read from verified recordings only: claims count nothing in the stats or charts', () => {
    const claims = [
      recording({ valid_reps: 99, verification_status: 'no_video', ranked: false }),
      recording({ valid_reps: 80, verification_status: 'failed', ranked: false }),
      recording({ valid_reps: 500, verification_status: 'verifying', ranked: false }),
    ];
    const verified = [recording({ valid_reps: 20 }), recording({ valid_reps: 10 })];
    const rows = [...claims, ...verified];
    expect(verifiedOnly(rows)).toEqual(verified);
    expect(recordingStats(rows)).toMatchObject({
      recordingCount: 5,
      averageValidReps: 15,
      topScore: 20,
    });
    expect(recordingStats(claims)).toMatchObject({ averageValidReps: 0, topScore: null });
    expect(repTotals(rows)).toEqual({ valid: 30, invalid: 0 });
    expect(validRepsDistribution(rows).reduce((sum, bin) => sum + bin.count, 0)).toBe(2);
  });
  it('the flagged filter keeps only recordings flagged by the database', () => {
    const flagged = recording({ id: 'flagged', verification_flagged: true });
    expect(flaggedOnly([recording({}), flagged, recording({})]).map((row) => row.id)).toEqual([
      'flagged',
    ]);
  });
});
