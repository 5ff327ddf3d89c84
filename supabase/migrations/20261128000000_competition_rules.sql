-- The competition's rules in one home (issue 25). From here on the current definition of every
-- function, policy, view and trigger is a file of supabase/rules/ (ranking, visibility,
-- submission, verification, ...), copied into the migration that changes it by `pnpm db:rules`;
-- a server test holds the migrated database to those files. This migration also closes what an
-- outside probe found:
--   * only verified counts rank: a claim waiting for its verification (or its video) is listed
--     apart below the ranked entries, a failed verification ranks nowhere, the Aggregate sums
--     verified counts only, and the form-score tie-break is the verification's
--     (challenge_recordings.form_score, no longer generated from the browser's analysis);
--   * a recording carries only a video its own participant uploaded, and each upload backs one
--     recording (reptemple_private.video_uploads, written by the media API; a unique index);
--   * external video URLs are refused at insert (media API paths only);
--   * hidden results hide ids, evidence, contact sheets and media too.
-- Recordings saved before it whose video breaks these rules are marked failed with the reason.

-- ---------------------------------------------------------------------------------------------
-- Who uploaded which video: the media API writes a row with each upload (the server's
-- reptemple_local.media_uploads keeps its own bookkeeping); the submission rules read it.
create table reptemple_private.video_uploads (
  -- The upload's files share it: videos/<id>.<ext>, thumbnails/<id>.jpg, gifs/<id>.gif
  upload_id text primary key check (upload_id ~ '^[A-Za-z0-9_-]{1,120}$'),
  video_url text not null unique check (video_url ~ '^/media/videos/[A-Za-z0-9_-]+\.(webm|mp4|mov)$'),
  user_id uuid not null references auth.users (id) on delete cascade,
  uploaded_at timestamptz not null default now()
);
alter table reptemple_private.video_uploads enable row level security;
revoke all on table reptemple_private.video_uploads from public, anon, authenticated;
grant all on table reptemple_private.video_uploads to service_role;

-- Uploads made before: the local media API's own table, where there is one.
do $$
begin
  if to_regclass('reptemple_local.media_uploads') is not null then
    execute $sql$
      insert into reptemple_private.video_uploads (upload_id, video_url, user_id, uploaded_at)
      select m.id, '/media/videos/' || m.video_file, m.user_id, m.uploaded_at
      from reptemple_local.media_uploads m
      where ('/media/videos/' || m.video_file) ~ '^/media/videos/[A-Za-z0-9_-]+\.(webm|mp4|mov)$'
      on conflict do nothing
    $sql$;
  end if;
end
$$;

-- Recordings whose video breaks the new rules: the video leaves the recording (an external URL,
-- or an upload another recording made first), then the recording fails with the reason; one
-- backed by another account's upload fails and keeps its URL. None of them ranks.
create temporary table broken_videos on commit drop as
select r.id, case
    when r.video_url !~ '^/media/videos/[A-Za-z0-9_-]+\.(webm|mp4|mov)$'
      then 'Its video is not an upload of this server''s media API (external URLs are refused).'
    when exists (
      select 1 from public.challenge_recordings earlier
      where earlier.video_url = r.video_url and (earlier.created_at, earlier.id) < (r.created_at, r.id)
    ) then 'Its video already backed another recording: each upload backs one recording.'
  end as reason
from public.challenge_recordings r
where r.video_url is not null;
update public.challenge_recordings r set video_url = null, gif_url = null
from broken_videos b where b.id = r.id and b.reason is not null;
update public.challenge_recordings r set verification_status = 'failed', verification_error = b.reason
from broken_videos b where b.id = r.id and b.reason is not null;
update public.challenge_recordings r set
  verification_status = 'failed',
  verification_error = 'Its video was uploaded by another account than the participant''s.'
from reptemple_private.video_uploads u
where u.video_url = r.video_url and u.user_id is distinct from r.user_id and r.user_id is not null;
update public.challenge_recordings r set gif_url = null
where r.gif_url is not null and (r.video_url is null or r.gif_url !~ '^/media/gifs/[A-Za-z0-9_-]+\.gif$');

alter table public.challenge_recordings drop constraint challenge_recordings_video_url_check;
alter table public.challenge_recordings drop constraint challenge_recordings_gif_url_check;
alter table public.challenge_recordings
  add constraint challenge_recordings_video_url_check
    check (video_url ~ '^/media/videos/[A-Za-z0-9_-]+\.(webm|mp4|mov)$'),
  add constraint challenge_recordings_gif_url_check
    check (gif_url ~ '^/media/gifs/[A-Za-z0-9_-]+\.gif$');
-- Each upload backs at most one recording (submission.sql explains a refusal first; this holds
-- against races and for every role).
create unique index challenge_recordings_video_url_key
  on public.challenge_recordings (video_url) where video_url is not null;

-- The longest recording, from the shared constant (constants.sql is applied below; the function
-- is created first here for the constraint).
create function reptemple_private.max_recording_seconds() returns integer
language sql immutable parallel safe
as $$ select 330 $$;
grant execute on function reptemple_private.max_recording_seconds() to authenticated, service_role;
alter table public.challenge_recordings drop constraint challenge_recordings_duration_seconds_check;
alter table public.challenge_recordings
  add constraint challenge_recordings_duration_seconds_check
    check (duration_seconds between 0 and reptemple_private.max_recording_seconds());

-- ---------------------------------------------------------------------------------------------
-- Ranking reads verified values only. The view and the generated columns built on the old rule
-- go; so do the functions only they used.
drop view public.leaderboard_entries;
drop policy "evidence is read by everyone who may see the recording's video" on public.recording_rep_evidence;
alter table public.challenge_recordings
  drop column rank_key,
  drop column verification_rank,
  drop column form_score;
drop function reptemple_private.rank_key(integer, numeric, timestamptz, public.participant_gender, boolean);
drop function reptemple_private.rank_key(integer, numeric, timestamptz, public.participant_gender);
drop function reptemple_private.ranks_ahead(boolean, integer, numeric, timestamptz, uuid, boolean, integer, numeric, timestamptz, uuid);
drop function reptemple_private.ranks_ahead(integer, numeric, timestamptz, uuid, integer, numeric, timestamptz, uuid);
drop function reptemple_private.form_score(jsonb);
-- Its answer gains the participant's tier.
drop function reptemple_private.participant_page(uuid, text, boolean, boolean, integer, integer);

-- Defined again, identically, by ranking.sql below; the generated columns need them first.
create function reptemple_private.recording_standing(status public.recording_verification_status)
returns smallint
language sql immutable parallel safe
as $$
  select (case status when 'verified' then 2 when 'failed' then 0 else 1 end)::smallint
$$;
create function reptemple_private.rank_key(
  valid_reps integer,
  form_score numeric,
  created_at timestamptz,
  gender public.participant_gender,
  status public.recording_verification_status
) returns bigint
language sql immutable parallel safe
as $$
  select case reptemple_private.recording_standing(status)
      when 2 then (valid_reps::bigint << 53) | (coalesce(round(form_score * 10)::bigint + 1, 0) << 43)
      when 1 then (1::bigint << 63) | (1::bigint << 62)
      else 1::bigint << 63
    end
    | (greatest(0, ((1::bigint << 42) - 1)
        - ((extract(epoch from created_at) * 1000)::bigint - 1577836800000)) << 1)
    | (gender = 'male')::integer
$$;
create function reptemple_private.listed_key_floor() returns bigint
language sql immutable parallel safe
as $$ select -(1::bigint << 62) $$;
create function reptemple_private.key_standing(key bigint) returns smallint
language sql immutable parallel safe
as $$
  select (case when key >= 0 then 2 when key >= reptemple_private.listed_key_floor() then 1 else 0 end)::smallint
$$;

-- The verified form score: written with each verification from its evidence (verification.sql);
-- here, for the recordings verified before.
alter table public.challenge_recordings add column form_score numeric(4, 1);
update public.challenge_recordings r set form_score = (
  select round(avg((e.measurements ->> 'alignmentScore')::numeric), 1)
  from public.recording_rep_evidence e
  where e.recording_id = r.id and e.is_valid
    and jsonb_typeof(e.measurements -> 'alignmentScore') = 'number'
    and (e.measurements ->> 'alignmentScore')::numeric between 0 and 100)
where r.verification_status = 'verified';

alter table public.challenge_recordings
  add column rank_key bigint generated always as (reptemple_private.rank_key(
    valid_reps, form_score, created_at, gender, verification_status)) stored,
  -- Whether its counts are verified and rank (ranking.sql's tier 2).
  add column ranked boolean generated always as (
    reptemple_private.recording_standing(verification_status) = 2) stored;
-- Today and This Week read a challenge's recordings of one period as participant and rank key,
-- from the index; a participant's recordings by key serve their best and the Aggregate's days.
create index challenge_recordings_period_idx
  on public.challenge_recordings (challenge_id, created_at) include (participant_id, rank_key);
create index challenge_recordings_participant_rank_idx
  on public.challenge_recordings (participant_id, rank_key) include (created_at, valid_reps);

-- Participants: the best recording's rank key (their place on All Time) and its tier replace
-- best_checked; the participants table is rebuilt at the end.
drop index reptemple_private.challenge_participants_best_idx;
drop index reptemple_private.challenge_participants_gender_best_idx;
drop index reptemple_private.challenge_participants_total_idx;
drop index reptemple_private.challenge_participants_gender_total_idx;
alter table reptemple_private.challenge_participants drop column best_checked;
alter table reptemple_private.challenge_participants
  add column best_rank_key bigint not null default 0;
alter table reptemple_private.challenge_participants alter column best_rank_key drop default;
alter table reptemple_private.challenge_participants
  add column standing smallint generated always as (reptemple_private.key_standing(best_rank_key)) stored;
create index challenge_participants_best_idx on reptemple_private.challenge_participants
  (challenge_id, best_rank_key desc, best_recording_id);
create index challenge_participants_gender_best_idx on reptemple_private.challenge_participants
  (challenge_id, gender, best_rank_key desc, best_recording_id);
create index challenge_participants_total_idx on reptemple_private.challenge_participants
  (challenge_id, standing desc, total_valid_reps desc, best_form_score desc nulls last, first_recorded_at, email);
create index challenge_participants_gender_total_idx on reptemple_private.challenge_participants
  (challenge_id, gender, standing desc, total_valid_reps desc, best_form_score desc nulls last, first_recorded_at, email);

-- What the leaderboard functions answer gains whether an entry ranks and, for one that does not,
-- its claim (a leaderboard entry) or the claims waiting (an Aggregate entry).
alter type public.leaderboard_entry
  add attribute claimed_valid_reps integer,
  add attribute ranked boolean;
alter type public.aggregate_entry
  add attribute ranked boolean,
  add attribute pending_reps integer;

-- >>> supabase/rules: generated by `pnpm db:rules` from the rule files; edit those, not this

-- ---- supabase/rules/constants.sql

-- The competition's constants, for the database (packages/definitions/src/competition.ts).
-- Generated by `pnpm db:rules`; do not edit: change the constant there and run the command.
-- A server test fails while this file and the constants differ. No SET: callers inline them.

-- The built-in push-up definition that user-created challenges must use.
create or replace function reptemple_private.builtin_pushup_definition_id() returns uuid
language sql immutable parallel safe
as $$ select '00000000-0000-4000-8000-000000000001'::uuid $$;
revoke all on function reptemple_private.builtin_pushup_definition_id() from public, anon, authenticated, service_role;
grant execute on function reptemple_private.builtin_pushup_definition_id() to authenticated, service_role;

-- How long a duel takes recordings from its first participant; its hidden results show after.
create or replace function reptemple_private.duel_duration() returns interval
language sql immutable parallel safe
as $$ select interval '72 hours' $$;
revoke all on function reptemple_private.duel_duration() from public, anon, authenticated, service_role;
grant execute on function reptemple_private.duel_duration() to anon, authenticated, service_role;

-- How long after an attempt its participant may attach the video that failed to upload.
create or replace function reptemple_private.late_video_window() returns interval
language sql immutable parallel safe
as $$ select interval '7 days' $$;
revoke all on function reptemple_private.late_video_window() from public, anon, authenticated, service_role;

-- Participants one leaderboard request may ask for.
create or replace function reptemple_private.leaderboard_max_page_size() returns integer
language sql immutable parallel safe
as $$ select 100 $$;
revoke all on function reptemple_private.leaderboard_max_page_size() from public, anon, authenticated, service_role;

-- The longest recording accepted (the 5-minute session plus margin). s
create or replace function reptemple_private.max_recording_seconds() returns integer
language sql immutable parallel safe
as $$ select 330 $$;
revoke all on function reptemple_private.max_recording_seconds() from public, anon, authenticated, service_role;
grant execute on function reptemple_private.max_recording_seconds() to authenticated, service_role;

-- ---- supabase/rules/accounts.sql

-- Accounts: e-mail addresses, profiles, the admin check and the waitlist (spec 01; docs/security.md
-- "user_profiles", "waitlist").

-- E-mail addresses are one address whatever their Unicode case or compatibility form: compatibility
-- forms folded (NFKC), lowered with a Unicode-aware collation chosen here, folded again (lowering
-- can undo NFKC in rare cases). The auth service normalises the same way before it stores an
-- account's address, so comparisons with auth.jwt() ->> 'email' keep matching.
do $rules$
declare
  -- ICU's root locale where PostgreSQL has ICU (Supabase, Debian, the embedded server); else the
  -- builtin Unicode collation of PostgreSQL 17; else the database's own (Unicode-aware under any
  -- UTF-8 locale other than C).
  unicode_collation text := coalesce(
    (select quote_ident(collname) from pg_collation where collname = 'und-x-icu' limit 1),
    (select quote_ident(collname) from pg_collation where collname = 'pg_c_utf8' limit 1),
    '"default"'
  );
begin
  execute format(
    $fn$
    create or replace function reptemple_private.normalize_email(raw text) returns text
    language sql immutable
    set search_path = ''
    as $body$ select normalize(lower(normalize(btrim(raw), nfkc) collate %s), nfkc) $body$
    $fn$,
    unicode_collation
  );
end
$rules$;
revoke all on function reptemple_private.normalize_email(text) from public, anon, authenticated, service_role;
grant execute on function reptemple_private.normalize_email(text) to anon, authenticated, service_role;

create or replace function reptemple_private.normalize_email_column() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.email := reptemple_private.normalize_email(new.email);
  return new;
end
$$;
revoke all on function reptemple_private.normalize_email_column() from public, anon, authenticated, service_role;

create or replace function reptemple_private.touch_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;
revoke all on function reptemple_private.touch_updated_at() from public, anon, authenticated, service_role;

-- The admin check every policy uses. Security definer so it can read the caller's profile
-- whatever the caller may select; it only ever answers for the caller.
create or replace function public.is_admin() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce(
    (select p.is_admin from public.user_profiles p where p.id = auth.uid()),
    false
  )
$$;
revoke all on function public.is_admin() from public, anon, authenticated, service_role;
grant execute on function public.is_admin() to anon, authenticated, service_role;

-- A new auth user gets a profile with the account's e-mail, and the name and gender given as
-- sign-up metadata when they are valid values.
create or replace function reptemple_private.create_profile_for_new_user() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  given_gender text := meta ->> 'gender';
  given_name text := nullif(left(btrim(coalesce(meta ->> 'full_name', meta ->> 'name', '')), 100), '');
begin
  insert into public.user_profiles (id, email, full_name, gender)
  values (
    new.id,
    reptemple_private.normalize_email(new.email),
    given_name,
    case when given_gender in ('male', 'female', 'other', 'prefer_not_to_say')
      then given_gender::public.profile_gender end
  )
  on conflict (id) do nothing;
  return new;
end
$$;
revoke all on function reptemple_private.create_profile_for_new_user() from public, anon, authenticated, service_role;

create or replace trigger on_auth_user_created
  after insert on auth.users
  for each row execute function reptemple_private.create_profile_for_new_user();

create or replace trigger user_profiles_normalize_email
  before insert or update of email on public.user_profiles
  for each row execute function reptemple_private.normalize_email_column();
create or replace trigger user_profiles_touch_updated_at
  before update on public.user_profiles
  for each row execute function reptemple_private.touch_updated_at();

drop policy if exists "users read their own profile, admins read all" on public.user_profiles;
create policy "users read their own profile, admins read all"
  on public.user_profiles for select to authenticated
  using (id = (select auth.uid()) or (select public.is_admin()));

-- Normally the trigger above has created the row already (the app then gets 23505 and updates);
-- an insert is still allowed for the caller's own row with the caller's own e-mail.
drop policy if exists "users create their own profile" on public.user_profiles;
create policy "users create their own profile"
  on public.user_profiles for insert to authenticated
  with check (
    id = (select auth.uid())
    and (email is null or email = reptemple_private.normalize_email((select auth.jwt()) ->> 'email'))
  );

drop policy if exists "users update their own profile" on public.user_profiles;
create policy "users update their own profile"
  on public.user_profiles for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));

-- ---------------------------------------------------------------------------------------------
-- The landing page's waitlist: anyone may add an address; only admins may read or remove them.
create or replace trigger waitlist_normalize_email
  before insert or update of email on public.waitlist
  for each row execute function reptemple_private.normalize_email_column();

drop policy if exists "anyone joins the waitlist" on public.waitlist;
create policy "anyone joins the waitlist"
  on public.waitlist for insert to anon, authenticated
  with check (true);

drop policy if exists "admins read the waitlist" on public.waitlist;
create policy "admins read the waitlist"
  on public.waitlist for select to authenticated
  using ((select public.is_admin()));

drop policy if exists "admins remove waitlist entries" on public.waitlist;
create policy "admins remove waitlist entries"
  on public.waitlist for delete to authenticated
  using ((select public.is_admin()));

-- ---- supabase/rules/challenges.sql

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

-- ---- supabase/rules/visibility.sql

-- Visibility and hidden results: what a viewer may see of a recording (spec 02 §4 "Duel"; docs/security.md).
--
-- A challenge with hide_results_until_finished keeps its results hidden until no recording can
-- arrive any more: its end_date or, for a duel, duel_duration() after its first participant,
-- whichever comes first (the moments challenge_accepts_recording closes it); with neither known,
-- hidden. While hidden, a recording's counts, form score, length, analysis, media, evidence,
-- contact sheets and id are shown to its participant and to admins only; to everyone else the
-- recording is a name and a time of submission. Every path reads these functions: the view below,
-- both leaderboard functions (leaderboard_context, ranking.sql), the evidence table's policy, and
-- the server's contact-sheet and media routes (media_visible_to, recording_results_visible).
-- Realtime: no table is in a publication (a server test holds it), so nothing streams around
-- these rules.

-- When a challenge's results are final (null: not known yet). No SET: inlined into the view.
create or replace function reptemple_private.results_final_at(
  challenge_type public.challenge_type,
  end_date timestamptz,
  first_participant_joined_at timestamptz
) returns timestamptz
language sql immutable parallel safe
as $$
  select least(
    end_date,
    case when challenge_type = 'duel'
      then first_participant_joined_at + reptemple_private.duel_duration() end
  )
$$;
revoke all on function reptemple_private.results_final_at(public.challenge_type, timestamptz, timestamptz)
  from public, anon, authenticated, service_role;
grant execute on function reptemple_private.results_final_at(public.challenge_type, timestamptz, timestamptz)
  to anon, authenticated, service_role;

-- Whether a challenge's results are hidden now (from everyone but participants' own and admins).
create or replace function reptemple_private.results_hidden(
  hide_results_until_finished boolean,
  challenge_type public.challenge_type,
  end_date timestamptz,
  first_participant_joined_at timestamptz
) returns boolean
language sql stable parallel safe
as $$
  select hide_results_until_finished and coalesce(
    pg_catalog.now() < reptemple_private.results_final_at(challenge_type, end_date, first_participant_joined_at),
    true
  )
$$;
revoke all on function reptemple_private.results_hidden(boolean, public.challenge_type, timestamptz, timestamptz)
  from public, anon, authenticated, service_role;
grant execute on function reptemple_private.results_hidden(boolean, public.challenge_type, timestamptz, timestamptz)
  to anon, authenticated, service_role;

-- Whether `viewer` (an account id, null for a visitor) may see the results of one recording: its
-- challenge's results are not hidden, or it is the viewer's own, or the viewer is an admin. False
-- for a recording that does not exist. Security definer: it reads the recording and the viewer's
-- profile whatever the caller may read.
create or replace function reptemple_private.recording_results_visible(target_recording_id uuid, viewer uuid)
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce((
    select not reptemple_private.results_hidden(
        c.hide_results_until_finished, c.challenge_type, c.end_date, c.first_participant_joined_at)
      or r.user_id = viewer
      or exists (select 1 from public.user_profiles p where p.id = viewer and p.is_admin)
    from public.challenge_recordings r
    join public.challenges c on c.id = r.challenge_id
    where r.id = target_recording_id
  ), false)
$$;
revoke all on function reptemple_private.recording_results_visible(uuid, uuid)
  from public, anon, authenticated, service_role;
grant execute on function reptemple_private.recording_results_visible(uuid, uuid)
  to anon, authenticated, service_role;

-- Whether `viewer` may fetch the media files (video, thumbnail, GIF) of an upload: yes unless a
-- recording it backs has results hidden from the viewer. An upload backing no recording (not
-- submitted yet, or submitted without a link) stays reachable by its unguessable URL, as before.
create or replace function reptemple_private.media_visible_to(target_upload_id text, viewer uuid)
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select not exists (
    select 1
    from reptemple_private.video_uploads u
    join public.challenge_recordings r on r.video_url = u.video_url
    where u.upload_id = target_upload_id
      and not reptemple_private.recording_results_visible(r.id, viewer)
  )
$$;
revoke all on function reptemple_private.media_visible_to(text, uuid)
  from public, anon, authenticated, service_role;
grant execute on function reptemple_private.media_visible_to(text, uuid) to service_role;

-- The caller's e-mail address (lower-cased), or null for a visitor.
create or replace function reptemple_private.caller_email() returns text
language sql stable
set search_path = ''
as $$
  select case when auth.role() = 'authenticated'
    then reptemple_private.normalize_email(auth.jwt() ->> 'email') end
$$;
revoke all on function reptemple_private.caller_email() from public, anon, authenticated, service_role;

-- The challenge a leaderboard is asked for, with what the caller may see of it. An unknown
-- challenge answers 404 (PT404: PostgREST's way to choose the HTTP status).
create or replace function reptemple_private.leaderboard_context(
  target_challenge_id uuid,
  as_of timestamptz,
  out counts_hidden boolean,
  out final_at timestamptz,
  out ended boolean
)
language plpgsql stable
set search_path = ''
as $$
declare
  challenge public.challenges;
begin
  select * into challenge from public.challenges c where c.id = target_challenge_id;
  if not found then
    raise exception 'Challenge % does not exist.', target_challenge_id
      using errcode = 'PT404', hint = 'Check the challenge id; the challenge may have been removed.';
  end if;
  counts_hidden := reptemple_private.results_hidden(
      challenge.hide_results_until_finished, challenge.challenge_type, challenge.end_date,
      challenge.first_participant_joined_at)
    and not public.is_admin();
  final_at := reptemple_private.results_final_at(
    challenge.challenge_type, challenge.end_date, challenge.first_participant_joined_at);
  ended := final_at is not null and as_of >= final_at;
end
$$;
revoke all on function reptemple_private.leaderboard_context(uuid, timestamptz)
  from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- The public view of recordings: every recording of every challenge, without e-mail addresses.
-- It runs with its owner's rights on purpose (it is the public projection of the table), so it
-- bypasses the table's row policies and exposes only the columns listed here. While a challenge's
-- results are hidden from the viewer, the recording's id, counts, form score, length, analysis and
-- media are null (filters and orders on them see the nulls, so they tell nothing either). The
-- counts are those that stand (a claim until verified, ranked says whether they are verified):
-- the view is not a ranking; ranked lists come from challenge_leaderboard (ranking.sql).
create or replace view public.leaderboard_entries as
select
  case when v.visible then r.id end as id,
  r.challenge_id, r.user_id, r.name, r.gender,
  case when v.visible then r.valid_reps end as valid_reps,
  case when v.visible then r.invalid_reps end as invalid_reps,
  case when v.visible then r.total_reps end as total_reps,
  case when v.visible then r.duration_seconds end as duration_seconds,
  case when v.visible then r.video_url end as video_url,
  case when v.visible then r.gif_url end as gif_url,
  r.referral_count,
  case when v.visible then r.analysis_data end as analysis_data,
  r.created_at,
  case when v.visible then r.form_score end as form_score,
  r.share_count,
  r.verification_status,
  r.ranked
from public.challenge_recordings r
join public.challenges c on c.id = r.challenge_id
cross join lateral (
  select not reptemple_private.results_hidden(
      c.hide_results_until_finished, c.challenge_type, c.end_date, c.first_participant_joined_at)
    or r.user_id = (select auth.uid())
    or (select public.is_admin()) as visible
) v;
revoke all on table public.leaderboard_entries from public, anon, authenticated, service_role;
grant select on table public.leaderboard_entries to anon, authenticated, service_role;

-- Writes to the view answer 42501 like any refused write (without this trigger PostgreSQL refuses
-- them with 55000, "cannot update view", which the data API answered as a 500).
create or replace function reptemple_private.refuse_leaderboard_entries_write() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'leaderboard_entries is read-only.'
    using errcode = 'insufficient_privilege',
      hint = 'A participant submits with an insert into challenge_recordings; nobody edits counts.';
end
$$;
revoke all on function reptemple_private.refuse_leaderboard_entries_write()
  from public, anon, authenticated, service_role;

create or replace trigger leaderboard_entries_read_only
  instead of insert or update or delete on public.leaderboard_entries
  for each row execute function reptemple_private.refuse_leaderboard_entries_write();

-- ---------------------------------------------------------------------------------------------
-- Per-rep evidence: read where the recording's results are visible to the caller (its contact
-- sheets follow the same function in the server's route). Written only by the worker.
drop policy if exists "evidence is read where the recording's results are visible"
  on public.recording_rep_evidence;
create policy "evidence is read where the recording's results are visible"
  on public.recording_rep_evidence for select to anon, authenticated
  using (reptemple_private.recording_results_visible(recording_id, (select auth.uid())));

-- ---- supabase/rules/verification.sql

-- Verification: the browser's counts are a claim, the server's count of the video is what ranks
-- (issue 18; docs/decisions.md "Verified scores").
--
--   claimed_*            what the browser sent at insert (copied by claim_recording_counts);
--   verified_*           the worker's count of the video (the database owner's connection only);
--   valid_reps ...       the counts that stand: the claim until verified, the verified count after;
--   verification_status  no_video | verifying | verified | failed (ranking.sql says what ranks);
--   form_score           the verified form score (record_verified_form_score): the tie-breaker.
-- A recording gets a verification job in the transaction that gives it a video (insert with a
-- video, or attach_recording_video, submission.sql); a new request token makes older jobs stale.

-- Queues a verification job for the recording under the given request token, in the caller's
-- transaction, when the job queue's tables exist (else the worker's start-up sweep queues it).
-- The row layout is pg-boss 10's (packages/server pins 10.4.2; a server test fails should a
-- version change it), with the queue's own retry, expiry and retention rules.
create or replace function reptemple_private.enqueue_verification(target_recording_id uuid, request uuid)
returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  if to_regclass('pgboss.job') is null or to_regclass('pgboss.queue') is null then
    return;
  end if;
  execute $sql$
    insert into pgboss.job (name, data, singleton_key, dead_letter, expire_in, keep_until,
      retry_limit, retry_delay, retry_backoff, policy)
    select q.name,
      jsonb_build_object('recordingId', $1, 'request', $2),
      $2::text,
      q.dead_letter,
      coalesce(q.expire_seconds * interval '1 second', interval '15 minutes'),
      now() + coalesce(q.retention_minutes, 20160) * interval '1 minute',
      coalesce(q.retry_limit, 2),
      case when coalesce(q.retry_backoff, false) then greatest(coalesce(q.retry_delay, 1), 1)
        else coalesce(q.retry_delay, 0) end,
      coalesce(q.retry_backoff, false),
      q.policy
    from pgboss.queue q
    where q.name = 'verification'
    on conflict do nothing
  $sql$ using target_recording_id, request;
  -- Wakes listening workers at once rather than at their next poll.
  perform pg_notify('reptemple_verification', target_recording_id::text);
end
$$;
revoke all on function reptemple_private.enqueue_verification(uuid, uuid) from public, anon, authenticated, service_role;

-- Before insert (runs before challenge_recordings_prepare: triggers of one event run in name
-- order): the counts sent are the claim; verified fields start empty, whatever was sent (the
-- service role too); a recording with a video starts verifying.
create or replace function reptemple_private.claim_recording_counts() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.claimed_valid_reps := new.valid_reps;
  new.claimed_invalid_reps := new.invalid_reps;
  new.claimed_total_reps := new.valid_reps + new.invalid_reps;
  new.verified_valid_reps := null;
  new.verified_invalid_reps := null;
  new.verified_total_reps := null;
  new.verification_error := null;
  new.verified_at := null;
  new.verification_details := null;
  new.form_score := null;
  if new.video_url is null then
    new.verification_status := 'no_video';
    new.verification_request := null;
    new.verification_requested_at := null;
  else
    new.verification_status := 'verifying';
    new.verification_request := gen_random_uuid();
    new.verification_requested_at := now();
  end if;
  return new;
end
$$;
revoke all on function reptemple_private.claim_recording_counts() from public, anon, authenticated, service_role;

create or replace trigger challenge_recordings_claim
  before insert on public.challenge_recordings
  for each row execute function reptemple_private.claim_recording_counts();

-- Before an update that gives a recording a (new) video: it verifies again, from the claim.
create or replace function reptemple_private.reverify_on_new_video() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.video_url is distinct from old.video_url then
    if new.video_url is null then
      new.verification_status := 'no_video';
      new.verification_request := null;
      new.verification_requested_at := null;
    else
      new.verification_status := 'verifying';
      new.verification_request := gen_random_uuid();
      new.verification_requested_at := now();
    end if;
    new.valid_reps := old.claimed_valid_reps;
    new.invalid_reps := old.claimed_invalid_reps;
    new.total_reps := old.claimed_total_reps;
    new.verified_valid_reps := null;
    new.verified_invalid_reps := null;
    new.verified_total_reps := null;
    new.verification_error := null;
    new.verified_at := null;
    new.verification_details := null;
    new.form_score := null;
  end if;
  return new;
end
$$;
revoke all on function reptemple_private.reverify_on_new_video() from public, anon, authenticated, service_role;

create or replace trigger challenge_recordings_reverify
  before update of video_url on public.challenge_recordings
  for each row execute function reptemple_private.reverify_on_new_video();

-- After the row is written: its job, in the same transaction. (Not "update of
-- verification_request": a column a before trigger changed is not in the statement's list.)
create or replace function reptemple_private.queue_requested_verification() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new.verification_status = 'verifying' and new.verification_request is not null
     and (tg_op = 'INSERT' or new.verification_request is distinct from old.verification_request) then
    perform reptemple_private.enqueue_verification(new.id, new.verification_request);
  end if;
  return null;
end
$$;
revoke all on function reptemple_private.queue_requested_verification() from public, anon, authenticated, service_role;

create or replace trigger challenge_recordings_queue_verification
  after insert or update on public.challenge_recordings
  for each row execute function reptemple_private.queue_requested_verification();

-- The verified form score of a recording: the mean body-alignment score (0-100 %) of its valid
-- reps as the verification measured them (recording_rep_evidence.measurements.alignmentScore,
-- the push-up analyser's), rounded to 0.1. Null without such a measurement (the definition
-- analyser's reps carry none): such recordings rank after those with a score among equal reps.
create or replace function reptemple_private.evidence_form_score(target_recording_id uuid) returns numeric
language sql stable
set search_path = ''
as $$
  select round(avg((e.measurements ->> 'alignmentScore')::numeric), 1)
  from public.recording_rep_evidence e
  where e.recording_id = target_recording_id
    and e.is_valid
    and jsonb_typeof(e.measurements -> 'alignmentScore') = 'number'
    and (e.measurements ->> 'alignmentScore')::numeric between 0 and 100
$$;
revoke all on function reptemple_private.evidence_form_score(uuid) from public, anon, authenticated, service_role;

-- Before an update that records a verification (its verified_at changes while verified): the
-- form score is the evidence's, written by the worker in the same transaction before the counts.
-- A recording that is not verified has none. The browser's analysis (analysis_data) is a claim
-- and never scores.
create or replace function reptemple_private.record_verified_form_score() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.verification_status <> 'verified' then
    new.form_score := null;
  elsif new.verified_at is distinct from old.verified_at or old.verification_status <> 'verified' then
    new.form_score := reptemple_private.evidence_form_score(new.id);
  end if;
  return new;
end
$$;
revoke all on function reptemple_private.record_verified_form_score() from public, anon, authenticated, service_role;

-- After challenge_recordings_reverify (name order), which may have cleared the verification.
create or replace trigger challenge_recordings_score_form
  before update on public.challenge_recordings
  for each row execute function reptemple_private.record_verified_form_score();

-- ---- supabase/rules/ranking.sql

-- Ranking: what ranks, in which order, and the leaderboards built on it (spec 02 §2 "Leaderboard",
-- §5, §9; docs/decisions.md "Leaderboards" and "Only verified counts rank").
--
-- Only verified counts rank. A recording stands in one of three tiers (recording_standing):
--   2  ranked    its video was verified: its verified counts rank;
--   1  pending   its verification is queued or running, or it waits for its video: listed apart,
--                below every ranked entry, in order of submission, its count shown as a claim;
--   0  unranked  its verification failed: listed nowhere (its participant still sees it).
-- The order is one number per recording, rank_key: every leaderboard tab, the participants'
-- best recordings, their own ranks and the admin's ranked lists read it, so there is one order.
-- The Aggregate ranks totals, its own order, written once in participant_page.

-- A recording's tier, from its verification state. No SET: a generated column calls it.
create or replace function reptemple_private.recording_standing(status public.recording_verification_status)
returns smallint
language sql immutable parallel safe
as $$
  select (case status when 'verified' then 2 when 'failed' then 0 else 1 end)::smallint
$$;
revoke all on function reptemple_private.recording_standing(public.recording_verification_status)
  from public, anon, authenticated, service_role;
grant execute on function reptemple_private.recording_standing(public.recording_verification_status)
  to anon, authenticated, service_role;

-- A recording's place in every ranking as one number, so a period's best recording per
-- participant is a max() over one indexed column rather than a sort of whole rows:
--   ranked   (bit 63 clear)  verified valid reps (bits 53-62), verified form score in tenths + 1,
--            0 without one (bits 43-52), earliest first (ms before 2159, bits 1-42), man (bit 0);
--   pending  (bits 63, 62)   earliest first, man; no reps or score: a claim orders nothing;
--   unranked (bit 63 only)   earliest first, man.
-- So ranked keys are >= 0, pending ones >= listed_key_floor(), unranked ones below it; the time
-- bits alone ((1 << 43) - 2) order by submission whatever the tier (hidden results). Equal keys
-- (same reps, score, millisecond and sex) are told apart by the recording id, smaller first.
-- Immutable (the epoch of an instant does not depend on a time zone); no SET: a generated column.
create or replace function reptemple_private.rank_key(
  valid_reps integer,
  form_score numeric,
  created_at timestamptz,
  gender public.participant_gender,
  status public.recording_verification_status
) returns bigint
language sql immutable parallel safe
as $$
  select case reptemple_private.recording_standing(status)
      when 2 then (valid_reps::bigint << 53) | (coalesce(round(form_score * 10)::bigint + 1, 0) << 43)
      when 1 then (1::bigint << 63) | (1::bigint << 62)
      else 1::bigint << 63
    end
    | (greatest(0, ((1::bigint << 42) - 1)
        - ((extract(epoch from created_at) * 1000)::bigint - 1577836800000)) << 1)
    | (gender = 'male')::integer
$$;
revoke all on function reptemple_private.rank_key(integer, numeric, timestamptz, public.participant_gender, public.recording_verification_status)
  from public, anon, authenticated, service_role;
grant execute on function reptemple_private.rank_key(integer, numeric, timestamptz, public.participant_gender, public.recording_verification_status)
  to anon, authenticated, service_role;

-- The lowest key that is listed (pending or ranked).
create or replace function reptemple_private.listed_key_floor() returns bigint
language sql immutable parallel safe
as $$ select -(1::bigint << 62) $$;
revoke all on function reptemple_private.listed_key_floor() from public, anon, authenticated, service_role;
grant execute on function reptemple_private.listed_key_floor() to anon, authenticated, service_role;

-- The tier of a key (as recording_standing of its recording).
create or replace function reptemple_private.key_standing(key bigint) returns smallint
language sql immutable parallel safe
as $$
  select (case when key >= 0 then 2 when key >= reptemple_private.listed_key_floor() then 1 else 0 end)::smallint
$$;
revoke all on function reptemple_private.key_standing(bigint) from public, anon, authenticated, service_role;
grant execute on function reptemple_private.key_standing(bigint) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Input checks of the leaderboard functions.

-- Time zones: the IANA names PostgreSQL knows (reptemple_private.time_zone_names, refreshed by the
-- local server on every start).
create or replace function reptemple_private.checked_time_zone(requested text) returns text
language plpgsql stable
set search_path = ''
as $$
begin
  if requested is null or not exists (
    select 1 from reptemple_private.time_zone_names z where z.name = requested
  ) then
    raise exception 'Unknown time zone "%": expected an IANA time zone name.', coalesce(requested, 'null')
      using errcode = 'invalid_parameter_value',
        hint = 'Send a name such as Europe/Berlin, America/New_York or UTC (in a browser: Intl.DateTimeFormat().resolvedOptions().timeZone).';
  end if;
  return requested;
end
$$;
revoke all on function reptemple_private.checked_time_zone(text) from public, anon, authenticated, service_role;

create or replace function reptemple_private.checked_page(page_offset integer, page_size integer) returns void
language plpgsql immutable
set search_path = ''
as $$
begin
  if page_offset is null or page_offset < 0 then
    raise exception 'page_offset must be 0 or more, got %.', coalesce(page_offset::text, 'null')
      using errcode = 'invalid_parameter_value';
  end if;
  if page_size is null or page_size not between 1 and reptemple_private.leaderboard_max_page_size() then
    raise exception 'page_size must be between 1 and %, got %.',
      reptemple_private.leaderboard_max_page_size(), coalesce(page_size::text, 'null')
      using errcode = 'invalid_parameter_value';
  end if;
end
$$;
revoke all on function reptemple_private.checked_page(integer, integer) from public, anon, authenticated, service_role;

create or replace function reptemple_private.checked_gender(requested text) returns text
language plpgsql immutable
set search_path = ''
as $$
begin
  if requested is null or requested not in ('all', 'male', 'female') then
    raise exception 'Unknown gender "%": expected all, male or female.', coalesce(requested, 'null')
      using errcode = 'invalid_parameter_value';
  end if;
  return requested;
end
$$;
revoke all on function reptemple_private.checked_gender(text) from public, anon, authenticated, service_role;

-- Start and end of a period around `as_of` in `zone`: the calendar day, or the week from Sunday.
-- Local midnights are turned into instants in that zone, so a day across a DST change is 23 or
-- 25 hours long. All Time has neither.
create or replace function reptemple_private.period_bounds(
  period text,
  zone text,
  as_of timestamptz,
  out starts_at timestamptz,
  out ends_at timestamptz
)
language plpgsql stable
set search_path = ''
as $$
declare
  local_day date := (as_of at time zone zone)::date;
  first_day date;
  day_count integer;
begin
  case period
    when 'today' then first_day := local_day; day_count := 1;
    when 'this_week' then first_day := local_day - extract(dow from local_day)::integer; day_count := 7;
    when 'all_time' then return;
    else
      raise exception 'Unknown period "%": expected today, this_week or all_time.', coalesce(period, 'null')
        using errcode = 'invalid_parameter_value';
  end case;
  starts_at := first_day::timestamp at time zone zone;
  ends_at := (first_day + day_count)::timestamp at time zone zone;
end
$$;
revoke all on function reptemple_private.period_bounds(text, text, timestamptz) from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- The participants (reptemple_private.challenge_participants): one row per e-mail address in a
-- challenge, kept by triggers, so All Time and the Aggregate read a few index entries a page.
-- A participant's best recording is their highest rank_key (their best ranked one, else their
-- earliest pending one); standing (generated) is its tier. best_valid_reps, best_form_score and
-- total_valid_reps count verified recordings only (0 and null without one). Participants listed
-- on the boards (standing 1 or 2) are counted per sex in challenge_participant_counts.

create or replace function reptemple_private.add_to_participant_count(
  target_challenge_id uuid,
  participant_gender public.participant_gender,
  change integer
) returns void
language plpgsql
set search_path = ''
as $$
begin
  -- A decrement updates (its counter exists); an increment may create the counter.
  if change < 0 then
    update reptemple_private.challenge_participant_counts n set participants = n.participants + change
    where n.challenge_id = target_challenge_id and n.gender = participant_gender;
  else
    insert into reptemple_private.challenge_participant_counts as n (challenge_id, gender, participants)
    values (target_challenge_id, participant_gender, change)
    on conflict (challenge_id, gender) do update set participants = n.participants + excluded.participants;
  end if;
end
$$;
revoke all on function reptemple_private.add_to_participant_count(uuid, public.participant_gender, integer)
  from public, anon, authenticated, service_role;

-- Referred participants of `referrer` who have a verified recording with at least one valid rep
-- (the event's "one verified session").
create or replace function reptemple_private.referral_count(target_challenge_id uuid, referrer text)
returns integer
language sql stable
set search_path = ''
as $$
  select count(*)::integer from reptemple_private.challenge_participants q
  where q.challenge_id = target_challenge_id and q.referred_by = referrer and q.best_valid_reps >= 1
$$;
revoke all on function reptemple_private.referral_count(uuid, text) from public, anon, authenticated, service_role;

-- The referrer's row and recordings carry their count (recordings for leaderboard_entries).
create or replace function reptemple_private.refresh_referrer(target_challenge_id uuid, referrer text)
returns void
language plpgsql
set search_path = ''
as $$
declare
  referrals integer := reptemple_private.referral_count(target_challenge_id, referrer);
begin
  update reptemple_private.challenge_participants p set referral_count = referrals
  where p.challenge_id = target_challenge_id and p.email = referrer
    and p.referral_count is distinct from referrals;
  update public.challenge_recordings r set referral_count = referrals
  where r.challenge_id = target_challenge_id and r.email = referrer
    and r.referral_count is distinct from referrals;
end
$$;
revoke all on function reptemple_private.refresh_referrer(uuid, text) from public, anon, authenticated, service_role;

-- Recomputes one participant from their recordings (a handful, found by the participant index),
-- then the counts of the referrers their change affects.
create or replace function reptemple_private.refresh_participant(target_challenge_id uuid, participant_email text)
returns void
language plpgsql
set search_path = ''
as $$
declare
  previous_referrer text;
  current_referrer text;
  previous_gender public.participant_gender;
  current_gender public.participant_gender;
  previous_listed boolean;
  current_listed boolean;
begin
  select p.referred_by, p.gender, p.standing >= 1 into previous_referrer, previous_gender, previous_listed
  from reptemple_private.challenge_participants p
  where p.challenge_id = target_challenge_id and p.email = participant_email;

  with recordings as (
    select r.* from public.challenge_recordings r
    where r.challenge_id = target_challenge_id and r.email = participant_email
  ), best as (
    select * from recordings order by rank_key desc, id limit 1
  ), first as (
    select * from recordings order by created_at, id limit 1
  ), totals as (
    select coalesce(sum(valid_reps) filter (where ranked), 0)::integer as total_valid_reps,
      count(*)::integer as recording_count, min(created_at) as first_recorded_at
    from recordings
  )
  insert into reptemple_private.challenge_participants as p (
    id, challenge_id, email, name, gender, best_recording_id, best_rank_key, best_valid_reps,
    best_form_score, best_created_at, total_valid_reps, recording_count, first_recorded_at,
    referred_by, referral_count
  )
  select best.participant_id, target_challenge_id, participant_email, best.name, best.gender, best.id,
    best.rank_key, case when best.ranked then best.valid_reps else 0 end,
    case when best.ranked then best.form_score end, best.created_at, totals.total_valid_reps,
    totals.recording_count, totals.first_recorded_at, first.referred_by,
    reptemple_private.referral_count(target_challenge_id, participant_email)
  from best, first, totals
  on conflict (challenge_id, email) do update set
    name = excluded.name, gender = excluded.gender, best_recording_id = excluded.best_recording_id,
    best_rank_key = excluded.best_rank_key, best_valid_reps = excluded.best_valid_reps,
    best_form_score = excluded.best_form_score, best_created_at = excluded.best_created_at,
    total_valid_reps = excluded.total_valid_reps, recording_count = excluded.recording_count,
    first_recorded_at = excluded.first_recorded_at, referred_by = excluded.referred_by
  returning p.referred_by, p.gender, p.standing >= 1 into current_referrer, current_gender, current_listed;

  if not found then
    delete from reptemple_private.challenge_participants p
    where p.challenge_id = target_challenge_id and p.email = participant_email;
    current_referrer := null;
    current_gender := null;
    current_listed := null;
  end if;

  -- The counters count listed participants by the sex they show with.
  if (previous_gender, previous_listed) is distinct from (current_gender, current_listed) then
    if previous_listed then
      perform reptemple_private.add_to_participant_count(target_challenge_id, previous_gender, -1);
    end if;
    if current_listed then
      perform reptemple_private.add_to_participant_count(target_challenge_id, current_gender, 1);
    end if;
  end if;

  if previous_referrer is not null then
    perform reptemple_private.refresh_referrer(target_challenge_id, previous_referrer);
  end if;
  if current_referrer is not null and current_referrer is distinct from previous_referrer then
    perform reptemple_private.refresh_referrer(target_challenge_id, current_referrer);
  end if;
end
$$;
revoke all on function reptemple_private.refresh_participant(uuid, text) from public, anon, authenticated, service_role;

-- After any change to a recording that ranking reads. After-row triggers run once the statement
-- has changed all its rows, so a statement removing many recordings sees them all gone.
create or replace function reptemple_private.sync_challenge_participants() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    -- A challenge being deleted takes its participants with it (foreign key).
    if exists (select 1 from public.challenges c where c.id = old.challenge_id) then
      perform reptemple_private.refresh_participant(old.challenge_id, old.email);
    end if;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and (
    tg_op = 'INSERT' or new.challenge_id is distinct from old.challenge_id or new.email is distinct from old.email
  ) then
    perform reptemple_private.refresh_participant(new.challenge_id, new.email);
  end if;
  return null;
end
$$;
revoke all on function reptemple_private.sync_challenge_participants() from public, anon, authenticated, service_role;

-- A verification that ends (verified or failed), a video attached later (its before trigger sets
-- verification_status, which "update of" does not see: the statement names video_url), and an
-- admin's correction each refresh the participant.
create or replace trigger challenge_recordings_sync_participants
  after insert or delete or update of challenge_id, email, name, gender, valid_reps, analysis_data,
    referred_by, created_at, verification_status, video_url, form_score
  on public.challenge_recordings
  for each row execute function reptemple_private.sync_challenge_participants();

-- Rebuilds the participants of one challenge from scratch (after a bulk load without triggers).
create or replace function reptemple_private.rebuild_challenge_participants(target_challenge_id uuid)
returns void
language plpgsql
set search_path = ''
as $$
begin
  delete from reptemple_private.challenge_participants p where p.challenge_id = target_challenge_id;
  insert into reptemple_private.challenge_participants (
    challenge_id, email, name, gender, best_recording_id, best_rank_key, best_valid_reps,
    best_form_score, best_created_at, total_valid_reps, recording_count, first_recorded_at,
    referred_by
  )
  select target_challenge_id, best.email, best.name, best.gender, best.id, best.rank_key,
    case when best.ranked then best.valid_reps else 0 end,
    case when best.ranked then best.form_score end, best.created_at, totals.total_valid_reps,
    totals.recording_count, totals.first_recorded_at, first.referred_by
  from (
    select distinct on (r.email) r.* from public.challenge_recordings r
    where r.challenge_id = target_challenge_id
    order by r.email, r.rank_key desc, r.id
  ) best
  join (
    select distinct on (r.email) r.email, r.referred_by from public.challenge_recordings r
    where r.challenge_id = target_challenge_id
    order by r.email, r.created_at, r.id
  ) first using (email)
  join (
    select r.email, coalesce(sum(r.valid_reps) filter (where r.ranked), 0)::integer as total_valid_reps,
      count(*)::integer as recording_count, min(r.created_at) as first_recorded_at
    from public.challenge_recordings r
    where r.challenge_id = target_challenge_id
    group by r.email
  ) totals using (email);

  update public.challenge_recordings r set participant_id = p.id
  from reptemple_private.challenge_participants p
  where r.challenge_id = target_challenge_id and p.challenge_id = target_challenge_id
    and p.email = r.email and r.participant_id is distinct from p.id;

  update reptemple_private.challenge_participants p
  set referral_count = counted.referrals
  from (
    select q.referred_by, count(*)::integer as referrals
    from reptemple_private.challenge_participants q
    where q.challenge_id = target_challenge_id and q.referred_by is not null and q.best_valid_reps >= 1
    group by q.referred_by
  ) counted
  where p.challenge_id = target_challenge_id and p.email = counted.referred_by;

  update public.challenge_recordings r
  set referral_count = coalesce(p.referral_count, 0)
  from reptemple_private.challenge_participants p
  where r.challenge_id = target_challenge_id and p.challenge_id = target_challenge_id
    and p.email = r.email and r.referral_count is distinct from coalesce(p.referral_count, 0);

  delete from reptemple_private.challenge_participant_counts n where n.challenge_id = target_challenge_id;
  insert into reptemple_private.challenge_participant_counts (challenge_id, gender, participants)
  select target_challenge_id, p.gender, count(*)
  from reptemple_private.challenge_participants p
  where p.challenge_id = target_challenge_id and p.standing >= 1
  group by p.gender;
end
$$;
revoke all on function reptemple_private.rebuild_challenge_participants(uuid) from public, anon, authenticated, service_role;
grant execute on function reptemple_private.rebuild_challenge_participants(uuid) to service_role;

-- The participant number of a recording: its participant's, or a new one for a first recording.
-- (Submissions of one participant are serialised by prepare_recording's lock, so two first
-- recordings cannot take two numbers.)
create or replace function reptemple_private.assign_participant_id() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  select p.id into new.participant_id from reptemple_private.challenge_participants p
  where p.challenge_id = new.challenge_id and p.email = reptemple_private.normalize_email(new.email);
  if new.participant_id is null then
    new.participant_id := nextval(pg_get_serial_sequence('reptemple_private.challenge_participants', 'id'));
  end if;
  return new;
end
$$;
revoke all on function reptemple_private.assign_participant_id() from public, anon, authenticated, service_role;

-- After prepare_recording (triggers of one event run in name order), which locks the participant.
create or replace trigger challenge_recordings_set_participant
  before insert or update of challenge_id, email on public.challenge_recordings
  for each row execute function reptemple_private.assign_participant_id();

-- ---------------------------------------------------------------------------------------------
-- The participants on one page of All Time (or of the Aggregate: by_total), in rank order, listed
-- participants only (ranked, then pending). Each order (and gender tab) has its index, so a page
-- reads page_offset + page_size index entries; the query is built per call from fixed pieces so
-- that each call is planned for its tab. While results are hidden the order is first submission,
-- which says nothing about the counts.
--   All Time:   best_rank_key (the recording order above).
--   Aggregate:  ranked first, then more verified reps in all, the better form score (none last),
--               the earlier first submission, the e-mail address.
create or replace function reptemple_private.participant_page(
  target_challenge_id uuid,
  tab text,
  by_total boolean,
  by_submission boolean,
  page_offset integer,
  page_size integer
) returns table (
  email text, recording_id uuid, referral_count integer, "position" bigint, name text,
  gender public.participant_gender, total_valid_reps integer, standing smallint, participant_id bigint
)
language plpgsql stable
set search_path = ''
as $$
declare
  ranking text := case
    when by_submission then 'p.first_recorded_at, p.email'
    when by_total then 'p.standing desc, p.total_valid_reps desc, p.best_form_score desc nulls last, p.first_recorded_at, p.email'
    else 'p.best_rank_key desc, p.best_recording_id'
  end;
  -- Only listed participants (pending or ranked). In both rank orders the unranked come last,
  -- so the page is cut from the index's order and the unranked dropped after: a range condition
  -- on the index would let a planner without statistics (a table just rebuilt) sort them all.
  -- The order of submission mixes them in, so it filters first (hidden boards are small).
  listed_first text := case when by_submission then 'and p.standing >= 1' else '' end;
begin
  return query execute format(
    $query$
      select p.email, p.best_recording_id, p.referral_count, $3 + row_number() over (order by %1$s),
        p.name, p.gender, p.total_valid_reps, p.standing, p.id
      from (
        select * from reptemple_private.challenge_participants p
        where p.challenge_id = $1 %3$s %2$s
        order by %1$s
        offset $3 limit $4
      ) p
      where p.standing >= 1
      order by %1$s
    $query$,
    ranking,
    case when tab = 'all' then '' else 'and p.gender = $2::public.participant_gender' end,
    listed_first
  ) using target_challenge_id, tab, page_offset, page_size;
end
$$;
revoke all on function reptemple_private.participant_page(uuid, text, boolean, boolean, integer, integer)
  from public, anon, authenticated, service_role;

-- Listed participants per gender tab, all time.
create or replace function reptemple_private.participant_counts(target_challenge_id uuid)
returns public.leaderboard_gender_counts
language sql stable
set search_path = ''
as $$
  select row(
    coalesce(sum(n.participants), 0)::integer,
    coalesce(sum(n.participants) filter (where n.gender = 'male'), 0)::integer,
    coalesce(sum(n.participants) filter (where n.gender = 'female'), 0)::integer
  )::public.leaderboard_gender_counts
  from reptemple_private.challenge_participant_counts n where n.challenge_id = target_challenge_id
$$;
revoke all on function reptemple_private.participant_counts(uuid) from public, anon, authenticated, service_role;

-- One entry of the recording leaderboard. Only a ranked (verified) entry has a rank and counts;
-- a pending one carries its claim in claimed_valid_reps, shown as a claim. While results are
-- hidden from the caller, everything about the counts is withheld except on the caller's own
-- entry, and so are the rank and the recording's id (visibility.sql). No SET: inlined.
create or replace function reptemple_private.leaderboard_entry(
  r public.challenge_recordings,
  "position" bigint,
  referrals integer,
  is_own boolean,
  counts_hidden boolean
) returns public.leaderboard_entry
language sql stable parallel safe
as $$
  select row(
    case when counts_hidden or not r.ranked then null else "position" end,
    case when not counts_hidden or is_own then r.id end,
    r.user_id,
    r.name,
    r.gender,
    case when r.ranked and (not counts_hidden or is_own) then r.valid_reps end,
    case when r.ranked and (not counts_hidden or is_own) then r.invalid_reps end,
    case when r.ranked and (not counts_hidden or is_own) then r.total_reps end,
    case when r.ranked and (not counts_hidden or is_own) then r.form_score end,
    case when not counts_hidden or is_own then r.duration_seconds end,
    case when not counts_hidden or is_own then r.video_url end,
    case when not counts_hidden or is_own then r.gif_url end,
    r.share_count,
    coalesce(referrals, 0),
    r.created_at,
    coalesce(is_own, false),
    r.verification_status,
    case when not r.ranked and (not counts_hidden or is_own) then r.claimed_valid_reps end,
    r.ranked
  )::public.leaderboard_entry
$$;
revoke all on function reptemple_private.leaderboard_entry(public.challenge_recordings, bigint, integer, boolean, boolean)
  from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Today / This Week / All Time. One entry per participant: their best recording in the period,
-- ranked (verified) entries first in rank order within the gender tab asked for, then pending
-- ones in order of submission without a rank; failed verifications are not listed. While results
-- are hidden from the caller, entries come in order of submission without rank, with other
-- participants' counts, media and ids withheld. own_entry is the caller's own entry wherever it
-- is, with its rank when it ranks (null for visitors and non-participants).
create or replace function public.challenge_leaderboard(
  target_challenge_id uuid,
  period text default 'all_time',
  gender text default 'all',
  time_zone text default 'UTC',
  page_offset integer default 0,
  page_size integer default 50,
  as_of timestamptz default null
) returns public.leaderboard_page
language plpgsql stable security definer
set search_path = ''
as $$
declare
  zone text := reptemple_private.checked_time_zone(time_zone);
  tab text := reptemple_private.checked_gender(gender);
  moment timestamptz := coalesce(as_of, now());
  me text := reptemple_private.caller_email();
  context record;
  bounds record;
  -- (A composite value is assigned with :=; SELECT INTO would spread it over its fields.)
  all_time_counts public.leaderboard_gender_counts;
  counts public.leaderboard_gender_counts;
  entries public.leaderboard_entry[];
  own public.leaderboard_entry;
  period_parts record;
begin
  perform reptemple_private.checked_page(page_offset, page_size);
  bounds := reptemple_private.period_bounds(period, zone, moment);
  context := reptemple_private.leaderboard_context(target_challenge_id, moment);
  all_time_counts := reptemple_private.participant_counts(target_challenge_id);

  if period = 'all_time' then
    counts := all_time_counts;
    entries := (
      select coalesce(array_agg(reptemple_private.leaderboard_entry(
          r, page."position", page.referral_count, coalesce(page.email = me, false), context.counts_hidden)
          order by page."position"), '{}')
      from reptemple_private.participant_page(
        target_challenge_id, tab, false, context.counts_hidden, page_offset, page_size) page
      join public.challenge_recordings r on r.id = page.recording_id);

    own := (select reptemple_private.leaderboard_entry(r, case when mine.standing = 2 then 1 + (
        select count(*) from reptemple_private.challenge_participants q
        where q.challenge_id = target_challenge_id and (tab = 'all' or q.gender::text = tab)
          and q.best_rank_key >= mine.best_rank_key
          and (q.best_rank_key > mine.best_rank_key or q.best_recording_id < mine.best_recording_id)
      ) end, mine.referral_count, true, context.counts_hidden)
    from reptemple_private.challenge_participants mine
    join public.challenge_recordings r on r.id = mine.best_recording_id
    where mine.challenge_id = target_challenge_id and mine.email = me
      and (tab = 'all' or mine.gender::text = tab));
  else
    -- Each participant's best recording of the period is the one with the highest rank key; its
    -- lowest bit says whether it is a man's.
    -- Participants whose best is unranked (failed) are in it for their own entry, and left out
    -- of the list and the counts (rank_key >= listed_key_floor()).
    with best as materialized (
      select r.participant_id, max(r.rank_key) as rank_key
      from public.challenge_recordings r
      where r.challenge_id = target_challenge_id
        and r.created_at >= bounds.starts_at and r.created_at < bounds.ends_at
      group by r.participant_id
    ), tallies as (
      select row(count(*)::integer, (count(*) filter (where (b.rank_key & 1) = 1))::integer,
          (count(*) filter (where (b.rank_key & 1) = 0))::integer)::public.leaderboard_gender_counts as value
      from best b
      where b.rank_key >= reptemple_private.listed_key_floor()
    ), page as (
      select t.participant_id, t.rank_key
      from best t
      where t.rank_key >= reptemple_private.listed_key_floor()
        and (tab = 'all' or ((t.rank_key & 1) = 1) = (tab = 'male'))
      order by
        -- While hidden: in order of submission (the key's time bits, earliest highest).
        case when context.counts_hidden then t.rank_key & ((1::bigint << 43) - 2) end desc,
        t.rank_key desc, t.participant_id
      offset page_offset limit page_size
    ), ranked as (
      select page.participant_id, found.r, page_offset + row_number() over (order by
          case when context.counts_hidden then page.rank_key & ((1::bigint << 43) - 2) end desc,
          page.rank_key desc, (found.r).id) as "position"
      from page
      cross join lateral (
        select r from public.challenge_recordings r
        where r.participant_id = page.participant_id and r.rank_key = page.rank_key
        order by r.id limit 1
      ) found
    ), mine as (
      select t.participant_id, t.rank_key, 1 + (
          select count(*) from best o
          where o.rank_key > t.rank_key and (tab = 'all' or ((o.rank_key & 1) = 1) = (tab = 'male'))
        ) as "position"
      from best t
      join reptemple_private.challenge_participants p
        on p.id = t.participant_id and p.challenge_id = target_challenge_id and p.email = me
      where tab = 'all' or ((t.rank_key & 1) = 1) = (tab = 'male')
    )
    select
      (select value from tallies) as counts,
      (select coalesce(array_agg(reptemple_private.leaderboard_entry(
          ranked.r, ranked."position", p.referral_count, coalesce(p.email = me, false),
          context.counts_hidden) order by ranked."position"), '{}')
       from ranked
       left join reptemple_private.challenge_participants p on p.id = ranked.participant_id) as entries,
      (select reptemple_private.leaderboard_entry(found.r, mine."position", p.referral_count, true,
          context.counts_hidden)
       from mine
       join reptemple_private.challenge_participants p on p.id = mine.participant_id
       cross join lateral (
         select r from public.challenge_recordings r
         where r.participant_id = mine.participant_id and r.rank_key = mine.rank_key
         order by r.id limit 1
       ) found) as own
    into period_parts;
    counts := period_parts.counts;
    entries := period_parts.entries;
    own := period_parts.own;
  end if;

  return row(
    target_challenge_id, period, tab, zone, bounds.starts_at, bounds.ends_at,
    context.counts_hidden, context.final_at, all_time_counts."all", counts, entries, own
  )::public.leaderboard_page;
end
$$;
revoke all on function public.challenge_leaderboard(uuid, text, text, text, integer, integer, timestamptz)
  from public, anon, authenticated, service_role;
grant execute on function public.challenge_leaderboard(uuid, text, text, text, integer, integer, timestamptz)
  to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- The Aggregate tab (accountability challenges): per participant (one e-mail address) over their
-- verified recordings. Days are calendar days in `time_zone`; a day is logged when its verified
-- valid reps add up to at least one. Ranked by total verified valid reps, then best verified form
-- score, then earliest first submission (participant_page); participants without a verified
-- recording but with one waiting are listed after, unranked. pending_reps: the claims still
-- waiting for their verification, shown as claims, added to nothing. streak_length: consecutive
-- logged days up to the latest one, while that day is today or yesterday (a missed day resets it
-- to 0); once the challenge has ended it keeps its last value. own_entry as in
-- challenge_leaderboard.
create or replace function public.challenge_leaderboard_aggregate(
  target_challenge_id uuid,
  gender text default 'all',
  time_zone text default 'UTC',
  page_offset integer default 0,
  page_size integer default 50,
  as_of timestamptz default null
) returns public.aggregate_page
language plpgsql stable security definer
set search_path = ''
as $$
declare
  zone text := reptemple_private.checked_time_zone(time_zone);
  tab text := reptemple_private.checked_gender(gender);
  moment timestamptz := coalesce(as_of, now());
  me text := reptemple_private.caller_email();
  context record;
  today date;
  counts public.leaderboard_gender_counts;
  page_parts record;
begin
  perform reptemple_private.checked_page(page_offset, page_size);
  context := reptemple_private.leaderboard_context(target_challenge_id, moment);
  today := (moment at time zone zone)::date;
  counts := reptemple_private.participant_counts(target_challenge_id);

  with people as (
    select page.email, page.participant_id, page."position", true as on_page, page.name,
      page.gender, page.total_valid_reps, page.referral_count, page.standing
    from reptemple_private.participant_page(
      target_challenge_id, tab, true, context.counts_hidden, page_offset, page_size) page
    union all
    select mine.email, mine.id, case when mine.standing = 2 then 1 + (
        select count(*) from reptemple_private.challenge_participants q
        where q.challenge_id = target_challenge_id and (tab = 'all' or q.gender::text = tab)
          and q.standing = 2 and q.total_valid_reps >= mine.total_valid_reps
          -- Ahead in participant_page's Aggregate order.
          and ((q.total_valid_reps, coalesce(q.best_form_score, -1))
              > (mine.total_valid_reps, coalesce(mine.best_form_score, -1))
            or ((q.total_valid_reps, coalesce(q.best_form_score, -1))
                = (mine.total_valid_reps, coalesce(mine.best_form_score, -1))
              and (q.first_recorded_at, q.email) < (mine.first_recorded_at, mine.email)))
      ) end, false, mine.name, mine.gender, mine.total_valid_reps, mine.referral_count, mine.standing
    from reptemple_private.challenge_participants mine
    where mine.challenge_id = target_challenge_id and mine.email = me
      and (tab = 'all' or mine.gender::text = tab)
  ), who as (
    select distinct people.email, people.participant_id as id from people
  ), per_day as (
    -- One pass over the listed recordings of the people on the page, from the participant index
    -- alone: verified reps (ranked keys are >= 0) and claims still waiting (pending keys; an
    -- unverified recording's valid_reps is its claim) per calendar day.
    select who.email, (r.created_at at time zone zone)::date as day,
      coalesce(sum(r.valid_reps) filter (where r.rank_key >= 0), 0) as reps,
      coalesce(sum(r.valid_reps) filter (where r.rank_key < 0), 0) as waiting
    from who
    join public.challenge_recordings r
      on r.participant_id = who.id and r.rank_key >= reptemple_private.listed_key_floor()
    group by who.email, (r.created_at at time zone zone)::date
  ), days as (
    select d.email, d.day, d.reps from per_day d where d.reps >= 1
  ), waiting as (
    select d.email, sum(d.waiting) as reps from per_day d group by d.email
  ), runs as (
    -- Consecutive days share day minus their row number (gaps and islands).
    select numbered.email, count(*) as days_in_run, max(numbered.day) as last_day
    from (
      select d.email, d.day, d.day - (row_number() over (partition by d.email order by d.day))::integer as island
      from days d
    ) numbered
    group by numbered.email, numbered.island
  ), stats as (
    select d.email, count(*) as days_logged, max(d.reps) as top_daily, max(d.day) as last_day
    from days d group by d.email
  ), built as (
    select people.on_page, people."position", row(
      case when context.counts_hidden or people.standing <> 2 then null else people."position" end,
      people.name,
      people.gender,
      case when visibility.shown then coalesce(stats.days_logged, 0)::integer end,
      case when visibility.shown then people.total_valid_reps end,
      case when visibility.shown then
        case when coalesce(stats.days_logged, 0) = 0 then 0
          else round(people.total_valid_reps::numeric / stats.days_logged)::integer end end,
      case when visibility.shown then coalesce(stats.top_daily, 0)::integer end,
      case when visibility.shown then coalesce(
        (select runs.days_in_run from runs
         where runs.email = people.email and runs.last_day = stats.last_day
           and (context.ended or stats.last_day >= today - 1)), 0)::integer end,
      people.referral_count,
      people.email is not distinct from me,
      people.standing = 2,
      case when visibility.shown then coalesce(waiting.reps, 0)::integer end
    )::public.aggregate_entry as entry
    from people
    left join stats on stats.email = people.email
    left join waiting on waiting.email = people.email
    cross join lateral (
      select not context.counts_hidden or people.email is not distinct from me as shown
    ) visibility
  )
  select
    coalesce(array_agg(built.entry order by built."position") filter (where built.on_page), '{}') as entries,
    (array_agg(built.entry) filter (where not built.on_page))[1] as own
  into page_parts
  from built;

  return row(
    target_challenge_id, tab, zone, today, context.counts_hidden, context.final_at,
    counts."all", counts, page_parts.entries, page_parts.own
  )::public.aggregate_page;
end
$$;
revoke all on function public.challenge_leaderboard_aggregate(uuid, text, text, integer, integer, timestamptz)
  from public, anon, authenticated, service_role;
grant execute on function public.challenge_leaderboard_aggregate(uuid, text, text, integer, integer, timestamptz)
  to anon, authenticated, service_role;

-- ---- supabase/rules/submission.sql

-- Submission and ownership: who may submit what, when, and with which video (spec 02 §4, §5, §7,
-- §8; docs/security.md "challenge_recordings").
--
-- A signed-in participant submits under their own account and e-mail, only while the challenge
-- takes recordings, within its submission policy (daily: one a day in the participant's own days;
-- single: one in all; events: any number). A recording carries only a video its own participant
-- uploaded through the media API (reptemple_private.video_uploads, written by the server with
-- each upload), and each upload backs at most one recording (also a unique index). Participants
-- never edit a recording; the one exception is attach_recording_video.

-- Whether a challenge takes a new recording now: active, within its dates, a duel within
-- duel_duration() of its first participant (boundaries inclusive), and the participant's gender
-- allowed by the challenge's filter. The web app's challengeTiming() states the same rule and a
-- test holds them together.
create or replace function reptemple_private.challenge_accepts_recording(
  target_challenge_id uuid,
  participant public.participant_gender
) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.challenges c
    where c.id = target_challenge_id
      and c.is_active
      and (c.start_date is null or now() >= c.start_date)
      and (c.end_date is null or now() <= c.end_date)
      and (
        c.challenge_type <> 'duel'
        or c.first_participant_joined_at is null
        or now() <= c.first_participant_joined_at + reptemple_private.duel_duration()
      )
      and (
        c.gender_filter is null
        or c.gender_filter in ('all', 'other')
        or c.gender_filter::text = participant::text
      )
  )
$$;
revoke all on function reptemple_private.challenge_accepts_recording(uuid, public.participant_gender)
  from public, anon, authenticated, service_role;
grant execute on function reptemple_private.challenge_accepts_recording(uuid, public.participant_gender)
  to authenticated, service_role;

-- The video (and GIF) a participant's recording may carry: an upload of the media API made by
-- `author`, not backing any other recording, and its own GIF. Raises 22023 for an address that is
-- not the media API's (an external URL) or a GIF of another upload, 42501 for an upload the
-- database does not know or that another account made (the same answer for both, so nobody learns
-- which uploads exist), 23505 for an upload already used.
create or replace function reptemple_private.check_recording_video(
  target_recording_id uuid,
  author uuid,
  video text,
  gif text
) returns void
language plpgsql stable security definer
set search_path = ''
as $$
declare
  upload reptemple_private.video_uploads;
begin
  if video is null then
    if gif is not null then
      raise exception 'A GIF comes with its video: got a GIF and no video.'
        using errcode = 'invalid_parameter_value', hint = 'Send the videoUrl and gifUrl of one upload.';
    end if;
    return;
  end if;
  if video !~ '^/media/videos/[A-Za-z0-9_-]+\.(webm|mp4|mov)$' then
    raise exception 'Expected a video URL of the media API (/media/videos/<file>), got %.', left(video, 200)
      using errcode = 'invalid_parameter_value',
        hint = 'Upload the video with POST /api/upload-video and submit the videoUrl it answers; other addresses are refused.';
  end if;
  select * into upload from reptemple_private.video_uploads u where u.video_url = video;
  if not found or upload.user_id is distinct from author then
    raise exception 'The video % is not an upload of this account.', left(video, 200)
      using errcode = 'insufficient_privilege',
        hint = 'Upload the video with POST /api/upload-video, signed in as the participant, and submit the videoUrl it answers.';
  end if;
  if gif is not null and gif is distinct from '/media/gifs/' || upload.upload_id || '.gif' then
    raise exception 'Expected the GIF of the same upload (/media/gifs/%.gif) or none, got %.',
      upload.upload_id, left(gif, 200)
      using errcode = 'invalid_parameter_value';
  end if;
  if exists (
    select 1 from public.challenge_recordings r
    where r.video_url = video and r.id is distinct from target_recording_id
  ) then
    raise exception 'This video already backs a recording: each upload backs one recording.'
      using errcode = 'unique_violation', hint = 'Record a new attempt to submit again.';
  end if;
end
$$;
revoke all on function reptemple_private.check_recording_video(uuid, uuid, text, text)
  from public, anon, authenticated, service_role;

-- The zone a participant's days are counted in: their first recording's in this challenge, else
-- the one sent (when the database knows it), else UTC.
create or replace function reptemple_private.participant_day_zone(
  target_challenge_id uuid,
  participant_email text,
  requested text
) returns text
language sql stable
set search_path = ''
as $$
  select coalesce(
    (select r.time_zone from public.challenge_recordings r
     where r.challenge_id = target_challenge_id and r.email = participant_email
       and r.time_zone is not null
     order by r.created_at, r.id limit 1),
    (select z.name from reptemple_private.time_zone_names z where z.name = requested),
    'UTC')
$$;
revoke all on function reptemple_private.participant_day_zone(uuid, text, text)
  from public, anon, authenticated, service_role;

-- Whether the participant already has a recording on the calendar day (in `zone`) of `moment`,
-- other than the recording `except_id`.
create or replace function reptemple_private.daily_attempt_taken(
  target_challenge_id uuid,
  participant_email text,
  zone text,
  moment timestamptz,
  except_id uuid
) returns boolean
language sql stable
set search_path = ''
as $$
  select exists (
    select 1 from public.challenge_recordings r
    where r.challenge_id = target_challenge_id and r.email = participant_email
      and r.id is distinct from except_id
      and r.created_at >= (date_trunc('day', moment at time zone zone) at time zone zone)
      and r.created_at < ((date_trunc('day', moment at time zone zone) + interval '1 day') at time zone zone)
  )
$$;
revoke all on function reptemple_private.daily_attempt_taken(uuid, text, text, timestamptz, uuid)
  from public, anon, authenticated, service_role;

-- Before insert: derived fields are the database's, not the client's. Totals are valid plus
-- invalid; the day's zone is fixed by the participant's first recording; the submission policy of
-- the challenge (daily: one a day, single: one in all, events: any number) is enforced with a 23505
-- like any other duplicate; a participant's video must be their own unused upload.
create or replace function reptemple_private.prepare_recording() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  challenge_is_daily boolean;
  attempts_unlimited boolean;
  duplicate_exists boolean;
begin
  new.email := reptemple_private.normalize_email(new.email);
  new.referred_by := nullif(reptemple_private.normalize_email(new.referred_by), '');
  if new.referred_by = new.email then
    new.referred_by := null;
  end if;
  new.total_reps := new.valid_reps + new.invalid_reps;

  -- A participant submits as themselves, with their own video. Checked here, before the duplicate
  -- check below, so that nobody learns from a 23505 whether another address has a recording. (The
  -- row policy checks the identity again; service_role may insert for anyone.)
  if auth.role() = 'authenticated' then
    if new.user_id is distinct from auth.uid()
       or new.email is distinct from reptemple_private.normalize_email(auth.jwt() ->> 'email') then
      raise exception 'A recording is submitted under the signed-in account and its e-mail address.'
        using errcode = 'insufficient_privilege';
    end if;
    perform reptemple_private.check_recording_video(new.id, new.user_id, new.video_url, new.gif_url);
  end if;

  -- Serialise submissions of one participant to one challenge so the policy check cannot race.
  perform pg_advisory_xact_lock(hashtextextended(new.challenge_id::text || '/' || new.email, 0));

  new.time_zone := reptemple_private.participant_day_zone(new.challenge_id, new.email, new.time_zone);

  select c.is_daily, exists (select 1 from public.challenge_events e where e.challenge_id = c.id)
  into challenge_is_daily, attempts_unlimited
  from public.challenges c where c.id = new.challenge_id;
  if attempts_unlimited then
    null;
  elsif challenge_is_daily then
    if reptemple_private.daily_attempt_taken(
      new.challenge_id, new.email, new.time_zone, coalesce(new.created_at, now()), new.id
    ) then
      raise exception 'Already submitted today: a daily challenge takes one recording a day per participant.'
        using errcode = 'unique_violation',
          hint = format('Come back tomorrow (your days in this challenge are counted in %s).', new.time_zone);
    end if;
  elsif challenge_is_daily is not null then
    select exists (
      select 1 from public.challenge_recordings r
      where r.challenge_id = new.challenge_id and r.email = new.email
    ) into duplicate_exists;
    if duplicate_exists then
      raise exception 'Already submitted: this challenge takes one recording per participant.'
        using errcode = 'unique_violation';
    end if;
  end if;

  new.referral_count := reptemple_private.referral_count(new.challenge_id, new.email);
  return new;
end
$$;
revoke all on function reptemple_private.prepare_recording() from public, anon, authenticated, service_role;

create or replace trigger challenge_recordings_prepare
  before insert on public.challenge_recordings
  for each row execute function reptemple_private.prepare_recording();

-- After insert: a duel's clock starts no later than its first recording.
create or replace function reptemple_private.after_recording_inserted() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.challenges c
  set first_participant_joined_at = now()
  where c.id = new.challenge_id and c.challenge_type = 'duel' and c.first_participant_joined_at is null;
  return null;
end
$$;
revoke all on function reptemple_private.after_recording_inserted() from public, anon, authenticated, service_role;

create or replace trigger challenge_recordings_after_insert
  after insert on public.challenge_recordings
  for each row execute function reptemple_private.after_recording_inserted();

-- ---------------------------------------------------------------------------------------------
-- Joining: refuses a closed challenge with a reason the app shows, in `detail` (a stable key:
-- challenge_inactive, challenge_not_started, challenge_ended, duel_expired), under the rules of
-- challenge_accepts_recording (the gender filter aside: a join carries no gender); starts a duel's
-- clock if nobody has joined yet; answers the clock's start (null for other types). An unknown
-- challenge answers 404 (PT404).
create or replace function public.join_challenge(target_challenge_id uuid) returns timestamptz
language plpgsql security definer
set search_path = ''
as $$
declare
  target public.challenges;
begin
  if auth.uid() is null then
    raise exception 'Sign in to join a challenge.' using errcode = '42501';
  end if;
  -- The row lock makes two first joins of a duel start its clock once.
  select * into target from public.challenges c where c.id = target_challenge_id for update;
  if not found then
    raise exception 'Challenge % does not exist.', target_challenge_id using errcode = 'PT404';
  end if;
  if not target.is_active then
    raise exception 'This challenge is not active.'
      using errcode = 'P0001', detail = 'challenge_inactive',
        hint = 'Pick another challenge from the list.';
  end if;
  if target.start_date is not null and now() < target.start_date then
    raise exception 'This challenge has not started yet.'
      using errcode = 'P0001', detail = 'challenge_not_started',
        hint = 'Come back when it starts.';
  end if;
  if target.end_date is not null and now() > target.end_date then
    raise exception 'This challenge has ended.'
      using errcode = 'P0001', detail = 'challenge_ended',
        hint = 'Its leaderboard stays open to view.';
  end if;
  if target.challenge_type = 'duel' and target.first_participant_joined_at is not null
     and now() > target.first_participant_joined_at + reptemple_private.duel_duration() then
    raise exception 'This duel has expired: its % hours are over.',
      (extract(epoch from reptemple_private.duel_duration()) / 3600)::integer
      using errcode = 'P0001', detail = 'duel_expired',
        hint = 'Its leaderboard stays open to view.';
  end if;
  -- A duel's clock starts with its first participant (spec 02 §4).
  if target.challenge_type = 'duel' and target.first_participant_joined_at is null
     and not exists (select 1 from public.challenge_recordings r where r.challenge_id = target.id) then
    update public.challenges c set first_participant_joined_at = now() where c.id = target.id
    returning c.first_participant_joined_at into target.first_participant_joined_at;
  end if;
  return target.first_participant_joined_at;
end
$$;
revoke all on function public.join_challenge(uuid) from public, anon, authenticated, service_role;
grant execute on function public.join_challenge(uuid) to authenticated, service_role;

-- When the upload of a video fails, the attempt is saved without it (spec 02 §8) and the browser
-- keeps the video to send again. This is the one narrow way to add it later: only the caller's own
-- recording, only while it has none, within late_video_window(), and only the caller's own unused
-- upload (check_recording_video). It changes nothing else.
create or replace function public.attach_recording_video(
  target_recording_id uuid,
  new_video_url text,
  new_gif_url text default null
) returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception 'Sign in to add a video to your recording.' using errcode = '42501';
  end if;
  if new_video_url is null or new_video_url !~ '^/media/videos/[A-Za-z0-9_-]+\.(webm|mp4|mov)$' then
    raise exception 'Expected a video URL of the media API (/media/videos/<file>), got %.',
      coalesce(left(new_video_url, 200), 'null')
      using errcode = '22023', hint = 'Upload the video with POST /api/upload-video first.';
  end if;
  if new_gif_url is not null and new_gif_url !~ '^/media/gifs/[A-Za-z0-9_-]+\.gif$' then
    raise exception 'Expected a GIF URL of the media API (/media/gifs/<file>) or null, got %.',
      left(new_gif_url, 200)
      using errcode = '22023';
  end if;
  perform reptemple_private.check_recording_video(target_recording_id, auth.uid(), new_video_url, new_gif_url);
  update public.challenge_recordings r
  set video_url = new_video_url, gif_url = new_gif_url
  where r.id = target_recording_id
    and r.user_id = auth.uid()
    and r.video_url is null
    and r.created_at > now() - reptemple_private.late_video_window();
  if not found then
    raise exception 'No recording of yours without a video, from the last %, has id %.',
      reptemple_private.late_video_window(), target_recording_id
      using errcode = '42501',
        hint = format('A video can be added once, by the participant, within %s of the attempt.',
          reptemple_private.late_video_window());
  end if;
end
$$;
revoke all on function public.attach_recording_video(uuid, text, text) from public, anon, authenticated, service_role;
grant execute on function public.attach_recording_video(uuid, text, text) to authenticated, service_role;

-- One share of a recording: adds one and answers the new count. Anyone may share, signed in or
-- not (the recording view is public). An unknown recording answers 404 (PT404).
create or replace function public.record_recording_share(target_recording_id uuid) returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  shares integer;
begin
  update public.challenge_recordings r
  set share_count = r.share_count + 1
  where r.id = target_recording_id
  returning r.share_count into shares;
  if not found then
    raise exception 'Recording % does not exist.', target_recording_id
      using errcode = 'PT404', hint = 'Check the recording id; it may have been removed.';
  end if;
  return shares;
end
$$;
revoke all on function public.record_recording_share(uuid) from public, anon, authenticated, service_role;
grant execute on function public.record_recording_share(uuid) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Who reads and writes recordings through the data API (the public reads leaderboard_entries).
drop policy if exists "participants read their own recordings, admins read all" on public.challenge_recordings;
create policy "participants read their own recordings, admins read all"
  on public.challenge_recordings for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));

drop policy if exists "participants submit as themselves while the challenge is open" on public.challenge_recordings;
create policy "participants submit as themselves while the challenge is open"
  on public.challenge_recordings for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and email = reptemple_private.normalize_email((select auth.jwt()) ->> 'email')
    and reptemple_private.challenge_accepts_recording(challenge_id, gender)
  );

drop policy if exists "admins correct recordings" on public.challenge_recordings;
create policy "admins correct recordings"
  on public.challenge_recordings for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

drop policy if exists "admins remove recordings" on public.challenge_recordings;
create policy "admins remove recordings"
  on public.challenge_recordings for delete to authenticated
  using ((select public.is_admin()));

-- <<< supabase/rules

-- Every participant again under the new rules (their best recording, totals, tier and counters).
select reptemple_private.rebuild_challenge_participants(c.id) from public.challenges c;
