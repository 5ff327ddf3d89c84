import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createQueryClient,
  getQueryFn,
  pathFromQueryKey,
  throwIfResponseNotOk,
} from './query-client';

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubFetch(response: () => Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const queryContext = (queryKey: readonly unknown[]) =>
  ({ queryKey, signal: new AbortController().signal, meta: undefined }) as never;

describe('fetch errors (spec 01 §8)', () => {
  it('reads "{status}: {body}"', async () => {
    await expect(
      throwIfResponseNotOk(new Response('{"message":"nope"}', { status: 403 })),
    ).rejects.toThrow(/^403: \{"message":"nope"\}$/);
  });
  it('falls back to the status text when the body is empty', async () => {
    await expect(
      throwIfResponseNotOk(new Response('', { status: 503, statusText: 'Service Unavailable' })),
    ).rejects.toThrow(/^503: Service Unavailable$/);
  });
  it('lets a successful response through', async () => {
    await expect(throwIfResponseNotOk(new Response('ok', { status: 200 }))).resolves.toBe(
      undefined,
    );
  });
});

describe('the default query function (spec 01 §7)', () => {
  it("GETs the key's path with credentials and parses JSON", async () => {
    const fetchMock = stubFetch(() => Response.json({ supabaseUrl: 'x' }));
    const result = await getQueryFn({ on401: 'throw' })(queryContext(['/api/config']));
    expect(result).toEqual({ supabaseUrl: 'x' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/config');
    expect(init?.credentials).toBe('include');
    expect(init?.method ?? 'GET').toBe('GET');
  });
  it('joins the parts of a key into the path', () => {
    expect(pathFromQueryKey(['/api/challenges', 42, 'leaderboard'])).toBe(
      '/api/challenges/42/leaderboard',
    );
  });
  it('a 401 throws by default', async () => {
    stubFetch(() => new Response('Unauthorized', { status: 401 }));
    await expect(getQueryFn({ on401: 'throw' })(queryContext(['/api/me']))).rejects.toThrow(
      '401: Unauthorized',
    );
  });
  it('a 401 answers null where the caller opts in; other failures still throw', async () => {
    stubFetch(() => new Response('Unauthorized', { status: 401 }));
    await expect(getQueryFn({ on401: 'returnNull' })(queryContext(['/api/me']))).resolves.toBe(
      null,
    );
    stubFetch(() => new Response('boom', { status: 500 }));
    await expect(getQueryFn({ on401: 'returnNull' })(queryContext(['/api/me']))).rejects.toThrow(
      '500: boom',
    );
  });
});

describe('query defaults (spec 01 §9)', () => {
  it('no refetch interval, no refetch on focus, never stale, no retries', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.refetchInterval).toBe(false);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.queries?.staleTime).toBe(Number.POSITIVE_INFINITY);
    expect(defaults.queries?.retry).toBe(false);
    expect(defaults.mutations?.retry).toBe(false);
  });
  it('a failed query is asked once, and a fetched one is not asked again', async () => {
    const client = createQueryClient();
    const failing = stubFetch(
      () => new Response('down', { status: 502, statusText: 'Bad Gateway' }),
    );
    await expect(client.fetchQuery({ queryKey: ['/api/down'] })).rejects.toThrow('502: down');
    expect(failing).toHaveBeenCalledTimes(1);

    const working = stubFetch(() => Response.json({ value: 1 }));
    await client.fetchQuery({ queryKey: ['/api/up'] });
    await client.fetchQuery({ queryKey: ['/api/up'] });
    expect(working).toHaveBeenCalledTimes(1);
  });
});
