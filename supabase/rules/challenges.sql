-- Challenges, exercise definitions and event pages: who may create, edit and remove them, and the
-- admin area's counts (spec 02 §2, §3, §5, §7; docs/security.md "challenges").
--
-- Everyone may read challenges (a hidden challenge is unlisted, not secret), definitions and
-- events. Admins write them; a signed-in user may create a push-up challenge with the safe
-- defaults and the fields of its type only.

-- Slugs: admins may choose one (event pages use a short hash); everyone else gets one made from
-- the name and a random suffix, so a user cannot take over an event's address.
create or replace function reptemple_private.slugify(raw text) returns text
language sql immutable
set search_path = ''
as $$
  select coalesce(
    nullif(left(trim(both '-' from regexp_replace(lower(coalesce(raw, '')), '[^a-z0-9]+', '-', 'g')), 60), ''),
    'challenge'
  )
$$;
revoke all on function reptemple_private.slugify(text) from public, anon, authenticated, service_role;
grant execute on function reptemple_private.slugify(text) to authenticated, service_role;

create or replace function reptemple_private.assign_challenge_slug() returns trigger
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
revoke all on function reptemple_private.assign_challenge_slug() from public, anon, authenticated, service_role;

create or replace trigger challenges_assign_slug
  before insert on public.challenges
  for each row execute function reptemple_private.assign_challenge_slug();

drop policy if exists "anyone reads challenges" on public.challenges;
create policy "anyone reads challenges"
  on public.challenges for select to anon, authenticated
  using (true);

drop policy if exists "admins create challenges as themselves" on public.challenges;
create policy "admins create challenges as themselves"
  on public.challenges for insert to authenticated
  with check ((select public.is_admin()) and created_by = (select auth.uid()));

-- A signed-in user's challenge: the safe defaults, plus the fields of its type and nothing else.
-- Accountability and progression need their length and daily minimum; progression also its
-- increment and cadence; a duel (duel_duration() from its first participant) has none of them.
drop policy if exists "users create push-up challenges with safe defaults" on public.challenges;
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
    and case challenge_type
      when 'duel' then
        challenge_length_value is null and challenge_length_unit is null
        and min_daily_reps is null
        and increment_value is null and increment_cadence_value is null
        and increment_cadence_unit is null
      when 'accountability' then
        challenge_length_value is not null and challenge_length_unit is not null
        and min_daily_reps is not null
        and increment_value is null and increment_cadence_value is null
        and increment_cadence_unit is null
        and not hide_results_until_finished
      when 'progression' then
        challenge_length_value is not null and challenge_length_unit is not null
        and min_daily_reps is not null
        and increment_value is not null and increment_cadence_value is not null
        and increment_cadence_unit is not null
        and not hide_results_until_finished
      else false
    end
  );

drop policy if exists "admins edit challenges" on public.challenges;
create policy "admins edit challenges"
  on public.challenges for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

drop policy if exists "admins delete challenges" on public.challenges;
create policy "admins delete challenges"
  on public.challenges for delete to authenticated
  using ((select public.is_admin()));

-- ---------------------------------------------------------------------------------------------
-- Exercise definitions: admins write them; system definitions (author null), such as the built-in
-- push-up, change only through service_role.
create or replace trigger exercise_definitions_touch_updated_at
  before update on public.exercise_definitions
  for each row execute function reptemple_private.touch_updated_at();

drop policy if exists "anyone reads exercise definitions" on public.exercise_definitions;
create policy "anyone reads exercise definitions"
  on public.exercise_definitions for select to anon, authenticated
  using (true);

drop policy if exists "admins create definitions as themselves" on public.exercise_definitions;
create policy "admins create definitions as themselves"
  on public.exercise_definitions for insert to authenticated
  with check ((select public.is_admin()) and author = (select auth.uid()));

drop policy if exists "admins edit user-created definitions" on public.exercise_definitions;
create policy "admins edit user-created definitions"
  on public.exercise_definitions for update to authenticated
  using ((select public.is_admin()) and author is not null)
  with check ((select public.is_admin()) and author is not null);

drop policy if exists "admins delete user-created definitions" on public.exercise_definitions;
create policy "admins delete user-created definitions"
  on public.exercise_definitions for delete to authenticated
  using ((select public.is_admin()) and author is not null);

-- ---------------------------------------------------------------------------------------------
-- Event pages: a challenge with a row in challenge_events has a page at /{slug}.
drop policy if exists "anyone reads events" on public.challenge_events;
create policy "anyone reads events"
  on public.challenge_events for select to anon, authenticated
  using (true);

drop policy if exists "admins create events" on public.challenge_events;
create policy "admins create events"
  on public.challenge_events for insert to authenticated
  with check ((select public.is_admin()));

drop policy if exists "admins edit events" on public.challenge_events;
create policy "admins edit events"
  on public.challenge_events for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

drop policy if exists "admins remove events" on public.challenge_events;
create policy "admins remove events"
  on public.challenge_events for delete to authenticated
  using ((select public.is_admin()));

-- ---------------------------------------------------------------------------------------------
-- Admin counts per challenge: recordings, participants (distinct e-mail addresses, spec 02 §3),
-- recordings whose verified total differs from the claim by more than one rep, and recordings
-- waiting for their verification. Security invoker, so the table's row policies apply as well; a
-- caller who is not an admin is refused outright rather than shown counts of their own rows (the
-- service key may read them).
create or replace function public.admin_challenge_stats()
returns table (
  challenge_id uuid,
  recording_count bigint,
  participant_count bigint,
  flagged_count bigint,
  verifying_count bigint
)
language plpgsql stable security invoker
set search_path = ''
as $$
begin
  if not (public.is_admin() or auth.role() = 'service_role') then
    raise exception 'Only admins may read challenge statistics.'
      using errcode = '42501', hint = 'Sign in with an admin account.';
  end if;
  return query
    select r.challenge_id, count(*), count(distinct r.email),
      count(*) filter (where r.verification_flagged),
      count(*) filter (where r.verification_status = 'verifying')
    from public.challenge_recordings r
    group by r.challenge_id;
end
$$;
revoke all on function public.admin_challenge_stats() from public, anon, authenticated, service_role;
grant execute on function public.admin_challenge_stats() to authenticated, service_role;

-- The dashboard's totals over every challenge: recordings, and participants by distinct e-mail.
create or replace function public.admin_recording_totals()
returns table (recording_count bigint, participant_count bigint)
language plpgsql stable security invoker
set search_path = ''
as $$
begin
  if not (public.is_admin() or auth.role() = 'service_role') then
    raise exception 'Only admins may read recording totals.'
      using errcode = '42501', hint = 'Sign in with an admin account.';
  end if;
  return query
    select count(*), count(distinct r.email)
    from public.challenge_recordings r;
end
$$;
revoke all on function public.admin_recording_totals() from public, anon, authenticated, service_role;
grant execute on function public.admin_recording_totals() to authenticated, service_role;
