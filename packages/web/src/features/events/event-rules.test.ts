import { describe, expect, it } from 'vitest';
import {
  beginnerMonthTotal,
  beginnerTargets,
  canGenerateReferralLink,
  eventChallengePath,
  pushtoberStatus,
  pushtoberYear,
  referralLink,
} from './event-rules';

describe('the referral link (spec 02 §7)', () => {
  it('is /challenge/{hash}?ref={email, URL-encoded}, the e-mail lower-cased and trimmed', () => {
    expect(referralLink('https://rep.example', 'token2049', ' Ana+Gym@Example.com ')).toBe(
      'https://rep.example/challenge/token2049?ref=ana%2Bgym%40example.com',
    );
  });
  it("the event page's Join carries the referral it was opened with", () => {
    expect(eventChallengePath('token2049', null)).toBe('/challenge/token2049');
    expect(eventChallengePath('token2049', 'ana+gym@example.com')).toBe(
      '/challenge/token2049?ref=ana%2Bgym%40example.com',
    );
  });
  it('Generate Link is disabled while the e-mail is empty', () => {
    expect(canGenerateReferralLink('')).toBe(false);
    expect(canGenerateReferralLink('   ')).toBe(false);
    expect(canGenerateReferralLink('a')).toBe(true);
  });
});

describe('Pushtober: October 1-31 in local time (spec 02 §9)', () => {
  it('counts down before, numbers the days during, and is over after', () => {
    expect(pushtoberStatus(new Date(2027, 8, 30, 23, 59), 2027)).toEqual({
      phase: 'before',
      year: 2027,
      daysToGo: 1,
    });
    expect(pushtoberStatus(new Date(2027, 8, 1, 8), 2027)).toMatchObject({ daysToGo: 30 });
    expect(pushtoberStatus(new Date(2027, 9, 1, 0, 0), 2027)).toEqual({
      phase: 'during',
      year: 2027,
      day: 1,
    });
    expect(pushtoberStatus(new Date(2027, 9, 31, 23, 59), 2027)).toMatchObject({ day: 31 });
    expect(pushtoberStatus(new Date(2027, 10, 1, 0, 0), 2027)).toEqual({
      phase: 'after',
      year: 2027,
    });
  });
  it("the year is the challenge's October (its window closes on 1 November UTC)", () => {
    expect(pushtoberYear('2027-11-01T12:00:00Z', new Date(2026, 10, 25))).toBe(2027);
    expect(pushtoberYear(null, new Date(2026, 9, 15))).toBe(2026);
    expect(pushtoberYear(null, new Date(2026, 10, 1))).toBe(2027);
  });
});

describe('daily targets: beginners start at 5-10 and add 1 a day (spec 02 §9)', () => {
  it('day 1 is 5-10, day 31 is 35-40', () => {
    expect(beginnerTargets([1, 2, 31])).toEqual([
      { day: 1, min: 5, max: 10 },
      { day: 2, min: 6, max: 11 },
      { day: 31, min: 35, max: 40 },
    ]);
  });
  it('the month adds up', () => {
    // 31 days from 5 to 35 and from 10 to 40.
    expect(beginnerMonthTotal()).toEqual({ min: 620, max: 775 });
  });
});
