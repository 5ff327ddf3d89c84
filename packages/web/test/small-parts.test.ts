import { describe, expect, it } from 'vitest';
import { summaryFromBoards } from '../src/data/challenges/challenge-summaries';
import type { LeaderboardEntry, LeaderboardPage } from '../src/data/challenges/leaderboard';
import { hostedConfigFromEnv } from '../src/data/config/app-config';
import {
  readPendingProfile,
  removePendingProfile,
  storePendingProfile,
} from '../src/data/profiles/pending-profile';
import { normalizeWaitlistEmail } from '../src/data/waitlist/waitlist';
import { callbackUrl } from '../src/lib/callback-url';
import { loginPathFor, safeRedirectPath } from '../src/lib/safe-redirect';

class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe('redirects after sign-in', () => {
  it.each([
    ['/challenge/abc/record', '/challenge/abc/record'],
    ['/profile?tab=1', '/profile?tab=1'],
    ['//evil.example', undefined],
    ['/\\evil.example', undefined],
    ['https://evil.example/', undefined],
    ['/\t/evil.example', undefined],
    ['', undefined],
    [null, undefined],
  ])('%s -> %s', (raw, expected) => {
    expect(safeRedirectPath(raw)).toBe(expected);
  });
  it('builds the login path that comes back', () => {
    expect(loginPathFor('/profile')).toBe('/login?redirect=%2Fprofile');
    expect(loginPathFor('/')).toBe('/login');
  });
  it('one-time links return to {origin}/auth/callback', () => {
    expect(callbackUrl('http://localhost:5173')).toBe('http://localhost:5173/auth/callback');
    expect(callbackUrl('https://x.test', '/challenge/1/record')).toBe(
      'https://x.test/auth/callback?redirect=%2Fchallenge%2F1%2Frecord',
    );
  });
});

describe('pendingProfile in browser storage', () => {
  it('is stored, read and removed under the key pendingProfile', () => {
    const storage = new MemoryStorage();
    storePendingProfile(storage, { age: 40, goals: ['video_analysis'] });
    expect(JSON.parse(storage.getItem('pendingProfile')!)).toEqual({
      age: 40,
      goals: ['video_analysis'],
    });
    expect(readPendingProfile(storage)).toEqual({ age: 40, goals: ['video_analysis'] });
    removePendingProfile(storage);
    expect(readPendingProfile(storage)).toBeNull();
  });
  it('fields of the wrong type or with unknown values are left out and reported', () => {
    const storage = new MemoryStorage();
    storage.setItem(
      'pendingProfile',
      JSON.stringify({
        age: '40',
        gender: 'robot',
        goals: ['video_analysis', 'flying'],
        height_cm: 180,
        expectations: null,
        is_admin: true,
      }),
    );
    const warnings: unknown[] = [];
    const warn = console.warn;
    console.warn = (message: unknown) => warnings.push(message);
    expect(readPendingProfile(storage)).toEqual({ height_cm: 180, expectations: null });
    console.warn = warn;
    expect(warnings).toEqual(['Ignoring pendingProfile fields: age, gender, goals, is_admin']);
  });
  it('an unreadable value is dropped, not used', () => {
    const storage = new MemoryStorage();
    storage.setItem('pendingProfile', '{not json');
    const warn = console.warn;
    console.warn = () => undefined;
    expect(readPendingProfile(storage)).toBeNull();
    console.warn = warn;
    expect(storage.getItem('pendingProfile')).toBeNull();
  });
});

describe('configuration', () => {
  it('a hosted project needs both the URL and the anon key', () => {
    expect(hostedConfigFromEnv({})).toBeUndefined();
    expect(hostedConfigFromEnv({ VITE_SUPABASE_URL: 'https://p.supabase.co' })).toBeUndefined();
    expect(
      hostedConfigFromEnv({
        VITE_SUPABASE_URL: 'https://p.supabase.co',
        VITE_SUPABASE_ANON_KEY: 'k',
      }),
    ).toEqual({ supabaseUrl: 'https://p.supabase.co', anonKey: 'k' });
  });
  it('waitlist addresses are stored trimmed and lower-cased', () => {
    expect(normalizeWaitlistEmail('  Ann@Example.TEST ')).toBe('ann@example.test');
  });
});

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
      topMale: { name: 'Bob', validReps: 30 },
      topFemale: { name: 'Ann', validReps: 25 },
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
