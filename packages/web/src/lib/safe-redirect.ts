// The ?redirect= of /login carries a return path (e.g. a challenge's record page). Only paths on
// this site are honoured, so a crafted link cannot send a fresh sign-in to another site.

export function safeRedirectPath(raw: string | null | undefined): string | undefined {
  if (!raw) return undefined;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return undefined;
  // Control characters (tabs, newlines) are dropped by URL parsers and can turn "/\t/x" into "//x".
  for (const character of raw) {
    const code = character.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return undefined;
  }
  return raw;
}

/** The login address that brings the visitor back to `path` after signing in. */
export function loginPathFor(path: string): string {
  return path === '/' ? '/login' : `/login?redirect=${encodeURIComponent(path)}`;
}
