import { describe, expect, it } from 'vitest';
import { countFallbackNote } from './type-fields-form';

const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

describe('a count that falls back to 1 says so while the field holds it (spec 02 §5, issue 26)', () => {
  it('0, a negative number and an empty field are saved as 1', () => {
    expect(countFallbackNote('0', days)).toBe('0 is below the minimum of 1: 1 day is saved.');
    expect(countFallbackNote('-3', days)).toBe('-3 is below the minimum of 1: 1 day is saved.');
    expect(countFallbackNote('  ', days)).toBe('Empty: 1 day is saved.');
  });
  it('a fraction is cut to its whole number', () => {
    expect(countFallbackNote('2.5', days)).toBe('Whole numbers only: 2 days is saved.');
  });
  it('a whole number of at least 1 is saved as it is, without a note', () => {
    expect(countFallbackNote('7', days)).toBeNull();
    expect(countFallbackNote(' 12 ')).toBeNull();
  });
});
