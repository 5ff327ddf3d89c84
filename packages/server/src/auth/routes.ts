// HTTP routes of the auth API under /auth/v1, shaped like Supabase Auth for supabase-js v2:
// the same paths, bodies, statuses, error codes and X-Supabase-Api-Version header. A route table,
// like the server's own (http/app.ts); a path and method it lacks is a 404 not_found.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { AUTH_API_VERSION } from '../constants.js';
import { AppError } from '../errors.js';
import { readJsonBody, sendJson } from '../http/http-utils.js';
import { isDataException } from '../http/input-checks.js';
import { exactly, findRoute, type Route } from '../http/router.js';
import type { Logger } from '../log.js';
import { AuthApiError, authErrors } from './auth-error.js';
import type { AuthService, ClientContext, SessionResponse } from './service.js';

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

type Grant = (
  service: AuthService,
  body: Record<string, unknown>,
  client: ClientContext,
) => Promise<SessionResponse>;

/** POST /token by grant_type. */
const GRANTS: Record<string, Grant> = {
  password: (service, body, client) => service.signInWithPassword(body, client),
  refresh_token: (service, body, client) => service.refresh(body, client),
  pkce: (service, body, client) => service.exchangeAuthCode(body, client),
};

/** The auth API's paths, below /auth/v1, in the order they are tried. */
function authRoutes(service: AuthService): Route<AuthRouteContext>[] {
  const redirectTo = (url: URL) => url.searchParams.get('redirect_to') ?? undefined;
  return [
    {
      name: 'health',
      path: exactly('/health'),
      methods: ['GET'],
      handle: ({ res }) =>
        respond(res, 200, {
          version: 'reptemple-local',
          name: 'GoTrue',
          description: 'RepTemple local auth (Supabase Auth compatible)',
        }),
    },
    {
      name: 'settings',
      path: exactly('/settings'),
      methods: ['GET'],
      handle: ({ res }) =>
        respond(res, 200, {
          external: { email: true, phone: false },
          disable_signup: false,
          mailer_autoconfirm: true,
          phone_autoconfirm: false,
          sms_provider: '',
          saml_enabled: false,
        }),
    },
    {
      name: 'public keys (HS256 keys are symmetric and never published)',
      path: exactly('/.well-known/jwks.json'),
      methods: ['GET'],
      handle: ({ res }) => respond(res, 200, { keys: [] }),
    },
    {
      name: 'an e-mailed link, opened in the browser',
      path: exactly('/verify'),
      methods: ['GET'],
      async handle({ res, url, client }) {
        const location = await service.verifyLink(url.searchParams, client);
        res.writeHead(303, {
          location,
          'cache-control': 'no-store',
          'x-supabase-api-version': AUTH_API_VERSION,
        });
        res.end();
      },
    },
    {
      name: 'password sign-up',
      path: exactly('/signup'),
      methods: ['POST'],
      handle: async ({ req, res, client }) =>
        respond(res, 200, await service.signUp(await readJsonBody(req), client)),
    },
    {
      name: 'token grants: password, refresh_token, pkce',
      path: exactly('/token'),
      methods: ['POST'],
      async handle({ req, res, url, client }) {
        const grantType = url.searchParams.get('grant_type');
        const body = await readJsonBody(req);
        const grant =
          grantType !== null && Object.hasOwn(GRANTS, grantType) ? GRANTS[grantType] : undefined;
        if (!grant) {
          throw new AuthApiError({
            code: 'validation_failed',
            status: 400,
            message: 'unsupported_grant_type',
            expected: 'grant_type password, refresh_token or pkce',
            received: String(grantType),
          });
        }
        respond(res, 200, await grant(service, body, client));
      },
    },
    {
      name: 'a one-time sign-in link and code by e-mail',
      path: (path) => path === '/otp' || path === '/magiclink',
      methods: ['POST'],
      async handle({ req, res, url, client }) {
        const body = await readJsonBody(req);
        if (body.phone !== undefined) throw notAvailable('/otp with a phone number');
        await service.sendOneTimeLink('magiclink', body, redirectTo(url), client);
        respond(res, 200, {});
      },
    },
    {
      name: 'a password recovery link and code by e-mail',
      path: exactly('/recover'),
      methods: ['POST'],
      async handle({ req, res, url, client }) {
        await service.sendOneTimeLink('recovery', await readJsonBody(req), redirectTo(url), client);
        respond(res, 200, {});
      },
    },
    {
      name: 'a six-digit code (or a link token hash) for a session',
      path: exactly('/verify'),
      methods: ['POST'],
      handle: async ({ req, res, client }) =>
        respond(res, 200, await service.verifyCode(await readJsonBody(req), client)),
    },
    {
      name: 'the signed-in user',
      path: exactly('/user'),
      methods: ['GET'],
      handle: async ({ req, res }) =>
        respond(res, 200, await service.getUser(req.headers.authorization)),
    },
    {
      name: "the signed-in user's password and metadata",
      path: exactly('/user'),
      methods: ['PUT'],
      handle: async ({ req, res }) =>
        respond(
          res,
          200,
          await service.updateUser(req.headers.authorization, await readJsonBody(req)),
        ),
    },
    {
      name: 'sign-out: this session, the others, or all',
      path: exactly('/logout'),
      methods: ['POST'],
      async handle({ req, res, url }) {
        await service.logout(req.headers.authorization, url.searchParams.get('scope'));
        res.writeHead(204, { 'x-supabase-api-version': AUTH_API_VERSION });
        res.end();
      },
    },
  ];
}

function notAvailable(path: string): AuthApiError {
  return new AuthApiError({
    code: 'not_found',
    status: 404,
    message: `${path} is not available in the RepTemple local stack`,
    expected: 'signup, token, otp, verify, recover, user, logout, settings, health',
    received: path,
    hint: 'Phone, OAuth, SSO, MFA and admin endpoints need a hosted Supabase project.',
  });
}

export function createAuthRoutes(service: AuthService, log: Logger) {
  const routes = authRoutes(service);

  return async function handleAuth(context: AuthRouteContext): Promise<void> {
    const { req, res, path } = context;
    const method = req.method ?? 'GET';
    try {
      const found = findRoute(routes, path, method);
      if (!found) throw notAvailable(`${method} ${path}`);
      await found.route.handle(context);
    } catch (error) {
      if (error instanceof AppError) {
        sendAuthError(req, res, error);
        return;
      }
      if (isDataException(error)) {
        // A value the database cannot take (a body check missed it): the client's input.
        log.warn('auth_input_refused_by_database', { path, error });
        sendAuthError(
          req,
          res,
          authErrors.validation(
            'A value in the request cannot be stored',
            'text and numbers the database accepts',
            (error as Error).message,
          ),
        );
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
