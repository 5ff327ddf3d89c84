// The leaderboard cache's calls to the data API after a change (issue 27): a call still waiting
// for its turn when a change is heard reads the database after it, so readers arriving after the
// change share it and its answer is kept; a call already sent is neither shared nor kept; the
// next turn goes to the call most readers wait for. Against a fake data API that answers when
// the test says, and changes announced by the test.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LEADERBOARD_CACHE_MAX_COMPUTING } from '../src/constants.js';
import { createLeaderboardReads } from '../src/leaderboards/leaderboard-cache.js';
import type {
  LeaderboardChangeListener,
  LeaderboardChanges,
} from '../src/leaderboards/leaderboard-changes.js';
import { createLogger } from '../src/log.js';
import { signJwtForTests } from './jwt-for-tests.js';

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
const ANON = signJwtForTests({ role: 'anon', exp: Math.floor(Date.now() / 1000) + 3600 }, SECRET);
const BOARD = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';

/** A data API whose answers wait until the test releases them; each answer names the board's
 * version at the moment the call arrived (what the database would have read). */
function fakeDataApi() {
  const calls: { gender: string; version: number; release: () => void }[] = [];
  let version = 1;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const gender = url.searchParams.get('gender') ?? '';
    const read = version;
    calls.push({
      gender,
      version: read,
      release: () => {
        if (res.headersSent) return;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ gender, version: read }));
      },
    });
  });
  return {
    server,
    calls,
    /** a change committed in the database */
    commit: () => version++,
    async until(count: number) {
      while (calls.length < count) await new Promise((resolve) => setTimeout(resolve, 5));
    },
  };
}

function fakeChanges() {
  const listeners = new Set<LeaderboardChangeListener>();
  const changes: LeaderboardChanges = {
    listening: true,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    caughtUp: () => Promise.resolve(),
    stop: () => Promise.resolve(),
  };
  return {
    changes,
    heard: () => {
      for (const listener of listeners) listener({ kind: 'challenge', challengeId: BOARD });
    },
  };
}

let api: ReturnType<typeof fakeDataApi>;
let announcer: ReturnType<typeof fakeChanges>;
let front: Server;
let frontUrl: string;
/** Reads the cache has been given. */
let received = 0;

/** Resolves once `count` reads have reached the cache and it has taken them in (it answers from
 * memory or joins a call within the same turn of the event loop's microtasks). */
async function arrived(count: number) {
  while (received < count) await new Promise((resolve) => setTimeout(resolve, 5));
  await new Promise((resolve) => setTimeout(resolve, 10));
}

beforeEach(async () => {
  api = fakeDataApi();
  await new Promise<void>((resolve) => api.server.listen(0, '127.0.0.1', resolve));
  const apiPort = (api.server.address() as AddressInfo).port;
  announcer = fakeChanges();
  const reads = createLeaderboardReads({
    changes: announcer.changes,
    jwtSecret: SECRET,
    postgrestUrl: () => new URL(`http://127.0.0.1:${apiPort}`),
    log: createLogger({ level: 'error' }),
  });
  received = 0;
  front = createServer((req, res) => {
    received++;
    const url = new URL(req.url ?? '/', 'http://x');
    void reads.handle(req, res, url, 'challenge_leaderboard');
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  frontUrl = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
});

afterEach(async () => {
  front.closeAllConnections();
  api.server.closeAllConnections();
  await new Promise((resolve) => front.close(resolve));
  await new Promise((resolve) => api.server.close(resolve));
});

/** A visitor's read of one tab; resolves with the answer and how the server answered it. */
async function read(gender: string): Promise<{ version: number; by: string | null }> {
  const query = new URLSearchParams({
    target_challenge_id: BOARD,
    period: 'all_time',
    gender,
    time_zone: 'UTC',
    page_offset: '0',
    page_size: '50',
  });
  const answer = await fetch(`${frontUrl}/rest/v1/rpc/challenge_leaderboard?${query}`, {
    headers: { apikey: ANON, authorization: `Bearer ${ANON}` },
  });
  expect(answer.status).toBe(200);
  const body = (await answer.json()) as { version: number };
  return { version: body.version, by: answer.headers.get('x-leaderboard-cache') };
}

/** Fills every turn with calls of other tabs the test releases later. */
async function holdEveryTurn() {
  const held = Array.from({ length: LEADERBOARD_CACHE_MAX_COMPUTING }, (_, index) =>
    read(`held-${index}`),
  );
  await api.until(LEADERBOARD_CACHE_MAX_COMPUTING);
  return held;
}

describe('calls to the data API after a change', () => {
  it('a call still waiting for its turn serves readers after the change, and is kept', async () => {
    const held = await holdEveryTurn();
    const before = read('all');
    await arrived(LEADERBOARD_CACHE_MAX_COMPUTING + 1);
    api.commit();
    announcer.heard();
    const after = read('all');
    await arrived(LEADERBOARD_CACHE_MAX_COMPUTING + 2);
    for (const call of api.calls) call.release();
    await api.until(LEADERBOARD_CACHE_MAX_COMPUTING + 1);
    api.calls.at(-1)!.release();
    expect((await Promise.all(held)).every((answer) => answer.by === 'miss')).toBe(true);
    // One call for both readers, sent after the change: it read the new version.
    expect(api.calls.filter((call) => call.gender === 'all')).toHaveLength(1);
    expect(await before).toEqual({ version: 2, by: 'miss' });
    expect(await after).toEqual({ version: 2, by: 'miss' });
    expect(await read('all')).toEqual({ version: 2, by: 'hit' });
  });

  it('a call sent before the change is not shared with later readers, nor kept', async () => {
    const first = read('all');
    await api.until(1);
    api.commit();
    announcer.heard();
    const second = read('all');
    await api.until(2);
    for (const call of api.calls) call.release();
    expect(await first).toEqual({ version: 1, by: 'miss' });
    expect(await second).toEqual({ version: 2, by: 'miss' });
    // The second call was sent after the change: kept.
    expect(await read('all')).toEqual({ version: 2, by: 'hit' });
    expect(api.calls).toHaveLength(2);
  });

  it('the next turn goes to the call most readers wait for', async () => {
    const held = await holdEveryTurn();
    const lonely = read('female');
    await arrived(LEADERBOARD_CACHE_MAX_COMPUTING + 1);
    const popular = [read('male'), read('male'), read('male')];
    await arrived(LEADERBOARD_CACHE_MAX_COMPUTING + 4);
    api.calls[0]!.release();
    await api.until(LEADERBOARD_CACHE_MAX_COMPUTING + 1);
    expect(api.calls.at(-1)!.gender).toBe('male');
    api.calls[1]!.release();
    await api.until(LEADERBOARD_CACHE_MAX_COMPUTING + 2);
    expect(api.calls.at(-1)!.gender).toBe('female');
    for (const call of api.calls) call.release();
    await Promise.all([...held, lonely, ...popular]);
  });
});
