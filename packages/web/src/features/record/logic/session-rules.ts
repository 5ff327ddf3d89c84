// When an attempt ends by itself (spec 02 §4, §9): the 5-minute session limit, and a rest of more
// than 3 seconds (no move from one phase to another, no rep counted) once the first rep is done. Each shows a
// warning first. Pure: the caller passes the times.

import {
  LIMIT_WARNING_MS,
  MAX_REST_MS,
  REST_WARNING_AFTER_MS,
  SESSION_LIMIT_MS,
} from '../messages';

export type SessionEndReason = 'rest' | 'limit';

export type SessionVerdict =
  | { kind: 'running' }
  | { kind: 'warning'; reason: SessionEndReason; remainingMs: number }
  | { kind: 'ended'; reason: SessionEndReason };

export interface SessionClock {
  /** Time recorded so far. ms */
  elapsedMs: number;
  /** Reps counted so far, valid and invalid. */
  reps: number;
  /** Camera time of the newest analysed frame. ms */
  frameMs: number;
  /** Camera time of the last move: a phase change or a counted rep (or the recording's start). ms */
  movedAtMs: number;
}

export function sessionVerdict(clock: SessionClock): SessionVerdict {
  if (clock.elapsedMs >= SESSION_LIMIT_MS) return { kind: 'ended', reason: 'limit' };
  const restMs = clock.reps > 0 ? clock.frameMs - clock.movedAtMs : 0;
  if (restMs > MAX_REST_MS) return { kind: 'ended', reason: 'rest' };
  const limitLeftMs = SESSION_LIMIT_MS - clock.elapsedMs;
  if (restMs >= REST_WARNING_AFTER_MS)
    return { kind: 'warning', reason: 'rest', remainingMs: MAX_REST_MS - restMs };
  if (limitLeftMs <= LIMIT_WARNING_MS)
    return { kind: 'warning', reason: 'limit', remainingMs: limitLeftMs };
  return { kind: 'running' };
}

/** Valid reps per minute, rounded (spec 02 §9); 0 for no time. */
export function repsPerMinute(validReps: number, seconds: number): number {
  return seconds > 0 ? Math.round((validReps / seconds) * 60) : 0;
}

/** A duration as m:ss (spec 02 §9). */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
