-- Challenges. Everyone may read them: a hidden challenge is unlisted (left out of lists, still
-- reachable by its link), not secret. Admins create, edit and delete any challenge. A signed-in
-- user may create a push-up challenge with the safe defaults only (see docs/security.md).

-- The built-in push-up definition that user-created challenges must use. Keep in step with
-- BUILTIN_PUSHUP_DEFINITION_ID in packages/server/src/constants.ts.
create function reptemple_private.builtin_pushup_definition_id() returns uuid
language sql immutable
set search_path = ''
as $$ select '00000000-0000-4000-8000-000000000001'::uuid $$;
revoke execute on function reptemple_private.builtin_pushup_definition_id() from public;
grant execute on function reptemple_private.builtin_pushup_definition_id() to authenticated, service_role;

create table public.challenges (
  id uuid primary key default gen_random_uuid(),
  slug text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 100),
  name text not null check (name = btrim(name) and length(name) between 1 and 120),
  description text check (length(description) <= 4000),
  exercise_definition_id uuid not null references public.exercise_definitions (id) on delete restrict,
  challenge_type public.challenge_type not null default 'accountability',
  start_date timestamptz,
  end_date timestamptz,
  gender_filter public.gender_filter default 'all',
  is_active boolean not null default true,
  is_hidden boolean not null default false,
  is_daily boolean not null default false,
  hide_results_until_finished boolean not null default false,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  first_participant_joined_at timestamptz,
  challenge_length_value integer check (challenge_length_value between 1 and 3650),
  challenge_length_unit public.time_unit,
  min_daily_reps integer check (min_daily_reps between 1 and 10000),
  increment_value integer check (increment_value between 1 and 10000),
  increment_cadence_value integer check (increment_cadence_value between 1 and 3650),
  increment_cadence_unit public.time_unit,
  constraint challenges_dates_in_order check (start_date is null or end_date is null or start_date <= end_date),
  constraint challenges_hide_results_only_for_duel check (not hide_results_until_finished or challenge_type = 'duel')
);
create unique index challenges_slug_key on public.challenges (slug);
create index challenges_listing_idx on public.challenges (created_at desc) where is_active and not is_hidden;
create index challenges_created_at_idx on public.challenges (created_at desc);

-- Slugs: admins may choose one (event pages use a short hash); everyone else gets one made from
-- the name and a random suffix, so a user cannot take over an event's address.
create function reptemple_private.slugify(raw text) returns text
language sql immutable
set search_path = ''
as $$
  select coalesce(
    nullif(left(trim(both '-' from regexp_replace(lower(coalesce(raw, '')), '[^a-z0-9]+', '-', 'g')), 60), ''),
    'challenge'
  )
$$;

create function reptemple_private.assign_challenge_slug() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.slug is null or (current_user = 'authenticated' and not public.is_admin()) then
    new.slug := trim(both '-' from reptemple_private.slugify(new.name)) || '-'
      || substr(md5(random()::text || clock_timestamp()::text), 1, 6);
  end if;
  return new;
end
$$;
revoke execute on function reptemple_private.slugify(text) from public;
grant execute on function reptemple_private.slugify(text) to authenticated, service_role;
revoke execute on function reptemple_private.assign_challenge_slug() from public;

create trigger challenges_assign_slug before insert on public.challenges
  for each row execute function reptemple_private.assign_challenge_slug();

alter table public.challenges enable row level security;

revoke all on table public.challenges from anon, authenticated;
grant select on table public.challenges to anon, authenticated;
grant insert (
  slug, name, description, exercise_definition_id, challenge_type, start_date, end_date,
  gender_filter, is_active, is_hidden, is_daily, hide_results_until_finished, created_by,
  challenge_length_value, challenge_length_unit, min_daily_reps, increment_value,
  increment_cadence_value, increment_cadence_unit
) on table public.challenges to authenticated;
grant update (
  slug, name, description, exercise_definition_id, challenge_type, start_date, end_date,
  gender_filter, is_active, is_hidden, is_daily, hide_results_until_finished,
  first_participant_joined_at, challenge_length_value, challenge_length_unit, min_daily_reps,
  increment_value, increment_cadence_value, increment_cadence_unit
) on table public.challenges to authenticated;
grant delete on table public.challenges to authenticated;
grant all on table public.challenges to service_role;

create policy "anyone reads challenges"
  on public.challenges for select to anon, authenticated
  using (true);

create policy "admins create challenges as themselves"
  on public.challenges for insert to authenticated
  with check ((select public.is_admin()) and created_by = (select auth.uid()));

create policy "users create push-up challenges with safe defaults"
  on public.challenges for insert to authenticated
  with check (
    created_by = (select auth.uid())
    and exercise_definition_id = reptemple_private.builtin_pushup_definition_id()
    and is_active
    and not is_hidden
    and not is_daily
    and gender_filter = 'all'
    and start_date is null
    and end_date is null
  );

create policy "admins edit challenges"
  on public.challenges for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "admins delete challenges"
  on public.challenges for delete to authenticated
  using ((select public.is_admin()));
