// A route table: each route names what it answers, the paths and methods it takes, and its
// handler. The first route whose path and method match a request answers it, so a path whose
// method does not match falls through to the routes after it.

import type { IncomingMessage, ServerResponse } from 'node:http';

export interface RouteContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  method: string;
  /** The Host header's name, checked against the host policy (lower case, IPv6 unbracketed). */
  host: string;
  /** The route's pattern match, for routes that match a pattern. */
  match: RegExpExecArray | undefined;
}

/** Whether a path belongs to a route: a boolean, or a pattern's match. */
export type PathMatcher = (pathname: string) => boolean | RegExpExecArray | null;

/** A route of a table whose handlers take `Context` (the HTTP entry point's RouteContext, or the
 * auth API's own). */
export interface Route<Context = RouteContext> {
  /** What the route answers, for readers of the table. */
  name: string;
  path: PathMatcher;
  /** The methods it answers; absent: every method. */
  methods?: readonly string[];
  handle(context: Context): Promise<void> | void;
}

export const exactly =
  (path: string): PathMatcher =>
  (pathname) =>
    pathname === path;
/** The path itself and everything below it. */
export const atOrBelow =
  (path: string): PathMatcher =>
  (pathname) =>
    pathname === path || pathname.startsWith(`${path}/`);
/** Every path that starts with the prefix (for '/auth/v1/', not '/auth/v1' itself). */
export const startingWith =
  (prefix: string): PathMatcher =>
  (pathname) =>
    pathname.startsWith(prefix);
export const matching =
  (pattern: RegExp): PathMatcher =>
  (pathname) =>
    pattern.exec(pathname);
export const anyPath: PathMatcher = () => true;

/** The route that answers the request, with its pattern match; undefined when none does. */
export function findRoute<Context>(
  routes: readonly Route<Context>[],
  pathname: string,
  method: string,
): { route: Route<Context>; match: RegExpExecArray | undefined } | undefined {
  for (const route of routes) {
    if (route.methods && !route.methods.includes(method)) continue;
    const matched = route.path(pathname);
    if (!matched) continue;
    return { route, match: matched === true ? undefined : matched };
  }
  return undefined;
}
