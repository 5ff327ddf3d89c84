import { describe, expect, it } from 'vitest';
import { LEADERBOARD } from './constants';
import { availableViews, resolveView, viewParams } from './leaderboard-view';

const accountability = { challenge_type: 'accountability', is_daily: false } as const;
const dailyProgression = { challenge_type: 'progression', is_daily: true } as const;
const duel = { challenge_type: 'duel', is_daily: false } as const;

describe('which views a challenge has (spec 02 §2)', () => {
  it('period tabs for daily or accountability challenges; the Aggregate for accountability only', () => {
    expect(availableViews(accountability)).toEqual(['today', 'this_week', 'all_time', 'aggregate']);
    expect(availableViews(dailyProgression)).toEqual(['today', 'this_week', 'all_time']);
    expect(availableViews(duel)).toEqual(['all_time']);
  });
});

describe('the view a URL asks for', () => {
  it('takes known values and defaults to All Time and All', () => {
    expect(resolveView(new URLSearchParams('period=today&gender=female'), accountability)).toEqual({
      view: 'today',
      gender: 'female',
      notices: [],
    });
    expect(resolveView(new URLSearchParams(''), duel)).toEqual({
      view: 'all_time',
      gender: 'all',
      notices: [],
    });
  });
  it('a value that makes no sense shows All Time or All and says why', () => {
    expect(resolveView(new URLSearchParams('period=yesterday'), accountability)).toEqual({
      view: 'all_time',
      gender: 'all',
      notices: [LEADERBOARD.unknownPeriod('yesterday')],
    });
    expect(resolveView(new URLSearchParams('period=aggregate'), dailyProgression).notices).toEqual([
      LEADERBOARD.aggregateOnlyForAccountability,
    ]);
    expect(resolveView(new URLSearchParams('period=today'), duel).notices).toEqual([
      LEADERBOARD.periodsOnlyForDaily,
    ]);
    expect(resolveView(new URLSearchParams('gender=robot'), duel)).toMatchObject({
      gender: 'all',
      notices: [LEADERBOARD.unknownGender('robot')],
    });
  });
  it('links leave the defaults out', () => {
    expect(viewParams('all_time', 'all').toString()).toBe('');
    expect(viewParams('this_week', 'male').toString()).toBe('period=this_week&gender=male');
  });
  it("empty tabs say 'No {gender} participants yet'", () => {
    expect(LEADERBOARD.emptyTab('female')).toBe('No female participants yet');
    expect(LEADERBOARD.emptyTab('all')).toBe('No participants yet');
  });
});
