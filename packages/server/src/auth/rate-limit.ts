// Fixed-window request counters kept in PostgreSQL (reptemple_local.rate_limit_counters), so a
// restart does not wipe a lock-out and several servers on one database share them. Time is the
// database's clock. A hosted deployment uses Supabase Auth's own limits.

import type pg from 'pg';
import type { RateLimitRule } from '../constants.js';
import type { Logger } from '../log.js';

export interface RateLimitVerdict {
  allowed: boolean;
  /** Requests counted in the current window. */
  hits: number;
  /** s until the window resets (at least 1 while a window is open, 0 when there is none). */
  retryAfterSeconds: number;
}

/** How often expired windows are deleted, so the table stays small under many addresses. ms */
const SWEEP_INTERVAL_MS = 60_000;

interface CounterRow {
  hits: number;
  seconds_left: number;
}

function verdictFrom(row: CounterRow | undefined, rule: RateLimitRule): RateLimitVerdict {
  if (!row) return { allowed: true, hits: 0, retryAfterSeconds: 0 };
  return {
    allowed: row.hits <= rule.limit,
    hits: row.hits,
    retryAfterSeconds: Math.max(1, Math.ceil(Number(row.seconds_left))),
  };
}

export class RateLimiter {
  private lastSweep = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: Logger,
  ) {}

  /** Counts one request under key and says whether it is within the rule. */
  async hit(key: string, rule: RateLimitRule): Promise<RateLimitVerdict> {
    this.sweepNowAndThen();
    const { rows } = await this.pool.query<CounterRow>(
      `insert into reptemple_local.rate_limit_counters as counter (key, hits, resets_at)
       values ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
       on conflict (key) do update set
         hits = case when counter.resets_at <= now() then 1 else counter.hits + 1 end,
         resets_at = case when counter.resets_at <= now() then excluded.resets_at
                          else counter.resets_at end
       returning hits, extract(epoch from resets_at - now()) as seconds_left`,
      [key, rule.windowMs],
    );
    return verdictFrom(rows[0], rule);
  }

  /** The key's current window, without counting: `allowed` is false once it has reached the limit
   * (the next request would be over it). */
  async peek(key: string, rule: RateLimitRule): Promise<RateLimitVerdict> {
    const { rows } = await this.pool.query<CounterRow>(
      `select hits, extract(epoch from resets_at - now()) as seconds_left
       from reptemple_local.rate_limit_counters where key = $1 and resets_at > now()`,
      [key],
    );
    const verdict = verdictFrom(rows[0], rule);
    return { ...verdict, allowed: verdict.hits < rule.limit };
  }

  async reset(key: string): Promise<void> {
    await this.pool.query('delete from reptemple_local.rate_limit_counters where key = $1', [key]);
  }

  private sweepNowAndThen(): void {
    const now = Date.now();
    if (now - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = now;
    this.pool
      .query('delete from reptemple_local.rate_limit_counters where resets_at <= now()')
      .catch((error: unknown) => this.log.warn('rate_limit_sweep_failed', { error }));
  }
}
