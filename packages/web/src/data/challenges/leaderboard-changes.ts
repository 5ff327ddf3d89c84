// When a challenge's leaderboards change (a verification landed, a recording was submitted or
// corrected), as the local server announces it: a Server-Sent Events stream the database's
// notifications feed (issue 27). Each event says only that the boards changed; the page reads its
// board again through the leaderboard functions, which apply who may see what. A hosted Supabase
// backend has no such stream: there the boards are read again when the window regains focus.

import { hostedConfigFromEnv } from '../config/app-config';

/** The server's stream of one challenge's leaderboard changes (same origin as the app). */
export function leaderboardChangesPath(challengeId: string): string {
  return `/api/leaderboards/${encodeURIComponent(challengeId)}/events`;
}

/** Calls `onChange` whenever the challenge's leaderboards change, until the returned function is
 * called. The browser reconnects a broken stream itself. */
export function subscribeToLeaderboardChanges(
  challengeId: string,
  onChange: () => void,
  env: { VITE_SUPABASE_URL?: string; VITE_SUPABASE_ANON_KEY?: string } = import.meta.env,
): () => void {
  if (hostedConfigFromEnv(env) || typeof EventSource === 'undefined') return () => undefined;
  const source = new EventSource(leaderboardChangesPath(challengeId));
  source.addEventListener('change', onChange);
  return () => source.close();
}
