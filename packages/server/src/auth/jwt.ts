// HS256 JSON Web Tokens, as Supabase Auth issues them and PostgREST checks them.

import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../errors.js';

export type JwtClaims = Record<string, unknown> & {
  exp?: number;
  iat?: number;
  sub?: string;
  role?: string;
};

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function signature(input: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(input).digest();
}

export function signJwt(claims: JwtClaims, secret: string): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const input = `${HEADER}.${payload}`;
  return `${input}.${signature(input, secret).toString('base64url')}`;
}

function badJwt(message: string, received?: string): AppError {
  return new AppError({
    code: 'bad_jwt',
    status: 403,
    message: `invalid JWT: unable to parse or verify signature, ${message}`,
    expected: 'an HS256 token signed by this server, not expired',
    ...(received === undefined ? {} : { received }),
  });
}

/** Verifies signature, algorithm and expiry; throws AppError bad_jwt otherwise. */
export function verifyJwt(
  token: string,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): JwtClaims {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((part) => !/^[A-Za-z0-9_-]*$/.test(part))) {
    throw badJwt('token is malformed', `${parts.length} part(s)`);
  }
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  let header: { alg?: unknown };
  let claims: JwtClaims;
  try {
    header = JSON.parse(Buffer.from(headerPart, 'base64url').toString('utf8')) as { alg?: unknown };
    claims = JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8')) as JwtClaims;
  } catch (error) {
    throw new AppError({
      code: 'bad_jwt',
      status: 403,
      message: 'invalid JWT: unable to parse or verify signature, token is malformed',
      expected: 'base64url JSON header and payload',
      received: 'undecodable parts',
      cause: error,
    });
  }
  // Only HS256: a token naming another algorithm ("none", RS256 with our secret as a key) is forged.
  if (header.alg !== 'HS256') throw badJwt('signing method is not allowed', String(header.alg));
  const expected = signature(`${headerPart}.${payloadPart}`, secret);
  const given = Buffer.from(signaturePart, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw badJwt('signature is invalid');
  }
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) {
    throw badJwt('claims are not an object');
  }
  if (typeof claims.exp === 'number' && claims.exp <= nowSeconds) {
    throw badJwt('token is expired', `exp ${claims.exp}, now ${nowSeconds}`);
  }
  return claims;
}

/** The long-lived anon and service_role API keys, as Supabase makes them. */
export function makeApiKey(
  role: 'anon' | 'service_role',
  secret: string,
  iat: number,
  ttlSeconds: number,
): string {
  return signJwt(
    { iss: 'supabase', ref: 'reptemple-local', role, iat, exp: iat + ttlSeconds },
    secret,
  );
}
