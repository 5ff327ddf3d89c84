// Which leaderboard reads the server may answer from what it kept, and under which key. A read
// is kept only when the key names everything its answer depends on: the function, its arguments
// (in a canonical order; as_of null, the default, left out), the request headers that shape PostgREST's answer, and the viewer as
// the database sees them (caller_email() and is_admin(): the token's role, account and e-mail).
// Anything else (a test's as_of, another parameter, a token that does not verify) is passed to
// the data API as it is.

import { verifyJwt } from '../auth/jwt.js';
import { AppError } from '../errors.js';

export const CACHED_FUNCTIONS = {
  challenge_leaderboard: [
    'target_challenge_id',
    'period',
    'gender',
    'time_zone',
    'page_offset',
    'page_size',
  ],
  challenge_leaderboard_aggregate: [
    'target_challenge_id',
    'gender',
    'time_zone',
    'page_offset',
    'page_size',
  ],
} as const satisfies Record<string, readonly string[]>;
export type CachedFunction = keyof typeof CACHED_FUNCTIONS;

/** Request headers that change what PostgREST answers (format, schema, preferences, range). */
const SHAPING_HEADERS = ['accept', 'accept-profile', 'content-profile', 'prefer', 'range'];
const CHALLENGE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface LeaderboardRequest {
  key: string;
  /** As the database announces it (lower-case uuid text). */
  challengeId: string;
  /** Whether the answer is the same for every visitor (a shared cache may keep it). */
  shared: boolean;
}

/** Tokens verified lately, with their viewer and expiry (s): every visitor sends the same anon
 * key, and a viewer refreshing a board sends the same token each time. */
const verifiedTokens = new Map<string, { viewer: string; exp: number; secret: string }>();
const VERIFIED_TOKENS_KEPT = 1000;

/** The viewer as the leaderboard functions see them, or undefined for a token that does not
 * verify (PostgREST answers that one). */
export function viewerKey(authorization: string | undefined, jwtSecret: string) {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  if (!token) return undefined;
  const nowSeconds = Math.floor(Date.now() / 1000);
  const known = verifiedTokens.get(token);
  if (known && known.exp > nowSeconds && known.secret === jwtSecret) return known.viewer;
  try {
    const claims = verifyJwt(token, jwtSecret, nowSeconds);
    let viewer: string | undefined;
    if (claims.role === 'anon' || claims.role === 'service_role') viewer = claims.role;
    else if (claims.role === 'authenticated' && typeof claims.sub === 'string')
      viewer = `authenticated ${claims.sub} ${String(claims.email ?? '')}`;
    if (viewer) {
      if (verifiedTokens.size >= VERIFIED_TOKENS_KEPT) verifiedTokens.clear();
      verifiedTokens.set(token, {
        viewer,
        exp: claims.exp ?? Number.POSITIVE_INFINITY,
        secret: jwtSecret,
      });
    }
    return viewer;
  } catch (error) {
    if (error instanceof AppError) return undefined;
    throw error;
  }
}

/** The key of a read of `fn` with `args` (a JSON body's object, or a GET's parameters, each
 * named once), or undefined when it is not one the server keeps. */
export function leaderboardRequest(options: {
  fn: CachedFunction;
  method: 'GET' | 'POST';
  args: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
  viewer: string | undefined;
}): LeaderboardRequest | undefined {
  const { fn, args, viewer } = options;
  if (!viewer) return undefined;
  const allowed: readonly string[] = CACHED_FUNCTIONS[fn];
  // as_of null is its default, the real clock (a JSON body may name it so); any other as_of is a
  // test's moment and not kept.
  const names = Object.keys(args)
    .filter((name) => !(name === 'as_of' && args[name] === null))
    .sort();
  if (names.some((name) => !allowed.includes(name))) return undefined;
  const challengeId = args.target_challenge_id;
  if (typeof challengeId !== 'string' || !CHALLENGE_ID.test(challengeId)) return undefined;
  const shaping = SHAPING_HEADERS.map((name) => {
    const value = options.headers[name];
    return Array.isArray(value) ? value.join(',') : (value ?? '');
  });
  const key = JSON.stringify([
    fn,
    options.method,
    names.map((name) => [name, args[name]]),
    shaping,
    viewer,
  ]);
  return { key, challengeId, shared: viewer === 'anon' };
}

/** A GET's parameters as arguments: each named once, else undefined. */
export function argumentsOfQuery(search: URLSearchParams): Record<string, string> | undefined {
  const args: Record<string, string> = {};
  for (const [name, value] of search) {
    if (Object.hasOwn(args, name)) return undefined;
    args[name] = value;
  }
  return args;
}
