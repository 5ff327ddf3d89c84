import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirectPath } from './safe-redirect';

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
});
