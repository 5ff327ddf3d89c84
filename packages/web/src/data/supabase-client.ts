import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { AppConfig } from './config/app-config';

export type { SupabaseClient };

/** The one client the app uses. Sessions persist in localStorage, refresh themselves before they
 * expire (the ticker follows tab visibility), and a session in the URL after a one-time link
 * (implicit or code flow) is detected and saved. */
export function createSupabase(config: AppConfig): SupabaseClient {
  return createClient(config.supabaseUrl, config.anonKey, {
    auth: {
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: true,
      // Implicit: the link may be opened in another browser than the one that asked for it.
      flowType: 'implicit',
    },
  });
}
