import { describe, expect, it } from 'vitest';
import { callbackUrl } from './callback-url';

describe('callbackUrl', () => {
  it('one-time links return to {origin}/auth/callback', () => {
    expect(callbackUrl('http://localhost:5173')).toBe('http://localhost:5173/auth/callback');
    expect(callbackUrl('https://x.test', '/challenge/1/record')).toBe(
      'https://x.test/auth/callback?redirect=%2Fchallenge%2F1%2Frecord',
    );
  });
});
