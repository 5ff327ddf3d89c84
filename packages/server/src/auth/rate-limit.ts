// Fixed-window request counters kept in memory: enough for one server process, which is what the
// local stack is. A hosted deployment uses Supabase Auth's own limits.

import type { RateLimitRule } from '../constants.js';

export interface RateLimitVerdict {
  allowed: boolean;
  /** s until the window resets, when refused. */
  retryAfterSeconds: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one request under key and says whether it is within the rule. */
  hit(key: string, rule: RateLimitRule): RateLimitVerdict {
    const now = this.now();
    this.sweep(now);
    const current = this.windows.get(key);
    if (!current || current.resetAt <= now) {
      this.windows.set(key, { count: 1, resetAt: now + rule.windowMs });
      return { allowed: true, retryAfterSeconds: 0 };
    }
    current.count++;
    return {
      allowed: current.count <= rule.limit,
      retryAfterSeconds: Math.max(1, Math.ceil((current.resetAt - now) / 1000)),
    };
  }

  /** Whether the key is already over the rule, without counting. */
  isBlocked(key: string, rule: RateLimitRule): RateLimitVerdict {
    const now = this.now();
    const current = this.windows.get(key);
    if (!current || current.resetAt <= now || current.count < rule.limit) {
      return { allowed: true, retryAfterSeconds: 0 };
    }
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((current.resetAt - now) / 1000)),
    };
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number): void {
    // ms between sweeps of expired windows, so memory stays bounded under many client addresses.
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
