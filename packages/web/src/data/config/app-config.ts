// Where the app finds its backend: a hosted Supabase project when the build names one
// (VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY), otherwise the local stack that serves the app,
// which answers GET /api/config. Only public values: the URL and the anon key.

import type { QueryClient } from '@tanstack/react-query';

export interface AppConfig {
  supabaseUrl: string;
  anonKey: string;
}

export const APP_CONFIG_PATH = '/api/config';

export function hostedConfigFromEnv(env: {
  VITE_SUPABASE_URL?: string;
  VITE_SUPABASE_ANON_KEY?: string;
}): AppConfig | undefined {
  if (!env.VITE_SUPABASE_URL || !env.VITE_SUPABASE_ANON_KEY) return undefined;
  return { supabaseUrl: env.VITE_SUPABASE_URL, anonKey: env.VITE_SUPABASE_ANON_KEY };
}

/** Reads the configuration through the default query function, so a failure reads
 * "{status}: {body}" like every other request. */
export async function loadAppConfig(queryClient: QueryClient): Promise<AppConfig> {
  const hosted = hostedConfigFromEnv(import.meta.env);
  if (hosted) return hosted;
  const config = await queryClient.fetchQuery<AppConfig>({ queryKey: [APP_CONFIG_PATH] });
  if (!config?.supabaseUrl || !config.anonKey)
    throw new Error(`${APP_CONFIG_PATH} answered without supabaseUrl and anonKey`);
  return config;
}
