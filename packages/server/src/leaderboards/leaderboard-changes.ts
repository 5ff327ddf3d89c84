// Listens to the database's leaderboard announcements (supabase/rules/ranking.sql: every change
// to what the leaderboard functions read, at commit) on one connection of its own, and tells its
// subscribers which challenge changed ('*': any). While the connection is down nothing can be
// trusted: subscribers hear 'reset' when it breaks and again once it listens again, and
// `listening` is false in between (the cache keeps nothing then).
//
// `caughtUp()` gives read-your-writes: it resolves once every change committed before it was
// called has been heard. PostgreSQL sends a listening session its pending notifications before
// the answer to its next query, so one trivial query on this connection is the barrier; callers
// waiting at the same moment share one.

import pg from 'pg';
import { LEADERBOARD_CHANGES_CHANNEL, LEADERBOARD_LISTEN_RETRY_MS } from '../constants.js';
import type { Logger } from '../log.js';

export type LeaderboardChange = { kind: 'challenge'; challengeId: string } | { kind: 'reset' };
export type LeaderboardChangeListener = (change: LeaderboardChange) => void;

export interface LeaderboardChanges {
  /** Whether announcements are being heard now. */
  readonly listening: boolean;
  subscribe(listener: LeaderboardChangeListener): () => void;
  /** Resolves once every change committed before the call has reached the subscribers; rejects
   * when the connection is down. */
  caughtUp(): Promise<void>;
  stop(): Promise<void>;
}

export async function listenForLeaderboardChanges(
  databaseUrl: string,
  log: Logger,
): Promise<LeaderboardChanges> {
  const listeners = new Set<LeaderboardChangeListener>();
  let client: pg.Client | undefined;
  let listening = false;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  // The barrier in flight, and the one callers arriving meanwhile wait for (it starts after).
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;

  const tell = (change: LeaderboardChange) => {
    for (const listener of listeners) listener(change);
  };

  const connect = async (): Promise<void> => {
    const connection = new pg.Client({ connectionString: databaseUrl });
    const broken = (reason: string) => {
      if (client !== connection) return;
      client = undefined;
      listening = false;
      tell({ kind: 'reset' });
      connection.removeAllListeners('notification');
      void connection.end().catch(() => undefined);
      if (stopped) return;
      log.warn('leaderboard_listen_lost', { reason, retryMs: LEADERBOARD_LISTEN_RETRY_MS });
      retry = setTimeout(() => void connect(), LEADERBOARD_LISTEN_RETRY_MS);
      retry.unref();
    };
    connection.on('notification', (message) => {
      if (message.channel !== LEADERBOARD_CHANGES_CHANNEL || !message.payload) return;
      tell(
        message.payload === '*'
          ? { kind: 'reset' }
          : { kind: 'challenge', challengeId: message.payload },
      );
    });
    connection.on('error', (error) => broken(error.message));
    connection.on('end', () => broken('connection ended'));
    client = connection;
    try {
      await connection.connect();
      await connection.query(`listen ${LEADERBOARD_CHANGES_CHANNEL}`);
      if (client !== connection) return;
      listening = true;
      // Whatever changed while nobody listened.
      tell({ kind: 'reset' });
      log.info('leaderboard_listening', { channel: LEADERBOARD_CHANGES_CHANNEL });
    } catch (error) {
      broken(error instanceof Error ? error.message : String(error));
    }
  };

  const barrier = async (): Promise<void> => {
    const connection = client;
    if (!connection || !listening) throw new Error('not listening for leaderboard changes');
    await connection.query('select 1');
  };

  await connect();
  return {
    get listening() {
      return listening;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    caughtUp() {
      const start = (): Promise<void> => {
        const started = barrier().finally(() => {
          if (running === started) running = undefined;
        });
        running = started;
        return started;
      };
      if (!running) return start();
      // The barrier running may have been sent before this call's commit: wait for the next.
      queued ??= running
        .catch(() => undefined)
        .then(() => {
          queued = undefined;
          return start();
        });
      return queued;
    },
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      const connection = client;
      client = undefined;
      listening = false;
      await connection?.end().catch(() => undefined);
    },
  };
}
