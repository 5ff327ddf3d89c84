// HTTP routes of the auth API under /auth/v1, shaped like Supabase Auth for supabase-js v2:
// the same paths, bodies, statuses, error codes and X-Supabase-Api-Version header.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { AUTH_API_VERSION } from '../constants.js';
import { AppError } from '../errors.js';
import { readJsonBody, sendJson } from '../http/http-utils.js';
import type { Logger } from '../log.js';
import { AuthApiError } from './auth-error.js';
import type { AuthService, ClientContext } from './service.js';

export interface AuthRouteContext {
  req: IncomingMessage;
  res: ServerResponse;
  /** Path below /auth/v1, e.g. /token */
  path: string;
  url: URL;
  client: ClientContext;
}

function respond(res: ServerResponse, status: number, body: unknown): void {
  sendJson(res, status, body, { 'x-supabase-api-version': AUTH_API_VERSION });
}

/** Supabase Auth answers errors in the 2024-01-01 shape {code: 'error_code', msg} to clients that
 * send that API version (supabase-js does) and {code: status, error_code, msg} to others. */
export function sendAuthError(req: IncomingMessage, res: ServerResponse, error: AppError): void {
  const requestedVersion = req.headers['x-supabase-api-version'];
  const modern = typeof requestedVersion === 'string' && requestedVersion >= AUTH_API_VERSION;
  const extra = error instanceof AuthApiError ? error.extra : {};
  const body = modern
    ? { code: error.code, msg: error.message, ...extra }
    : { code: error.status, error_code: error.code, msg: error.message, ...extra };
  const headers: Record<string, string> = { 'x-supabase-api-version': AUTH_API_VERSION };
  if (error instanceof AuthApiError && error.retryAfterSeconds !== undefined)
    headers['retry-after'] = String(error.retryAfterSeconds);
  sendJson(res, error.status, body, headers);
}

export function createAuthRoutes(service: AuthService, log: Logger) {
  const notAvailable = (path: string) =>
    new AuthApiError({
      code: 'not_found',
      status: 404,
      message: `${path} is not available in the RepTemple local stack`,
      expected: 'signup, token, otp, verify, recover, user, logout, settings, health',
      received: path,
      hint: 'Phone, OAuth, SSO, MFA and admin endpoints need a hosted Supabase project.',
    });

  return async function handleAuth(context: AuthRouteContext): Promise<void> {
    const { req, res, path, url, client } = context;
    const method = req.method ?? 'GET';
    try {
      if (method === 'GET' && path === '/health') {
        respond(res, 200, {
          version: 'reptemple-local',
          name: 'GoTrue',
          description: 'RepTemple local auth (Supabase Auth compatible)',
        });
        return;
      }
      if (method === 'GET' && path === '/settings') {
        respond(res, 200, {
          external: { email: true, phone: false },
          disable_signup: false,
          mailer_autoconfirm: true,
          phone_autoconfirm: false,
          sms_provider: '',
          saml_enabled: false,
        });
        return;
      }
      if (method === 'GET' && path === '/.well-known/jwks.json') {
        // HS256 keys are symmetric and never published.
        respond(res, 200, { keys: [] });
        return;
      }
      if (method === 'GET' && path === '/verify') {
        const location = await service.verifyLink(url.searchParams, client);
        res.writeHead(303, {
          location,
          'cache-control': 'no-store',
          'x-supabase-api-version': AUTH_API_VERSION,
        });
        res.end();
        return;
      }
      if (method === 'POST' && path === '/signup') {
        respond(res, 200, await service.signUp(await readJsonBody(req), client));
        return;
      }
      if (method === 'POST' && path === '/token') {
        const grantType = url.searchParams.get('grant_type');
        const body = await readJsonBody(req);
        if (grantType === 'password')
          respond(res, 200, await service.signInWithPassword(body, client));
        else if (grantType === 'refresh_token')
          respond(res, 200, await service.refresh(body, client));
        else if (grantType === 'pkce')
          respond(res, 200, await service.exchangeAuthCode(body, client));
        else {
          throw new AuthApiError({
            code: 'validation_failed',
            status: 400,
            message: 'unsupported_grant_type',
            expected: 'grant_type password, refresh_token or pkce',
            received: String(grantType),
          });
        }
        return;
      }
      if (method === 'POST' && (path === '/otp' || path === '/magiclink')) {
        const body = await readJsonBody(req);
        if (body.phone !== undefined) throw notAvailable('/otp with a phone number');
        await service.sendOneTimeLink(
          'magiclink',
          body,
          url.searchParams.get('redirect_to') ?? undefined,
          client,
        );
        respond(res, 200, {});
        return;
      }
      if (method === 'POST' && path === '/recover') {
        await service.sendOneTimeLink(
          'recovery',
          await readJsonBody(req),
          url.searchParams.get('redirect_to') ?? undefined,
          client,
        );
        respond(res, 200, {});
        return;
      }
      if (method === 'POST' && path === '/verify') {
        respond(res, 200, await service.verifyCode(await readJsonBody(req), client));
        return;
      }
      if (method === 'GET' && path === '/user') {
        respond(res, 200, await service.getUser(req.headers.authorization));
        return;
      }
      if (method === 'PUT' && path === '/user') {
        respond(
          res,
          200,
          await service.updateUser(req.headers.authorization, await readJsonBody(req)),
        );
        return;
      }
      if (method === 'POST' && path === '/logout') {
        await service.logout(req.headers.authorization, url.searchParams.get('scope'));
        res.writeHead(204, { 'x-supabase-api-version': AUTH_API_VERSION });
        res.end();
        return;
      }
      throw notAvailable(`${method} ${path}`);
    } catch (error) {
      if (error instanceof AppError) {
        sendAuthError(req, res, error);
        return;
      }
      log.error('auth_unexpected_failure', { path, error });
      sendAuthError(
        req,
        res,
        new AuthApiError({
          code: 'unexpected_failure',
          status: 500,
          message: 'Unexpected failure, please check server logs for more information',
        }),
      );
    }
  };
}
