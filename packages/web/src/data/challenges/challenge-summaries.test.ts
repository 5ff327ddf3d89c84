import { describe, expect, it } from 'vitest';
import { summaryFromBoards } from './challenge-summaries';
import type { LeaderboardEntry, LeaderboardPage } from './leaderboard';

describe('challenge cards', () => {
  const entry = (name: string, validReps: number | null): LeaderboardEntry => ({
    rank: validReps === null ? null : 1,
    recording_id: `recording-${name}`,
    user_id: null,
    name,
    gender: 'male',
    valid_reps: validReps,
    invalid_reps: validReps === null ? null : 0,
    total_reps: validReps,
    form_score: null,
    duration_seconds: 60,
    video_url: null,
    gif_url: null,
    share_count: 0,
    referral_count: 0,
    created_at: '2026-11-25T10:00:00Z',
    is_own: false,
    verification_status: validReps === null ? 'verifying' : 'verified',
    claimed_valid_reps: validReps === null ? 40 : null,
    ranked: validReps !== null,
  });
  const board = (entries: LeaderboardEntry[], hidden = false): LeaderboardPage => ({
    challenge_id: 'c1',
    period: 'all_time',
    gender: 'male',
    time_zone: 'UTC',
    period_start: null,
    period_end: null,
    results_hidden: hidden,
    results_final_at: null,
    participant_count: 4,
    counts: { all: 4, male: 2, female: 2 },
    entries,
    own_entry: null,
  });
  it('names the first entry of each gender tab as the leaderboard ranks it', () => {
    expect(summaryFromBoards(board([entry('Bob', 30)]), board([entry('Ann', 25)]))).toEqual({
      participantCount: 4,
      resultsHidden: false,
      topMale: { name: 'Bob', validReps: 30, verificationStatus: 'verified' },
      topFemale: { name: 'Ann', validReps: 25, verificationStatus: 'verified' },
    });
    expect(summaryFromBoards(board([]), board([]))).toMatchObject({
      topMale: null,
      topFemale: null,
    });
  });
  it('names no leader from a claim waiting for its verification', () => {
    // A board with no verified entry: its first entry is a claim, listed unranked.
    expect(summaryFromBoards(board([entry('Claim', null)]), board([])).topMale).toBeNull();
  });
  it('names no leader while the results are hidden, even with counts on the first entry', () => {
    // The first entry of a hidden board is the earliest submission: the viewer's own, say.
    const summary = summaryFromBoards(
      board([entry('Me', 12)], true),
      board([entry('Ann', null)], true),
    );
    expect(summary).toEqual({
      participantCount: 4,
      resultsHidden: true,
      topMale: null,
      topFemale: null,
    });
  });
});
