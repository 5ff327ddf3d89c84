// Auth calls (spec 01 §7). Each throws the auth service's error; the screens decide what to show.

import type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';
import type { SupabaseClient } from '../supabase-client';

export interface Credentials {
  email: string;
  password: string;
}

/** Sends a one-time sign-in link that returns to `redirectTo`. Creates the account if needed. */
export async function sendMagicLink(
  client: SupabaseClient,
  email: string,
  redirectTo: string,
): Promise<void> {
  const { error } = await client.auth.signInWithOtp({
    email: email.trim(),
    options: { emailRedirectTo: redirectTo },
  });
  if (error) throw error;
}

/** Signs in with the six-digit code of a one-time sign-in e-mail (what its link does, in this
 * browser). */
export async function verifyEmailCode(
  client: SupabaseClient,
  email: string,
  code: string,
): Promise<User> {
  const { data, error } = await client.auth.verifyOtp({
    email: email.trim(),
    token: code,
    type: 'email',
  });
  if (error) throw error;
  if (!data.user) throw new Error('The code was accepted but no user came back.');
  return data.user;
}

export async function signInWithPassword(
  client: SupabaseClient,
  credentials: Credentials,
): Promise<{ user: User; session: Session }> {
  const { data, error } = await client.auth.signInWithPassword({
    email: credentials.email.trim(),
    password: credentials.password,
  });
  if (error) throw error;
  return data;
}

/** Creates an account. The session is null when the project wants the address confirmed first. */
export async function signUpWithPassword(
  client: SupabaseClient,
  credentials: Credentials,
): Promise<{ user: User | null; session: Session | null }> {
  const { data, error } = await client.auth.signUp({
    email: credentials.email.trim(),
    password: credentials.password,
  });
  if (error) throw error;
  return data;
}

export async function signOut(client: SupabaseClient): Promise<void> {
  const { error } = await client.auth.signOut();
  if (error) throw error;
}

export async function getCurrentSession(client: SupabaseClient): Promise<Session | null> {
  const { data, error } = await client.auth.getSession();
  if (error) throw error;
  return data.session;
}

/** After a one-time link: waits until the client has read the session from the URL (or the error
 * the auth service put there, e.g. an expired link) and answers the session, null if none. */
export async function completeSignInFromUrl(client: SupabaseClient): Promise<Session | null> {
  const { error } = await client.auth.initialize();
  if (error) throw error;
  return getCurrentSession(client);
}

/** Calls `listener` on every auth event (spec 01 §4); answers the function that stops it. */
export function subscribeToAuthChanges(
  client: SupabaseClient,
  listener: (event: AuthChangeEvent, session: Session | null) => void,
): () => void {
  const { data } = client.auth.onAuthStateChange(listener);
  return () => data.subscription.unsubscribe();
}
