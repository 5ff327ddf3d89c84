// Media and contact sheets of a recording whose challenge hides its results are served to its
// participant and to admins only (supabase/rules/visibility.sql; the server checks the request's
// access token). <img> and <video> cannot send a header, so the token goes in the URL.

import { useEffect, useState } from 'react';
import { getCurrentSession } from '../../../data/auth/auth';
import type { SupabaseClient } from '../../../data/supabase-client';

/** `url` with the viewer's access token, or as it is for a visitor. */
export function withAccessToken(url: string, accessToken: string | null | undefined): string {
  if (!accessToken) return url;
  return `${url}${url.includes('?') ? '&' : '?'}access_token=${encodeURIComponent(accessToken)}`;
}

/** The signed-in viewer's access token (undefined until read, null for a visitor). */
export function useMediaAccessToken(client: SupabaseClient): string | null | undefined {
  const [token, setToken] = useState<string | null>();
  useEffect(() => {
    let live = true;
    getCurrentSession(client).then(
      (session) => live && setToken(session?.access_token ?? null),
      (error: unknown) => {
        console.warn('Reading the session for media failed; fetching as a visitor', error);
        if (live) setToken(null);
      },
    );
    return () => {
      live = false;
    };
  }, [client]);
  return token;
}
