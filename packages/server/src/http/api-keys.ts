// Like Supabase's gateway: the data and auth APIs need one of the project's API keys, that is an
// anon or service_role token signed with the project's secret. A request with a key and no user
// token goes on as the key's role.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { verifyJwt } from '../auth/jwt.js';
import { AppError } from '../errors.js';
import { sendJson } from './http-utils.js';

export interface ProjectKeys {
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
}

function apiKeyFrom(req: IncomingMessage, url: URL): string | undefined {
  const header = req.headers.apikey;
  return (
    (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get('apikey') ?? undefined
  );
}

function isProjectApiKey(keys: ProjectKeys, key: string | undefined): boolean {
  if (!key) return false;
  if (key === keys.anonKey || key === keys.serviceRoleKey) return true;
  try {
    const claims = verifyJwt(key, keys.jwtSecret);
    return claims.role === 'anon' || claims.role === 'service_role';
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

/** True when the request carries a project key; otherwise answers 401 as Supabase does. */
export function checkApiKey(
  keys: ProjectKeys,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): boolean {
  const key = apiKeyFrom(req, url);
  if (isProjectApiKey(keys, key)) {
    if (!req.headers.authorization) req.headers.authorization = `Bearer ${key}`;
    return true;
  }
  sendJson(res, 401, {
    // Supabase's gateway answers message and hint; the code is ours, as on every other error.
    code: key ? 'invalid_api_key' : 'no_api_key',
    message: key ? 'Invalid API key' : 'No API key found in request',
    hint: key
      ? 'Double check your Supabase `anon` or `service_role` API key.'
      : 'No `apikey` request header or url param was found.',
  });
  return false;
}
