-- Foundations shared by every table: enumerations of the spec, a private schema for internal
-- functions (not exposed by the data API), and small trigger functions.

create type public.profile_gender as enum ('male', 'female', 'other', 'prefer_not_to_say');
create type public.participant_gender as enum ('male', 'female');
create type public.challenge_type as enum ('accountability', 'progression', 'duel');
create type public.gender_filter as enum ('all', 'male', 'female', 'other');
create type public.time_unit as enum ('days', 'weeks', 'months');
create type public.camera_position as enum ('front', 'back', 'side');

-- Functions in this schema are used by triggers and policies only; the data API never exposes it.
create schema if not exists reptemple_private;
revoke all on schema reptemple_private from public;
grant usage on schema reptemple_private to anon, authenticated, service_role;

-- E-mail addresses are compared and stored lower-cased and trimmed everywhere.
create function reptemple_private.normalize_email(raw text) returns text
language sql immutable
set search_path = ''
as $$ select lower(btrim(raw)) $$;

create function reptemple_private.normalize_email_column() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.email := reptemple_private.normalize_email(new.email);
  return new;
end
$$;

create function reptemple_private.touch_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

revoke execute on all functions in schema reptemple_private from public, anon, authenticated;
grant execute on function reptemple_private.normalize_email(text) to anon, authenticated, service_role;
