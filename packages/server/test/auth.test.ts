// Every auth flow the app uses, through supabase-js where it has a call and raw HTTP where the
// wire format itself is the point.

import { randomBytes } from 'node:crypto';
import {
  AuthApiError,
  AuthWeakPasswordError,
  createClient,
  isAuthSessionMissingError,
} from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import ws from 'ws';
import { createUser, latestMail, newClient, sql, stack, uniqueEmail, uniqueIp } from './helpers.js';
import { signJwtForTests } from './jwt-for-tests.js';

function decodeClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

async function openLink(link: string): Promise<URL> {
  const response = await fetch(link, { redirect: 'manual' });
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location')!);
}

function fragmentOf(url: URL): URLSearchParams {
  return new URLSearchParams(url.hash.slice(1));
}

async function authFetch(
  path: string,
  init: RequestInit & { legacy?: boolean } = {},
): Promise<Response> {
  const headers: Record<string, string> = {
    apikey: stack.anonKey,
    'content-type': 'application/json',
    'x-forwarded-for': uniqueIp(),
  };
  if (!init.legacy) headers['x-supabase-api-version'] = '2024-01-01';
  return fetch(`${stack.url}/auth/v1${path}`, {
    ...init,
    headers: { ...headers, ...(init.headers as Record<string, string>) },
  });
}

describe('sign-up', () => {
  it('creates the account, signs it in, keeps the metadata and makes the profile from it', async () => {
    const email = uniqueEmail('signup');
    const { data, error } = await newClient().auth.signUp({
      email: email.toUpperCase(),
      password: 'secret-1',
      options: { data: { full_name: 'Ada Lovelace', gender: 'female', challenge_id: 'abc' } },
    });
    expect(error).toBeNull();
    expect(data.session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(data.user).toMatchObject({
      email,
      user_metadata: { full_name: 'Ada Lovelace', gender: 'female', challenge_id: 'abc' },
    });
    const [profile] = await sql(
      'select email, full_name, gender, is_admin from public.user_profiles where id = $1',
      [data.user!.id],
    );
    expect(profile).toEqual({
      email,
      full_name: 'Ada Lovelace',
      gender: 'female',
      is_admin: false,
    });
    const [row] = await sql<{ encrypted_password: string }>(
      'select encrypted_password from auth.users where id = $1',
      [data.user!.id],
    );
    expect(row!.encrypted_password).toMatch(/^\$2[aby]\$10\$/);
  });
  it('refuses an address that has an account: 422 user_already_exists', async () => {
    const user = await createUser();
    const { error } = await newClient().auth.signUp({ email: user.email, password: 'another-1' });
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'user_already_exists',
      message: 'User already registered',
    });
  });
  it('refuses a short password: 422 weak_password with reasons', async () => {
    const { error } = await newClient().auth.signUp({ email: uniqueEmail(), password: '12345' });
    expect(error).toBeInstanceOf(AuthWeakPasswordError);
    expect(error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['length'] });
  });
  it('refuses a malformed address: 400 validation_failed', async () => {
    const { error } = await newClient().auth.signUp({
      email: 'not-an-address',
      password: 'secret-1',
    });
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
  });
  it("refuses what Supabase Auth's address rule refuses, creating no account (the probe's cases)", async () => {
    const tag = randomBytes(4).toString('hex');
    for (const email of [
      `x${tag}');drop_table_auth.users;--@evil.test`,
      `lone${tag}\uD800surrogate@example.test`,
      `spaced ${tag}@example.test`,
      `quoted"${tag}"@example.test`,
      `${tag}@exa_mple.test`,
      `${tag}@-example.test`,
      `ü${tag}@example.test`,
    ]) {
      const { error } = await newClient().auth.signUp({ email, password: 'secret-1' });
      expect(error, email).toMatchObject({
        status: 400,
        code: 'validation_failed',
        message: 'Unable to validate email address: invalid format',
      });
      const { error: link } = await newClient().auth.signInWithOtp({ email });
      expect(link, email).toMatchObject({ status: 400, code: 'validation_failed' });
    }
    const long = `${'a'.repeat(64)}.${'b'.repeat(64)}.${tag}@${'c'.repeat(60)}.${'d'.repeat(60)}.test`;
    expect(long.length).toBeGreaterThan(254);
    const { error } = await newClient().auth.signUp({ email: long, password: 'secret-1' });
    expect(error).toMatchObject({ status: 400, message: 'An email address is too long' });
    const accounts = await sql('select email from auth.users where email like $1', [`%${tag}%`]);
    expect(accounts).toEqual([]);
  });
  it("takes every address Supabase Auth's rule takes: plus tags, subdomains, a full-width letter folded", async () => {
    const tag = randomBytes(4).toString('hex');
    for (const email of [
      `first.last+tag-${tag}@mail.example.test`,
      `o'brien_${tag}@example.test`,
      `${tag}ｘ@example.test`,
    ]) {
      const { error } = await newClient().auth.signUp({ email, password: 'secret-1' });
      expect(error, email).toBeNull();
    }
  });
});

describe('password sign-in', () => {
  it("answers a session whose access token carries Supabase's claims", async () => {
    const user = await createUser();
    const { data, error } = await newClient().auth.signInWithPassword({
      email: user.email,
      password: user.password,
    });
    expect(error).toBeNull();
    const claims = decodeClaims(data.session!.access_token);
    expect(claims).toMatchObject({
      sub: user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: user.email,
      aal: 'aal1',
      iss: `${stack.url}/auth/v1`,
      is_anonymous: false,
    });
    expect(claims.exp as number).toBe((claims.iat as number) + 3600);
    expect(typeof claims.session_id).toBe('string');
    expect(data.session!.expires_at).toBe(claims.exp);
  });
  it('a wrong password and an unknown address get the same 400 invalid_credentials', async () => {
    const user = await createUser();
    for (const attempt of [
      { email: user.email, password: 'wrong-password' },
      { email: uniqueEmail('nobody'), password: 'whatever' },
    ]) {
      const { error } = await newClient().auth.signInWithPassword(attempt);
      expect(error).toMatchObject({
        status: 400,
        code: 'invalid_credentials',
        message: 'Invalid login credentials',
      });
    }
  });
  const signIn = (email: string, password: string, ip: string) =>
    newClient({ ip }).auth.signInWithPassword({ email, password });

  it('an address that failed too often on an account is refused there, the right password included; another address signs in', async () => {
    const user = await createUser();
    const guesser = uniqueIp();
    for (let attempt = 0; attempt < stack.failedSignInLimit; attempt++) {
      const { error } = await signIn(user.email, `wrong-${attempt}`, guesser);
      expect(error?.code).toBe('invalid_credentials');
    }
    const { error } = await signIn(user.email, user.password, guesser);
    expect(error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    // The owner, elsewhere, is not locked out by someone else's failures.
    const owner = await signIn(user.email, user.password, uniqueIp());
    expect(owner.error).toBeNull();
    expect(owner.data.session?.access_token).toBeTruthy();
    // The guesser's address may still sign in to other accounts.
    const other = await createUser();
    expect((await signIn(other.email, other.password, guesser)).error).toBeNull();
  });
  it('an account guessed from many addresses takes only addresses that have not failed on it', async () => {
    const user = await createUser();
    const guessers = Array.from({ length: stack.accountFailedSignInLimit }, () => uniqueIp());
    for (const ip of guessers) {
      expect((await signIn(user.email, 'wrong-password', ip)).error?.code).toBe(
        'invalid_credentials',
      );
    }
    // An address that failed once is refused now, even with the right password...
    expect((await signIn(user.email, user.password, guessers[0]!)).error).toMatchObject({
      status: 429,
    });
    // ...the owner's clean address signs in...
    expect((await signIn(user.email, user.password, uniqueIp())).error).toBeNull();
    // ...and a new guessing address gets one try.
    const newcomer = uniqueIp();
    expect((await signIn(user.email, 'wrong-again', newcomer)).error?.code).toBe(
      'invalid_credentials',
    );
    expect((await signIn(user.email, user.password, newcomer)).error).toMatchObject({
      status: 429,
    });
  });
  it('keeps the counters in the database', async () => {
    const user = await createUser();
    const ip = uniqueIp();
    await signIn(user.email, 'wrong-password', ip);
    const rows = await sql<{ hits: number }>(
      'select hits from reptemple_local.rate_limit_counters where key = $1',
      [`signin-failed:account-address:${user.email}|${ip}`],
    );
    expect(rows).toEqual([{ hits: 1 }]);
  });
  it('limits sign-ins per client address', async () => {
    const ip = uniqueIp();
    const client = newClient({ ip });
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= stack.signInPerIpLimit; attempt++) {
      const { error } = await client.auth.signInWithPassword({
        email: uniqueEmail('rate'),
        password: 'x-password',
      });
      statuses.push(error?.status ?? 200);
    }
    expect(statuses.slice(0, stack.signInPerIpLimit).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const response = await authFetch('/token?grant_type=password', {
      method: 'POST',
      body: JSON.stringify({ email: 'a@b.cd', password: 'x' }),
      headers: { 'x-forwarded-for': ip },
    });
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
  });
  it("answers errors in both of Supabase's shapes, with the API version header", async () => {
    const modern = await authFetch('/token?grant_type=password', {
      method: 'POST',
      body: JSON.stringify({ email: uniqueEmail(), password: 'nope-nope' }),
    });
    expect(modern.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await modern.json()).toEqual({
      code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
    const legacy = await authFetch('/token?grant_type=password', {
      method: 'POST',
      legacy: true,
      body: JSON.stringify({ email: uniqueEmail(), password: 'nope-nope' }),
    });
    expect(await legacy.json()).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
  });
  it('refuses an unknown grant type', async () => {
    const response = await authFetch('/token?grant_type=id_token', { method: 'POST', body: '{}' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'validation_failed' });
  });
});

describe('refresh tokens', () => {
  it('rotate: each refresh answers a new pair and the old access token stays valid until it expires', async () => {
    const user = await createUser();
    const client = newClient();
    const first = (
      await client.auth.signInWithPassword({ email: user.email, password: user.password })
    ).data.session!;
    const { data, error } = await newClient().auth.refreshSession({
      refresh_token: first.refresh_token,
    });
    expect(error).toBeNull();
    expect(data.session!.refresh_token).not.toBe(first.refresh_token);
    expect(decodeClaims(data.session!.access_token).session_id).toBe(
      decodeClaims(first.access_token).session_id,
    );
  });
  it('a token used again within 10 s (two tabs at once) still works', async () => {
    const user = await createUser();
    const session = (
      await newClient().auth.signInWithPassword({ email: user.email, password: user.password })
    ).data.session!;
    const [a, b] = await Promise.all([
      newClient().auth.refreshSession({ refresh_token: session.refresh_token }),
      newClient().auth.refreshSession({ refresh_token: session.refresh_token }),
    ]);
    expect(a.error).toBeNull();
    expect(b.error).toBeNull();
  });
  it('a token used again later ends the whole session (reuse detection)', async () => {
    const user = await createUser();
    const session = (
      await newClient().auth.signInWithPassword({ email: user.email, password: user.password })
    ).data.session!;
    const rotated = (
      await newClient().auth.refreshSession({ refresh_token: session.refresh_token })
    ).data.session!;
    await sql(
      `update auth.refresh_tokens set updated_at = now() - interval '1 minute' where revoked`,
    );
    const replay = await newClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(replay.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    const legitimate = await newClient().auth.refreshSession({
      refresh_token: rotated.refresh_token,
    });
    expect(legitimate.error).toMatchObject({ code: 'refresh_token_not_found' });
    const { error } = await newClient().auth.getUser(rotated.access_token);
    expect(isAuthSessionMissingError(error)).toBe(true);
  });
  it('an unknown token: 400 refresh_token_not_found', async () => {
    const { error } = await newClient().auth.refreshSession({ refresh_token: 'not-a-token' });
    expect(error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });
});

describe('one-time links', () => {
  it('creates the account with metadata, mails a link that redirects to the app with the session', async () => {
    const email = uniqueEmail('link');
    const redirectTo = `${stack.url}/auth/callback`;
    const { error } = await newClient().auth.signInWithOtp({
      email,
      options: { emailRedirectTo: redirectTo, data: { gender: 'male', full_name: 'Link User' } },
    });
    expect(error).toBeNull();
    const mail = await latestMail(email);
    expect(mail).toMatchObject({ kind: 'magiclink', subject: 'Your RepTemple sign-in link' });
    expect(mail.code).toMatch(/^\d{6}$/);
    const location = await openLink(mail.link);
    expect(`${location.origin}${location.pathname}`).toBe(redirectTo);
    const fragment = fragmentOf(location);
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('type')).toBe('magiclink');
    expect(Number(fragment.get('expires_in'))).toBe(3600);
    const { data } = await newClient().auth.getUser(fragment.get('access_token')!);
    expect(data.user).toMatchObject({ email, user_metadata: { full_name: 'Link User' } });
    expect(data.user!.email_confirmed_at).toBeTruthy();
    const [profile] = await sql('select gender from public.user_profiles where id = $1', [
      data.user!.id,
    ]);
    expect(profile).toEqual({ gender: 'male' });
  });
  it('a link works once; the second time the app gets otp_expired in the fragment', async () => {
    const email = uniqueEmail('once');
    await newClient().auth.signInWithOtp({
      email,
      options: { emailRedirectTo: `${stack.url}/auth/callback` },
    });
    const { link } = await latestMail(email);
    await openLink(link);
    const again = fragmentOf(await openLink(link));
    expect(again.get('error')).toBe('access_denied');
    expect(again.get('error_code')).toBe('otp_expired');
    expect(again.get('access_token')).toBeNull();
  });
  it('an expired link is refused', async () => {
    const email = uniqueEmail('expired');
    await newClient().auth.signInWithOtp({ email });
    const { link } = await latestMail(email);
    await sql(
      `update auth.one_time_tokens set expires_at = now() - interval '1 second' where user_id = (select id from auth.users where email = $1)`,
      [email],
    );
    expect(fragmentOf(await openLink(link)).get('error_code')).toBe('otp_expired');
  });
  it('never redirects to a foreign site', async () => {
    const email = uniqueEmail('redirect');
    await newClient().auth.signInWithOtp({
      email,
      options: { emailRedirectTo: 'https://evil.example/steal' },
    });
    const location = await openLink((await latestMail(email)).link);
    expect(location.origin).toBe(new URL(stack.url).origin);
  });
  it('the six-digit code from the mail signs in too; a wrong code does not', async () => {
    const email = uniqueEmail('code');
    await newClient().auth.signInWithOtp({ email });
    const { code } = await latestMail(email);
    const wrong = await newClient().auth.verifyOtp({
      email,
      token: code === '000000' ? '111111' : '000000',
      type: 'email',
    });
    expect(wrong.error).toMatchObject({ status: 403, code: 'otp_expired' });
    const { data, error } = await newClient().auth.verifyOtp({ email, token: code, type: 'email' });
    expect(error).toBeNull();
    expect(data.session!.user.email).toBe(email);
  });
  it('with shouldCreateUser false an unknown address is refused: 422 otp_disabled', async () => {
    const { error } = await newClient().auth.signInWithOtp({
      email: uniqueEmail('none'),
      options: { shouldCreateUser: false },
    });
    expect(error).toMatchObject({ status: 422, code: 'otp_disabled' });
  });
  it('one e-mail per address per minute: 429 over_email_send_rate_limit', async () => {
    const email = uniqueEmail('twice');
    expect((await newClient().auth.signInWithOtp({ email })).error).toBeNull();
    const { error } = await newClient().auth.signInWithOtp({ email });
    expect(error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
  });
  it('PKCE: the link redirects with a code that only the asking browser can exchange', async () => {
    const storage = new Map<string, string>();
    const pkceClient = createClient(stack.url, stack.anonKey, {
      auth: {
        flowType: 'pkce',
        persistSession: true,
        autoRefreshToken: false,
        detectSessionInUrl: false,
        storage: {
          getItem: (key: string) => storage.get(key) ?? null,
          setItem: (key: string, value: string) => void storage.set(key, value),
          removeItem: (key: string) => void storage.delete(key),
        },
      },
      global: { headers: { 'x-forwarded-for': uniqueIp() } },
      realtime: { transport: ws as unknown as never },
    });
    const email = uniqueEmail('pkce');
    expect(
      (
        await pkceClient.auth.signInWithOtp({
          email,
          options: { emailRedirectTo: `${stack.url}/auth/callback` },
        })
      ).error,
    ).toBeNull();
    const code = (await openLink((await latestMail(email)).link)).searchParams.get('code');
    expect(code).toBeTruthy();
    const stranger = await newClient().auth.exchangeCodeForSession(code!);
    expect(stranger.error).not.toBeNull();
    const wrongVerifier = await authFetch('/token?grant_type=pkce', {
      method: 'POST',
      body: JSON.stringify({ auth_code: code, code_verifier: 'guessed-verifier' }),
    });
    expect(wrongVerifier.status).toBe(400);
    expect(await wrongVerifier.json()).toMatchObject({ code: 'bad_code_verifier' });
    const { data, error } = await pkceClient.auth.exchangeCodeForSession(code!);
    expect(error).toBeNull();
    expect(data.session!.user.email).toBe(email);
    const replay = await authFetch('/token?grant_type=pkce', {
      method: 'POST',
      body: JSON.stringify({ auth_code: code, code_verifier: 'anything' }),
    });
    expect(replay.status).toBe(404);
  });
  it('the first link drops a password set before the address was proven, and ends its sessions', async () => {
    const squatter = await createUser({ label: 'squat' });
    await newClient().auth.signInWithOtp({ email: squatter.email });
    await openLink((await latestMail(squatter.email)).link);
    const { error } = await newClient().auth.signInWithPassword({
      email: squatter.email,
      password: squatter.password,
    });
    expect(error?.code).toBe('invalid_credentials');
    expect(
      isAuthSessionMissingError((await newClient().auth.getUser(squatter.accessToken)).error),
    ).toBe(true);
  });
  it('password recovery mails a link; an unknown address gets the same answer and no mail', async () => {
    const user = await createUser({ label: 'recover' });
    expect((await newClient().auth.resetPasswordForEmail(user.email)).error).toBeNull();
    const mail = await latestMail(user.email);
    expect(mail.kind).toBe('recovery');
    expect(fragmentOf(await openLink(mail.link)).get('type')).toBe('recovery');
    const unknown = uniqueEmail('ghost');
    expect((await newClient().auth.resetPasswordForEmail(unknown)).error).toBeNull();
    const response = await fetch(`${stack.url}/api/dev/outbox?to=${encodeURIComponent(unknown)}`);
    expect((await response.json()) as unknown).toEqual({ messages: [] });
  });
});

describe('tokens', () => {
  const now = () => Math.floor(Date.now() / 1000);
  const claimsFor = (sub: string, overrides: Record<string, unknown> = {}) => ({
    sub,
    role: 'authenticated',
    aud: 'authenticated',
    iat: now(),
    exp: now() + 3600,
    ...overrides,
  });

  it('GET /user with a valid token answers the user', async () => {
    const user = await createUser();
    const { data, error } = await newClient().auth.getUser(user.accessToken);
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      id: user.id,
      email: user.email,
      aud: 'authenticated',
      role: 'authenticated',
    });
    expect(data.user!.identities![0]).toMatchObject({ provider: 'email', user_id: user.id });
  });
  it('expired, wrong-secret, unsigned and malformed tokens are refused by auth (403 bad_jwt) and by the data API (401)', async () => {
    const user = await createUser();
    const expired = signJwtForTests(
      claimsFor(user.id, { iat: now() - 7200, exp: now() - 3600 }),
      stack.jwtSecret,
    );
    const wrongSecret = signJwtForTests(claimsFor(user.id), randomBytes(32).toString('hex'));
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(claimsFor(user.id))).toString('base64url')}.`;
    const malformed = 'abc.def';
    for (const token of [expired, wrongSecret, unsigned, malformed]) {
      const response = await authFetch('/user', { headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: 'bad_jwt' });
      const { error } = await newClient({ accessToken: token })
        .from('challenges')
        .select('id')
        .limit(1);
      expect(error, `data API accepted ${token.slice(0, 20)}...`).not.toBeNull();
      const rest = await fetch(`${stack.url}/rest/v1/challenges?select=id&limit=1`, {
        headers: { apikey: stack.anonKey, authorization: `Bearer ${token}` },
      });
      expect(rest.status).toBe(401);
    }
  });
  it('a forged service_role token does not pass as an API key or as a bearer token', async () => {
    const forged = signJwtForTests(
      { role: 'service_role', iat: now(), exp: now() + 3600 },
      'not-the-secret-not-the-secret-not-the-secret',
    );
    const gateway = await fetch(`${stack.url}/rest/v1/waitlist?select=email`, {
      headers: { apikey: forged },
    });
    expect(gateway.status).toBe(401);
    expect(await gateway.json()).toMatchObject({
      code: 'invalid_api_key',
      message: 'Invalid API key',
    });
    const bearer = await fetch(`${stack.url}/rest/v1/waitlist?select=email`, {
      headers: { apikey: stack.anonKey, authorization: `Bearer ${forged}` },
    });
    expect(bearer.status).toBe(401);
  });
  it('requests without an API key are refused by the data and auth APIs', async () => {
    expect((await fetch(`${stack.url}/rest/v1/challenges`)).status).toBe(401);
    const auth = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      body: '{}',
    });
    expect(auth.status).toBe(401);
    expect(await auth.json()).toMatchObject({
      code: 'no_api_key',
      message: 'No API key found in request',
    });
  });
  it('GET /user with only the API key: 403 bad_jwt; with a non-bearer authorization: 401 no_authorization', async () => {
    const keyOnly = await authFetch('/user');
    expect(keyOnly.status).toBe(403);
    expect(await keyOnly.json()).toMatchObject({ code: 'bad_jwt' });
    const basic = await authFetch('/user', { headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    expect(basic.status).toBe(401);
    expect(await basic.json()).toMatchObject({ code: 'no_authorization' });
  });
});

describe('user updates', () => {
  it('merges user metadata', async () => {
    const user = await createUser({ metadata: { full_name: 'Before' } });
    const client = newClient();
    await client.auth.setSession({
      access_token: user.accessToken,
      refresh_token: (
        await newClient().auth.signInWithPassword({ email: user.email, password: user.password })
      ).data.session!.refresh_token,
    });
    const { data, error } = await client.auth.updateUser({ data: { gender: 'male' } });
    expect(error).toBeNull();
    expect(data.user!.user_metadata).toMatchObject({ full_name: 'Before', gender: 'male' });
  });
  it('changes the password; the same password or a new e-mail is refused', async () => {
    const user = await createUser();
    const client = newClient();
    await client.auth.signInWithPassword({ email: user.email, password: user.password });
    expect((await client.auth.updateUser({ password: user.password })).error).toMatchObject({
      status: 422,
      code: 'same_password',
    });
    expect((await client.auth.updateUser({ email: uniqueEmail('new') })).error).toMatchObject({
      status: 422,
      code: 'email_change_not_supported',
    });
    expect((await client.auth.updateUser({ password: 'brand-new-1' })).error).toBeNull();
    expect(
      (await newClient().auth.signInWithPassword({ email: user.email, password: user.password }))
        .error?.code,
    ).toBe('invalid_credentials');
    expect(
      (await newClient().auth.signInWithPassword({ email: user.email, password: 'brand-new-1' }))
        .error,
    ).toBeNull();
  });
});

describe('sign-out', () => {
  async function threeSessions() {
    const user = await createUser();
    const clients = [newClient(), newClient(), newClient()];
    const sessions = [];
    for (const client of clients)
      sessions.push(
        (await client.auth.signInWithPassword({ email: user.email, password: user.password })).data
          .session!,
      );
    return { user, clients, sessions };
  }
  const alive = async (accessToken: string) => !(await newClient().auth.getUser(accessToken)).error;

  it('scope others ends every other session of the user', async () => {
    const { clients, sessions } = await threeSessions();
    expect((await clients[0]!.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect(await alive(sessions[0]!.access_token)).toBe(true);
    expect(await alive(sessions[1]!.access_token)).toBe(false);
    expect(
      (await newClient().auth.refreshSession({ refresh_token: sessions[2]!.refresh_token })).error
        ?.code,
    ).toBe('refresh_token_not_found');
  });
  it('scope local ends only this session', async () => {
    const { clients, sessions } = await threeSessions();
    expect((await clients[0]!.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect(await alive(sessions[0]!.access_token)).toBe(false);
    expect(await alive(sessions[1]!.access_token)).toBe(true);
  });
  it('scope global ends every session', async () => {
    const { clients, sessions } = await threeSessions();
    expect((await clients[1]!.auth.signOut()).error).toBeNull();
    for (const session of sessions) expect(await alive(session.access_token)).toBe(false);
  });
  it('an unknown scope is refused', async () => {
    const user = await createUser();
    const response = await authFetch('/logout?scope=everyone', {
      method: 'POST',
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(response.status).toBe(400);
  });
});
