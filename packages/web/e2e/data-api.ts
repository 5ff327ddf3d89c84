// The stack's data API from the test process (supabase-js typed by the app's Database, as the app
// uses it): arranging rows (accounts, challenges, recordings) and reading back what a page wrote.

import { createClient } from '@supabase/supabase-js';
import ws from 'ws';
import type { Database } from '../src/data/database.js';
import type { SupabaseClient } from '../src/data/supabase-client.js';
import { newPassword, stack, uniqueEmail } from './helpers.js';

async function client(): Promise<SupabaseClient> {
  return createClient<Database>(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as unknown as never },
  });
}

export async function anonApi(): Promise<SupabaseClient> {
  return client();
}

export interface ApiUser {
  id: string;
  email: string;
  client: SupabaseClient;
}

/** A new account, signed in (the local stack confirms sign-ups at once). */
export async function newApiUser(label: string): Promise<ApiUser> {
  const api = await client();
  const email = uniqueEmail(label);
  const { data, error } = await api.auth.signUp({ email, password: newPassword() });
  if (error || !data.user || !data.session)
    throw new Error(`sign-up of ${email} failed: ${error?.message}`);
  return { id: data.user.id, email, client: api };
}

/** The seeded admin account, signed in. */
export async function adminApi(): Promise<ApiUser> {
  const api = await client();
  const { data, error } = await api.auth.signInWithPassword({
    email: stack.adminEmail,
    password: stack.adminPassword,
  });
  if (error || !data.user) throw new Error(`admin sign-in failed: ${error?.message}`);
  return { id: data.user.id, email: stack.adminEmail, client: api };
}

/** Throws with the server's message when a data API call failed. */
export function check<T>(result: { data: T; error: { message: string } | null }, what: string): T {
  if (result.error) throw new Error(`${what}: ${result.error.message}`);
  return result.data;
}

/** The row a call answered (`.single()`, or an insert with `.select()`): throws when it failed
 * or answered none. */
export function checkRow<T>(
  result: { data: T; error: { message: string } | null },
  what: string,
): NonNullable<T> {
  const row = check(result, what);
  if (row === null || row === undefined) throw new Error(`${what}: expected a row, got none`);
  return row;
}
