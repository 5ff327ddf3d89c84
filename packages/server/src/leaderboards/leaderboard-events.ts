// Open leaderboards hear when their board changed (issue 27), instead of polling: a Server-Sent
// Events stream per challenge, GET /api/leaderboards/{challenge id}/events, fed by the database's
// announcements (leaderboard-changes.ts). Each event says only that the challenge's boards
// changed ('change', data {"challengeId"}); the page reads its board again through the data API,
// which applies who may see what. A verification's writes arrive as one event (changes of one
// challenge within LEADERBOARD_EVENTS_COALESCE_MS are sent once); after the server lost the
// database's announcements every stream gets one event, as anything may have changed.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { LEADERBOARD_EVENTS_COALESCE_MS, LEADERBOARD_EVENTS_HEARTBEAT_MS } from '../constants.js';
import type { LeaderboardChanges } from './leaderboard-changes.js';

/** How long an EventSource waits before reconnecting after the stream broke. ms */
const RECONNECT_MS = 3000;

export interface LeaderboardEvents {
  handle(req: IncomingMessage, res: ServerResponse, challengeId: string): void;
  /** Streams open now. */
  readonly open: number;
  /** Ends every stream (before the server drains its requests). */
  stop(): void;
}

export function createLeaderboardEvents(changes: LeaderboardChanges): LeaderboardEvents {
  const streams = new Map<string, Set<ServerResponse>>();
  const due = new Map<string, NodeJS.Timeout>();
  let open = 0;

  const announce = (challengeId: string) => {
    const event = `event: change\ndata: ${JSON.stringify({ challengeId })}\n\n`;
    for (const res of streams.get(challengeId) ?? []) res.write(event);
  };
  const announceSoon = (challengeId: string) => {
    if (!streams.has(challengeId) || due.has(challengeId)) return;
    due.set(
      challengeId,
      setTimeout(() => {
        due.delete(challengeId);
        announce(challengeId);
      }, LEADERBOARD_EVENTS_COALESCE_MS),
    );
  };
  const unsubscribe = changes.subscribe((change) => {
    if (change.kind === 'challenge') announceSoon(change.challengeId);
    else for (const challengeId of streams.keys()) announceSoon(challengeId);
  });
  const heartbeat = setInterval(() => {
    for (const set of streams.values()) for (const res of set) res.write(': still here\n\n');
  }, LEADERBOARD_EVENTS_HEARTBEAT_MS);
  heartbeat.unref();

  return {
    get open() {
      return open;
    },
    handle(req, res, challengeId) {
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // Proxies (nginx) must not hold events back.
        'x-accel-buffering': 'no',
      });
      res.write(`retry: ${RECONNECT_MS}\n\n`);
      const set = streams.get(challengeId) ?? new Set<ServerResponse>();
      set.add(res);
      streams.set(challengeId, set);
      open++;
      req.socket.setTimeout(0);
      res.on('close', () => {
        open--;
        set.delete(res);
        if (set.size === 0 && streams.get(challengeId) === set) streams.delete(challengeId);
      });
    },
    stop() {
      unsubscribe();
      clearInterval(heartbeat);
      for (const timer of due.values()) clearTimeout(timer);
      due.clear();
      for (const set of streams.values()) for (const res of set) res.end();
      streams.clear();
    },
  };
}
