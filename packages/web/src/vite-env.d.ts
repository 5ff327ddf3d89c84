/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** A hosted Supabase project's URL; with the anon key it replaces GET /api/config. */
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
