import { describe, expect, it } from 'vitest';
import { normalizeWaitlistEmail } from './waitlist';

describe('waitlist', () => {
  it('waitlist addresses are stored trimmed and lower-cased', () => {
    expect(normalizeWaitlistEmail('  Ann@Example.TEST ')).toBe('ann@example.test');
  });
});
