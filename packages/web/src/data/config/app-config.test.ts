import { describe, expect, it } from 'vitest';
import { hostedConfigFromEnv } from './app-config';

describe('configuration', () => {
  it('a hosted project needs both the URL and the anon key', () => {
    expect(hostedConfigFromEnv({})).toBeUndefined();
    expect(hostedConfigFromEnv({ VITE_SUPABASE_URL: 'https://p.supabase.co' })).toBeUndefined();
    expect(
      hostedConfigFromEnv({
        VITE_SUPABASE_URL: 'https://p.supabase.co',
        VITE_SUPABASE_ANON_KEY: 'k',
      }),
    ).toEqual({ supabaseUrl: 'https://p.supabase.co', anonKey: 'k' });
  });
});
