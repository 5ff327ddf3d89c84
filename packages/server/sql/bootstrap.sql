-- What a hosted Supabase project already has before its migrations run, recreated for the local
-- stack: the API roles, the auth schema with auth.users and its helper functions, and Supabase's
-- default privileges. Idempotent: it runs on every start, before the migrations.
-- The migrations in supabase/migrations must not depend on anything here that hosted Supabase
-- lacks. The tables auth.sessions, auth.refresh_tokens, auth.one_time_tokens and auth.flow_state
-- belong to the local auth service only (hosted Supabase has its own versions of them).

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
end
$$;

grant anon, authenticated, service_role to authenticator;
grant usage on schema public to anon, authenticated, service_role;

-- Supabase grants everything on new objects in public to the API roles by default; the
-- migrations must therefore revoke explicitly. Mirroring it here keeps that honest locally.
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;

create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz,
  banned_until timestamptz,
  deleted_at timestamptz,
  is_sso_user boolean not null default false,
  is_anonymous boolean not null default false
);
create unique index if not exists users_email_partial_key on auth.users (email) where is_sso_user = false;

-- Sessions and refresh tokens of the local auth service. Refresh tokens are stored as SHA-256
-- hashes so a leaked table does not leak usable tokens.
create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  refreshed_at timestamptz,
  amr_method text not null,
  user_agent text,
  ip text
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
  id bigserial primary key,
  token_hash text not null unique,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  parent_hash text,
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists refresh_tokens_session_id_idx on auth.refresh_tokens (session_id);

-- One-time links and codes (magic link, signup confirmation, recovery). Only hashes are stored.
create table if not exists auth.one_time_tokens (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null,
  token_hash text not null unique,
  otp_hash text not null,
  redirect_to text,
  code_challenge text,
  code_challenge_method text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index if not exists one_time_tokens_user_id_idx on auth.one_time_tokens (user_id);

-- PKCE: the code handed to the app after a verified link, exchanged with the code verifier.
create table if not exists auth.flow_state (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  auth_code_hash text not null unique,
  code_challenge text not null,
  code_challenge_method text not null,
  authentication_method text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);

revoke all on all tables in schema auth from anon, authenticated;

-- The same helper functions as Supabase, reading the claims PostgREST puts in request.jwt.claims.
create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt()
  to anon, authenticated, service_role;

-- Bookkeeping of the local stack; the same table the Supabase CLI keeps, so a database started
-- here can later be managed by the CLI.
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);
create schema if not exists reptemple_local;
create table if not exists reptemple_local.seed_state (
  step text primary key,
  done_at timestamptz not null default now()
);
-- The local auth service's rate-limit counters (see src/auth/rate-limit.ts): kept here, not in
-- memory, so a restart does not lift a lock-out. Keys hold e-mail addresses and client
-- addresses; rows are deleted once their window has passed.
create table if not exists reptemple_local.rate_limit_counters (
  key text primary key,
  hits integer not null,
  resets_at timestamptz not null
);
create index if not exists rate_limit_counters_resets_at_idx
  on reptemple_local.rate_limit_counters (resets_at);
alter table reptemple_local.rate_limit_counters enable row level security;
alter table reptemple_local.seed_state enable row level security;

-- The media API's uploads (src/media/): one row per stored video, written in the same transaction
-- as its media job (thumbnail and GIF), so an answered upload is never without its job and a
-- video file without a row is a leftover of a crash, removed at the next start.
create table if not exists reptemple_local.media_uploads (
  -- The files' common name: <session id>-<8 hex>, e.g. videos/<id>.webm, gifs/<id>.gif
  id text primary key check (id ~ '^[A-Za-z0-9_-]{1,120}$'),
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id text not null,
  video_file text not null,
  -- The upload route checks the values; uploads from before this table (imported once from
  -- media/meta) may lack a length.
  bytes bigint not null,
  duration_seconds double precision,
  exercise text not null,
  total_pushups integer not null,
  challenge_name text not null,
  analysis_data jsonb,
  original_name text,
  -- queued: thumbnail and GIF not made yet; ready: both made; failed: every try failed
  media_status text not null default 'queued' check (media_status in ('queued', 'ready', 'failed')),
  thumbnail_ready boolean not null default false,
  gif_ready boolean not null default false,
  processing_error text,
  uploaded_at timestamptz not null default now(),
  processed_at timestamptz
);
create index if not exists media_uploads_user_id_idx on reptemple_local.media_uploads (user_id);
alter table reptemple_local.media_uploads enable row level security;
revoke all on schema supabase_migrations, reptemple_local from public;
