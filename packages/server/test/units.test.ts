// Small pure pieces, without the stack.

import { describe, expect, it } from 'vitest';
import { makeApiKey, signJwt, verifyJwt } from '../src/auth/jwt.js';
import { parseArgs, resolveConfig } from '../src/config.js';
import { DEFAULT_PORT, MAX_RECORDING_SECONDS, SESSION_MAX_SECONDS } from '../src/constants.js';
import { pushtoberWindow } from '../src/db/seed-events.js';
import { parseRange } from '../src/http/static-files.js';
import { describeLeadingBytes, sniffVideoContainer } from '../src/media/video-sniff.js';
import { signJwtForTests } from './jwt-for-tests.js';

const SECRET = 'a-test-secret-that-is-long-enough-123';

describe('HS256 tokens', () => {
  it('verifies what it signs, and what an independent signer signs', () => {
    expect(verifyJwt(signJwt({ sub: 'u', exp: 4_000_000_000 }, SECRET), SECRET)).toMatchObject({
      sub: 'u',
    });
    expect(verifyJwt(signJwtForTests({ sub: 'v' }, SECRET), SECRET)).toMatchObject({ sub: 'v' });
  });
  it('refuses another secret, another algorithm, expiry and garbage', () => {
    expect(() => verifyJwt(signJwt({ sub: 'u' }, SECRET), `${SECRET}x`)).toThrow(
      /signature is invalid/,
    );
    expect(() =>
      verifyJwt(signJwtForTests({ sub: 'u' }, SECRET, { alg: 'HS512', typ: 'JWT' }), SECRET),
    ).toThrow(/not allowed/);
    expect(() => verifyJwt(signJwt({ sub: 'u', exp: 100 }, SECRET), SECRET, 200)).toThrow(
      /expired/,
    );
    expect(() => verifyJwt('a.b', SECRET)).toThrow(/malformed/);
    expect(() => verifyJwt('a.b.c', SECRET)).toThrow(/malformed/);
  });
  it('makes API keys with the role claim and a fixed issue time', () => {
    const key = makeApiKey('anon', SECRET, 1000, 10);
    expect(verifyJwt(key, SECRET, 1005)).toMatchObject({ role: 'anon', iat: 1000, exp: 1010 });
    expect(makeApiKey('anon', SECRET, 1000, 10)).toBe(key);
  });
});

describe('configuration', () => {
  it('flags win over the environment; defaults start a working stack', () => {
    const config = resolveConfig(
      parseArgs(['--port', '9000', '--data=/tmp/x']).values,
      { PORT: '1', DATA_DIR: '/nope' },
      '/work',
    );
    expect(config).toMatchObject({ port: 9000, dataDir: '/tmp/x', host: '127.0.0.1' });
    expect(parseArgs(['--', '--port', '1']).values).toEqual({ port: '1' });
    expect(resolveConfig({}, {}, '/work')).toMatchObject({
      port: DEFAULT_PORT,
      dataDir: '/work/.data',
      devEndpoints: true,
      databaseUrl: undefined,
    });
    expect(resolveConfig({}, { NODE_ENV: 'production', PORT: '0' }, '/')).toMatchObject({
      devEndpoints: false,
      port: 0,
    });
  });
  it('names what is wrong', () => {
    expect(() => parseArgs(['--colour'])).toThrow(/Unknown option/);
    expect(() => parseArgs(['--port'])).toThrow(/needs a value/);
    expect(() => resolveConfig({ port: '70000' }, {})).toThrow(/not a port/);
    expect(() => resolveConfig({}, { AUTH_RATE_LIMITS: '{' })).toThrow(/not valid JSON/);
  });
  it('the recording limit is the 5-minute session plus margin', () => {
    expect(SESSION_MAX_SECONDS).toBe(300);
    expect(MAX_RECORDING_SECONDS).toBeGreaterThan(SESSION_MAX_SECONDS);
  });
});

describe('byte ranges', () => {
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-', { start: 100, end: 999 }],
    ['bytes=-10', { start: 990, end: 999 }],
    ['bytes=900-5000', { start: 900, end: 999 }],
    ['bytes=1000-', 'unsatisfiable'],
    ['bytes=5-1', 'unsatisfiable'],
    ['items=0-1', undefined],
    [undefined, undefined],
  ])('%s of 1000 bytes', (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });
});

describe('video sniffing', () => {
  it('knows WebM, MP4 and QuickTime by their first bytes', () => {
    expect(sniffVideoContainer(Buffer.from('1a45dfa3a3428286810142f7', 'hex'))?.extension).toBe(
      'webm',
    );
    expect(
      sniffVideoContainer(Buffer.from('\0\0\0\x20ftypisom\0\0\x02\0', 'latin1'))?.extension,
    ).toBe('mp4');
    expect(
      sniffVideoContainer(Buffer.from('\0\0\0\x14ftypqt  \0\0\0\0', 'latin1'))?.extension,
    ).toBe('mov');
    expect(sniffVideoContainer(Buffer.from('hello world, no video'))).toBeUndefined();
  });
  it('describes what it did not recognise', () => {
    expect(describeLeadingBytes(Buffer.from('plain text file!'))).toContain('text starting with');
    expect(describeLeadingBytes(Buffer.from([0, 1, 2, 255]))).toBe('bytes 00 01 02 ff');
  });
});

describe('the seeded Pushtober window', () => {
  it('covers 1-31 October in every zone, from UTC+14 to UTC-12', () => {
    const window = pushtoberWindow(new Date('2026-11-25T12:00:00Z'));
    expect(window.year).toBe(2027);
    expect(window.startsAt.toISOString()).toBe('2027-09-30T10:00:00.000Z');
    expect(window.endsAt.toISOString()).toBe('2027-11-01T12:00:00.000Z');
  });
  it('is this October while October lasts somewhere, and before it', () => {
    expect(pushtoberWindow(new Date('2026-03-01T00:00:00Z')).year).toBe(2026);
    expect(pushtoberWindow(new Date('2026-11-01T11:59:59Z')).year).toBe(2026);
    expect(pushtoberWindow(new Date('2026-11-01T12:00:00Z')).year).toBe(2027);
  });
});
