// Leaderboard reads served from what changed (issue 27). The two leaderboard functions
// (rpc/challenge_leaderboard, rpc/challenge_leaderboard_aggregate) recompute the ranking on each
// call (45-160 ms of database time on an event's board); their answers change only when the
// database announces a change (leaderboard-changes.ts) or the clock passes a moment the answer
// names (answer-expiry.ts). So the server keeps each answer, keyed by function, arguments and
// viewer (leaderboard-request.ts: hidden results and a participant's own entry depend on who
// asks), and answers from it until then, with an ETag: a GET whose If-None-Match names the
// answer gets 304. Reads of one key arriving while it is being computed share that one call; at
// most LEADERBOARD_CACHE_MAX_COMPUTING calls run at once, the one most readers wait for first.
//
// Read-your-writes: every read first waits for changes.caughtUp(), so a change committed before
// the read is heard (and its answers dropped) before the read is looked up. While the database's
// announcements are not heard, nothing is kept: every read goes to the data API.

import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  LEADERBOARD_CACHE_MAX_AGE_MS,
  LEADERBOARD_CACHE_MAX_BODY_BYTES,
  LEADERBOARD_CACHE_MAX_COMPUTING,
  LEADERBOARD_CACHE_MAX_ENTRIES,
} from '../constants.js';
import { sendJson } from '../http/http-utils.js';
import { fetchUpstream, proxyRequest, type UpstreamAnswer } from '../http/proxy.js';
import type { Logger } from '../log.js';
import { answerExpiry } from './answer-expiry.js';
import type { LeaderboardChanges } from './leaderboard-changes.js';
import {
  argumentsOfQuery,
  type CachedFunction,
  type LeaderboardRequest,
  leaderboardRequest,
  viewerKey,
} from './leaderboard-request.js';

interface KeptAnswer {
  challengeId: string;
  headers: Record<string, string | string[]>;
  body: Buffer;
  etag: string;
  shared: boolean;
  /** ms since the epoch */
  expiresAt: number;
}

/** A call to the data API for one key, shared by the reads of that key arriving meanwhile. */
interface Computation {
  challengeId: string;
  answer: Promise<UpstreamAnswer>;
  /** reads waiting for it (the turn goes to the most waited-for) */
  readers: number;
  /** the challenge's generation when the call was sent; undefined while it waits for its turn */
  sentInGeneration?: string;
}

/** How a read was answered, in the x-leaderboard-cache header (tests and the benchmark read it). */
type CacheState = 'hit' | 'miss' | 'pass';

export interface LeaderboardReads {
  /** Answers a read of one of the two functions (already past the API key check). */
  handle(req: IncomingMessage, res: ServerResponse, url: URL, fn: CachedFunction): Promise<void>;
  /** Answers kept now. */
  readonly size: number;
}

const etags = new WeakMap<Buffer, string>();
/** The answer's ETag, computed once per answer (readers sharing one call share it). */
function etagOf(body: Buffer): string {
  let etag = etags.get(body);
  if (!etag) {
    etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    etags.set(body, etag);
  }
  return etag;
}

/** Whether an If-None-Match header names `etag` (weak comparison, as for GET). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

async function readSmallBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    chunks.push(chunk as Buffer);
  }
  if (size > maxBytes) throw new Error(`body of ${size} bytes, more than announced`);
  return Buffer.concat(chunks);
}

export function createLeaderboardReads(options: {
  changes: LeaderboardChanges;
  jwtSecret: string;
  postgrestUrl: () => URL;
  log: Logger;
  now?: () => number;
}): LeaderboardReads {
  const { changes, log } = options;
  const now = options.now ?? Date.now;
  // In least recently used order (a hit moves its answer to the end).
  const kept = new Map<string, KeptAnswer>();
  const computing = new Map<string, Computation>();
  // Bumped by every change of a challenge (and by a reset, all of them): an answer whose call was
  // sent before a change and answered after it is given to its readers but not kept.
  const generations = new Map<string, number>();
  let resets = 0;
  const generationOf = (challengeId: string) => `${resets}:${generations.get(challengeId) ?? 0}`;

  changes.subscribe((change) => {
    if (change.kind === 'reset') {
      resets++;
      kept.clear();
      computing.clear();
      return;
    }
    const { challengeId } = change;
    generations.set(challengeId, (generations.get(challengeId) ?? 0) + 1);
    for (const [key, answer] of kept) if (answer.challengeId === challengeId) kept.delete(key);
    // A call already sent may have read the database before the change; one still waiting for its
    // turn will read it after, so readers arriving now may share it and its answer is kept.
    for (const [key, call] of computing)
      if (call.challengeId === challengeId && call.sentInGeneration !== undefined)
        computing.delete(key);
  });

  // Calls to the data API at once: a change drops every answer of its board, and computing them
  // all at once (48 on the benchmark's board) held both cores for a second, reads of answers
  // already computed again waiting with the rest. The next turn goes to the call most readers
  // wait for (the board's most-read answers first), the oldest among equals.
  let computingNow = 0;
  const waitingTurn: { computation: Computation; start: () => void }[] = [];
  const nextTurn = () => {
    if (waitingTurn.length === 0) return;
    let next = 0;
    for (let index = 1; index < waitingTurn.length; index++)
      if (waitingTurn[index]!.computation.readers > waitingTurn[next]!.computation.readers)
        next = index;
    waitingTurn.splice(next, 1)[0]!.start();
  };
  const inTurn = async <T>(computation: Computation, call: () => Promise<T>): Promise<T> => {
    if (computingNow >= LEADERBOARD_CACHE_MAX_COMPUTING)
      await new Promise<void>((start) => waitingTurn.push({ computation, start }));
    computingNow++;
    try {
      return await call();
    } finally {
      computingNow--;
      nextTurn();
    }
  };

  const send = (
    req: IncomingMessage,
    res: ServerResponse,
    answer: UpstreamAnswer,
    etag: string | undefined,
    shared: boolean,
    state: CacheState,
  ) => {
    if (answer.status !== 200 || etag === undefined) {
      res.writeHead(answer.status, { ...answer.headers, 'content-length': answer.body.length });
      res.end(req.method === 'HEAD' ? undefined : answer.body);
      return;
    }
    const caching = {
      etag,
      // Revalidated on every use (a 304 costs no database work): an open board is told of each
      // change (leaderboard-events.ts), and any max-age would let its next read be stale.
      'cache-control': `${shared ? 'public' : 'private'}, no-cache`,
      vary: 'Authorization, Apikey',
      'x-leaderboard-cache': state,
    };
    const isRead = req.method === 'GET' || req.method === 'HEAD';
    if (isRead && matchesEtag(req.headers['if-none-match'], etag)) {
      res.writeHead(304, caching);
      res.end();
      return;
    }
    res.writeHead(200, { ...answer.headers, ...caching, 'content-length': answer.body.length });
    res.end(req.method === 'HEAD' ? undefined : answer.body);
  };

  const upstreamFailed = (res: ServerResponse, error: unknown) => {
    log.warn('leaderboard_upstream_failed', { error: (error as Error).message });
    if (res.headersSent) {
      res.destroy();
      return;
    }
    sendJson(res, 503, {
      code: 'postgrest_unavailable',
      message: 'The data API is not available right now.',
      hint: 'It restarts on its own; try again in a moment.',
    });
  };

  const compute = (
    req: IncomingMessage,
    url: URL,
    request: LeaderboardRequest,
    body: Buffer | undefined,
  ): Promise<UpstreamAnswer> => {
    const running = computing.get(request.key);
    if (running) {
      running.readers++;
      return running.answer;
    }
    const computation: Computation = {
      challengeId: request.challengeId,
      readers: 1,
      answer: undefined as unknown as Promise<UpstreamAnswer>,
    };
    const answer = inTurn(computation, () => {
      // Whatever was heard until now, this call reads after it.
      computation.sentInGeneration = generationOf(request.challengeId);
      return fetchUpstream(options.postgrestUrl(), {
        method: req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET'),
        pathAndQuery: `${url.pathname.slice('/rest/v1'.length)}${url.search}`,
        headers: req.headers,
        ...(body ? { body } : {}),
      });
    });
    computation.answer = answer;
    computing.set(request.key, computation);
    void answer
      .then((computed) => {
        if (
          computed.status !== 200 ||
          !changes.listening ||
          computation.sentInGeneration !== generationOf(request.challengeId)
        )
          return;
        let moments: Record<string, unknown> = {};
        try {
          moments = JSON.parse(computed.body.toString('utf8')) as Record<string, unknown>;
        } catch {
          return; // Not JSON (another Accept): not kept; the reader gets it as it is.
        }
        const expiresAt = answerExpiry(moments, now(), LEADERBOARD_CACHE_MAX_AGE_MS);
        if (expiresAt <= now()) return;
        kept.set(request.key, {
          challengeId: request.challengeId,
          headers: computed.headers,
          body: computed.body,
          etag: etagOf(computed.body),
          shared: request.shared,
          expiresAt,
        });
        while (kept.size > LEADERBOARD_CACHE_MAX_ENTRIES) kept.delete(kept.keys().next().value!);
      })
      .catch(() => undefined)
      .finally(() => {
        if (computing.get(request.key) === computation) computing.delete(request.key);
      });
    return answer;
  };

  /** A read the server does not keep: to the data API as it came. */
  const pass = async (
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    body: Buffer | undefined,
  ) => {
    const pathAndQuery = `${url.pathname.slice('/rest/v1'.length)}${url.search}`;
    if (!body) {
      await proxyRequest(req, res, options.postgrestUrl(), pathAndQuery, log);
      return;
    }
    try {
      const answer = await fetchUpstream(options.postgrestUrl(), {
        method: req.method ?? 'POST',
        pathAndQuery,
        headers: req.headers,
        body,
      });
      res.writeHead(answer.status, { ...answer.headers, 'content-length': answer.body.length });
      res.end(answer.body);
    } catch (error) {
      upstreamFailed(res, error);
    }
  };

  return {
    get size() {
      return kept.size;
    },
    async handle(req, res, url, fn) {
      const method = req.method ?? 'GET';
      let args: Record<string, unknown> | undefined;
      let body: Buffer | undefined;
      if (method === 'GET' || method === 'HEAD') {
        args = argumentsOfQuery(url.searchParams);
      } else if (method === 'POST') {
        const announced = Number(req.headers['content-length']);
        if (!(announced <= LEADERBOARD_CACHE_MAX_BODY_BYTES)) {
          await pass(req, res, url, undefined);
          return;
        }
        body = await readSmallBody(req, LEADERBOARD_CACHE_MAX_BODY_BYTES);
        try {
          const parsed: unknown = JSON.parse(body.toString('utf8'));
          if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
            args = parsed as Record<string, unknown>;
        } catch {
          args = undefined; // PostgREST explains what is wrong with it.
        }
      } else {
        await pass(req, res, url, undefined);
        return;
      }
      const request =
        args &&
        changes.listening &&
        leaderboardRequest({
          fn,
          method: method === 'POST' ? 'POST' : 'GET',
          args,
          headers: req.headers,
          viewer: viewerKey(req.headers.authorization, options.jwtSecret),
        });
      if (!request) {
        await pass(req, res, url, body);
        return;
      }
      try {
        await changes.caughtUp();
      } catch {
        await pass(req, res, url, body);
        return;
      }
      const answer = kept.get(request.key);
      if (answer && answer.expiresAt > now()) {
        kept.delete(request.key);
        kept.set(request.key, answer);
        send(
          req,
          res,
          { status: 200, headers: answer.headers, body: answer.body },
          answer.etag,
          answer.shared,
          'hit',
        );
        return;
      }
      if (answer) kept.delete(request.key);
      try {
        const computed = await compute(req, url, request, body);
        send(
          req,
          res,
          computed,
          computed.status === 200 ? etagOf(computed.body) : undefined,
          request.shared,
          'miss',
        );
      } catch (error) {
        upstreamFailed(res, error);
      }
    },
  };
}
