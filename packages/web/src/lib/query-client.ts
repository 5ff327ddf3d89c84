// TanStack Query with the specification's defaults (spec 01 §7, §9): a query is a GET of the path
// in its key, with credentials, read as JSON; a failed response throws "{status}: {body}".

import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { QUERY_DEFAULTS } from '../constants/limits';

/** What a query does with a 401: throw like any other failure, or answer null (signed out). */
export type UnauthorizedBehavior = 'throw' | 'returnNull';

/** Throws "{status}: {body text}" (or the status text when the body is empty) for a failed
 * response; lets a successful one through. */
export async function throwIfResponseNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const body = await response.text();
  throw new Error(`${response.status}: ${body || response.statusText}`);
}

/** The URL a query key names: its parts joined with '/'. */
export function pathFromQueryKey(queryKey: readonly unknown[]): string {
  return queryKey.map(String).join('/');
}

export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const response = await fetch(pathFromQueryKey(queryKey), { credentials: 'include', signal });
    if (options.on401 === 'returnNull' && response.status === 401) return null;
    await throwIfResponseNotOk(response);
    return (await response.json()) as T;
  };
}

/** A request that changes something: JSON body, credentials, the same error format as queries. */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    headers: data === undefined ? {} : { 'content-type': 'application/json' },
    body: data === undefined ? undefined : JSON.stringify(data),
    credentials: 'include',
  });
  await throwIfResponseNotOk(response);
  return response;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: QUERY_DEFAULTS.refetchInterval,
        refetchOnWindowFocus: QUERY_DEFAULTS.refetchOnWindowFocus,
        staleTime: QUERY_DEFAULTS.staleTime,
        retry: QUERY_DEFAULTS.retry,
      },
      mutations: { retry: QUERY_DEFAULTS.retry },
    },
  });
}
