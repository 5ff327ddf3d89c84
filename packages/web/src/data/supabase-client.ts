import { createClient, type SupabaseClient as UntypedSupabaseClient } from '@supabase/supabase-js';
import type { AppConfig } from './config/app-config';
import type { Database } from './database';

/** The app's client, typed by the database's generated types: a query names only tables, columns
 * and enum values that exist, and answers typed rows. Data functions take this, never the
 * untyped client of '@supabase/supabase-js'. */
export type SupabaseClient = UntypedSupabaseClient<Database>;

/** The one client the app uses. Sessions persist in localStorage, refresh themselves before they
 * expire (the ticker follows tab visibility), and a session in the URL after a one-time link
 * (implicit or code flow) is detected and saved. */
export function createSupabase(config: AppConfig): SupabaseClient {
  return createClient<Database>(config.supabaseUrl, config.anonKey, {
    auth: {
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: true,
      // Implicit: the link may be opened in another browser than the one that asked for it.
      flowType: 'implicit',
    },
  });
}
