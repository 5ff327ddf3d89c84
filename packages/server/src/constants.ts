// Every number and fixed value the backend takes from the specification, or decides for it, in one
// place. Units are in the names or the comments. The schema's fixed lists (challenge types,
// genders, goals, time units) are owned by the migrations' enums; the web app reads them from the
// generated database types, and the server needs none of them.

import { availableParallelism } from 'node:os';

/** The competition's constants shared with the database and the web app (the built-in push-up
 * definition, the session and recording limits): one source, @reptemple/definitions. */
export {
  BUILTIN_PUSHUP_DEFINITION_ID,
  MAX_RECORDING_SECONDS,
  SESSION_MAX_SECONDS,
} from '@reptemple/definitions';
/** Largest upload accepted. 5 min of webm at 800 kbit/s (spec 02 §9) is about 30 MB. */
export const DEFAULT_UPLOAD_MAX_BYTES = 100 * 1024 * 1024;
/** Creation defaults (spec 02 §9): length 7 days, min daily reps 10, increment 1 every 1 day. */
export const CHALLENGE_CREATION_DEFAULTS = {
  challengeLengthValue: 7,
  challengeLengthUnit: 'days',
  minDailyReps: 10,
  incrementValue: 1,
  incrementCadenceValue: 1,
  incrementCadenceUnit: 'days',
} as const;
/** Upload default exercise (spec 02 §7). */
export const DEFAULT_UPLOAD_EXERCISE = 'PUSHUP';

// ---- Auth (compatible with Supabase Auth as supabase-js v2 calls it) ----
export const AUTH_API_VERSION = '2024-01-01';
/** Access token lifetime, as Supabase's default. */
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
/** Magic-link expiry 1 hour (spec 01 §9). */
export const ONE_TIME_LINK_TTL_SECONDS = 3600;
/** PKCE auth codes are exchanged right after the redirect. */
export const PKCE_CODE_TTL_SECONDS = 300;
/** Password at least 6 characters (spec 01 §5); bcrypt reads at most 72 bytes. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_BYTES = 72;
/** bcrypt cost, as Supabase Auth uses. */
export const BCRYPT_COST = 10;
/** A revoked refresh token used again within this window (concurrent tabs refreshing at once)
 * gets the session's current token instead of revoking the session; as Supabase's default. */
export const REFRESH_TOKEN_REUSE_INTERVAL_SECONDS = 10;
/** One e-mail to one address per minute, as Supabase's default. */
export const EMAIL_SEND_INTERVAL_SECONDS = 60;
/** API keys (anon, service_role) are long-lived like Supabase's: 10 years. */
export const API_KEY_TTL_SECONDS = 10 * 365 * 24 * 3600;

export interface RateLimitRule {
  /** Requests allowed in one window. */
  limit: number;
  /** ms */
  windowMs: number;
}
export interface AuthRateLimits {
  /** Password sign-ins per client address, right or wrong (bounds the bcrypt work one address
   * can cause). */
  signInPerIp: RateLimitRule;
  /** Failed sign-ins (and wrong codes) on one account from one address: over it, that address
   * may not try that account. */
  failedSignInPerAccountAndIp: RateLimitRule;
  /** Failed sign-ins on one account from all addresses: over it, only addresses without failures
   * on the account may try it (guessing one account from many addresses). */
  failedSignInPerAccount: RateLimitRule;
  /** Failed sign-ins from one address on any accounts (credential stuffing). */
  failedSignInPerIp: RateLimitRule;
  /** Sign-ups per client address. */
  signUpPerIp: RateLimitRule;
  /** One-time-link requests (and other e-mails) per client address. */
  emailSendPerIp: RateLimitRule;
  /** Refresh-token grants per client address. */
  refreshPerIp: RateLimitRule;
  /** Link and code verifications per client address. */
  verifyPerIp: RateLimitRule;
}
const FIVE_MINUTES_MS = 5 * 60 * 1000;
const ONE_HOUR_MS = 60 * 60 * 1000;
const FIFTEEN_MINUTES_MS = 15 * 60 * 1000;
/** Defaults chosen for a booth where a whole room shares one address. */
export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  signInPerIp: { limit: 300, windowMs: FIVE_MINUTES_MS },
  failedSignInPerAccountAndIp: { limit: 10, windowMs: FIFTEEN_MINUTES_MS },
  failedSignInPerAccount: { limit: 50, windowMs: FIFTEEN_MINUTES_MS },
  failedSignInPerIp: { limit: 100, windowMs: FIFTEEN_MINUTES_MS },
  signUpPerIp: { limit: 60, windowMs: ONE_HOUR_MS },
  emailSendPerIp: { limit: 30, windowMs: ONE_HOUR_MS },
  refreshPerIp: { limit: 300, windowMs: FIVE_MINUTES_MS },
  verifyPerIp: { limit: 60, windowMs: FIVE_MINUTES_MS },
};

// ---- Server ----
export const DEFAULT_PORT = 54321;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_DATA_DIR = './.data';
export const DEFAULT_ADMIN_EMAIL = 'admin@reptemple.local';
/** How long shutdown waits for requests in flight (uploads being processed) before closing. ms */
export const SHUTDOWN_DRAIN_TIMEOUT_MS = 60_000;
/** PostgREST and PostgreSQL must be ready within this. ms */
export const CHILD_START_TIMEOUT_MS = 30_000;
/** Longest wait for a PostgREST left running by a killed earlier run to exit, per signal. ms */
export const ORPHAN_STOP_TIMEOUT_MS = 5_000;
/** Restart backoff for a PostgREST that exited on its own. ms */
export const POSTGREST_RESTART_DELAYS_MS = [250, 1000, 5000] as const;
/** Lines of PostgREST's own output kept to explain why it exited (it logs at warn, so few). */
export const POSTGREST_EXIT_OUTPUT_LINES = 20;
/** Longest wait after PostgREST exits for the rest of its output to be read. ms */
export const POSTGREST_OUTPUT_DRAIN_MS = 500;
/** Most rows PostgREST returns for one request, as Supabase's default. */
export const POSTGREST_MAX_ROWS = 1000;

// ---- HTTPS (--https, --tls-cert) ----
export const DAY_MS = 24 * 60 * 60 * 1000;
/** The local CA's root: phones install it once, so it lasts. days */
export const LOCAL_CA_VALIDITY_DAYS = 3650;
/** The server's certificate from the local CA: under Apple's 398-day limit. days */
export const SERVER_CERT_VALIDITY_DAYS = 397;
/** A server certificate this close to its end is renewed (at start and while running). days */
export const SERVER_CERT_RENEW_DAYS = 30;
/** How often a running server checks its certificate: a new address (DHCP, another Wi-Fi), the
 * end of its validity, or (with --tls-cert) a renewed file. ms */
export const TLS_REFRESH_INTERVAL_MS = 10 * 60 * 1000;
/** A connection must send its first byte (TLS or HTTP) within this, or it is closed. ms */
export const FIRST_BYTE_TIMEOUT_MS = 30_000;

// ---- Media ----
export const THUMBNAIL_WIDTH_PX = 640;
export const GIF_WIDTH_PX = 320;
/** The share GIF is a time-lapse of the whole recording: this many frames... */
export const GIF_FRAME_COUNT = 40;
/** ...played at this rate, so it loops every 4 s whatever the recording's length. frames/s */
export const GIF_PLAYBACK_FPS = 10;
/** ffmpeg gets this long per step (a check, a thumbnail, a GIF) before it is stopped. ms */
export const FFMPEG_TIMEOUT_MS = 60_000;
/** ffmpeg processes (and media jobs) at once: one per core, at most 4. An upload's checks wait for
 * a free one too, ahead of media jobs. */
export const DEFAULT_MEDIA_WORKERS = Math.min(4, Math.max(1, availableParallelism()));
/** Verification jobs at once in the server (one headless Chromium each, ~40 ms of one core per
 * analysed frame); more machines run `reptemple worker` (issue 18). */
export const DEFAULT_VERIFICATION_WORKERS = 1;
/** A bound on --workers: each worker is a Chromium of a few hundred MB. */
export const MAX_VERIFICATION_WORKERS = 16;
/** ffmpeg runs this much nicer than the server (0-19): under load, media work waits for CPU and
 * requests do not. */
export const FFMPEG_NICENESS = 10;
/** The server's event loop answers every request: its delay is measured all the time and
 * reported (a debug line) every this often. ms */
export const EVENT_LOOP_REPORT_INTERVAL_MS = 10_000;
/** A window whose longest event-loop delay passed this is logged as a warning (issue 27's target:
 * none over 50 ms while a verification runs). ms */
export const EVENT_LOOP_DELAY_WARN_MS = 50;

// ---- Pushtober and events (spec 02 §2, §9) ----
/** The seeded Pushtober challenge's slug: /challenge/pushtober. */
export const PUSHTOBER_SLUG = 'pushtober';
/** Pushtober is an event (any number of sessions a day); its page template. */
export const PUSHTOBER_TEMPLATE = 'pushtober';
/** Pushtober runs October 1-31 in every participant's local time. The challenge's window spans
 * all zones: from 1 October 00:00 at UTC+14 to 31 October 24:00 at UTC-12. hours */
export const PUSHTOBER_EARLIEST_ZONE_OFFSET_HOURS = 14;
export const PUSHTOBER_LATEST_ZONE_OFFSET_HOURS = -12;
/** October has 31 days; Pushtober asks for at least one rep a day. */
export const PUSHTOBER_DAYS = 31;
export const PUSHTOBER_MIN_DAILY_REPS = 1;
/** The demo event of a fresh installation (spec 02 §2 "Event landing"): its page is /token2049. */
export const DEMO_EVENT_SLUG = 'token2049';
export const DEMO_EVENT_TEMPLATE = 'token2049';

// ---- Leaderboards served from what changed (issue 27) ----
/** The channel supabase/rules/ranking.sql announces leaderboard changes on (payload: a challenge
 * id, or '*' for every board). */
export const LEADERBOARD_CHANGES_CHANNEL = 'leaderboard_changed';
/** Leaderboard answers the server keeps (per function, arguments and viewer; a page of 50 is
 * 10-30 KB): the oldest go first beyond this. count */
export const LEADERBOARD_CACHE_MAX_ENTRIES = 2000;
/** The longest an answer is kept without a change announced (a safety net: the database
 * announces every change, and answers expire at their own period's or day's end). ms */
export const LEADERBOARD_CACHE_MAX_AGE_MS = 5 * 60_000;
/** Leaderboard answers computed at once (calls to the data API); the rest wait their turn. count */
export const LEADERBOARD_CACHE_MAX_COMPUTING = 4;
/** A request body for the two leaderboard functions larger than this is not cached (passed on
 * to the data API as it is). bytes */
export const LEADERBOARD_CACHE_MAX_BODY_BYTES = 4096;
/** Waits before listening again after the database connection for notifications broke. ms */
export const LEADERBOARD_LISTEN_RETRY_MS = 1000;
/** A comment line on open event streams so proxies keep them open. ms */
export const LEADERBOARD_EVENTS_HEARTBEAT_MS = 25_000;
/** Changes of one challenge within this long are sent to its open leaderboards as one event (a
 * verification writes its evidence, counts and participant in one go). ms */
export const LEADERBOARD_EVENTS_COALESCE_MS = 100;
