-- Submitted attempts. A signed-in participant submits under their own account and e-mail, only
-- while the challenge accepts recordings. E-mail addresses are private: the public leaderboard is
-- the view leaderboard_entries, which has no e-mail columns; the table itself shows a user their
-- own rows and admins everything. Only admins correct or remove a recording.

-- Longest accepted recording: the 5-minute session limit plus 30 s of margin. Keep in step with
-- MAX_RECORDING_SECONDS in packages/server/src/constants.ts.
create table public.challenge_recordings (
  id uuid primary key default gen_random_uuid(),
  challenge_id uuid not null references public.challenges (id) on delete cascade,
  user_id uuid references auth.users (id) on delete set null,
  name text not null check (length(btrim(name)) between 1 and 100),
  email text not null check (email = lower(btrim(email)) and length(email) between 3 and 254),
  gender public.participant_gender not null default 'male',
  valid_reps integer not null default 0 check (valid_reps between 0 and 1000),
  invalid_reps integer not null default 0 check (invalid_reps between 0 and 1000),
  total_reps integer not null default 0 check (total_reps between 0 and 2000),
  duration_seconds numeric(6, 2) not null default 0 check (duration_seconds between 0 and 330),
  video_url text check (video_url ~ '^(https?://|/)' and length(video_url) <= 2000),
  gif_url text check (gif_url ~ '^(https?://|/)' and length(gif_url) <= 2000),
  referred_by text check (referred_by = lower(btrim(referred_by)) and length(referred_by) between 3 and 254),
  referral_count integer not null default 0 check (referral_count >= 0),
  analysis_data jsonb check (jsonb_typeof(analysis_data) = 'object' and octet_length(analysis_data::text) <= 2000000),
  created_at timestamptz not null default now()
);
-- The leaderboard: one challenge, best first, earliest first among equals (the tie-breaker).
create index challenge_recordings_leaderboard_idx
  on public.challenge_recordings (challenge_id, valid_reps desc, created_at);
create index challenge_recordings_gender_leaderboard_idx
  on public.challenge_recordings (challenge_id, gender, valid_reps desc, created_at);
-- Today / This Week tabs and the admin's newest-first lists.
create index challenge_recordings_challenge_created_idx
  on public.challenge_recordings (challenge_id, created_at desc);
create index challenge_recordings_created_at_idx on public.challenge_recordings (created_at desc);
create index challenge_recordings_participant_idx on public.challenge_recordings (challenge_id, email);
create index challenge_recordings_user_id_idx on public.challenge_recordings (user_id);

-- Whether a challenge takes a new recording now: active, within its dates, a duel within 72 hours
-- of its first participant, and the participant's gender allowed by the challenge's filter.
create function reptemple_private.challenge_accepts_recording(
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
        or now() <= c.first_participant_joined_at + interval '72 hours'
      )
      and (
        c.gender_filter is null
        or c.gender_filter in ('all', 'other')
        or c.gender_filter::text = participant::text
      )
  )
$$;
revoke execute on function reptemple_private.challenge_accepts_recording(uuid, public.participant_gender) from public;
grant execute on function reptemple_private.challenge_accepts_recording(uuid, public.participant_gender)
  to authenticated, service_role;

-- Before insert: derived fields are the database's, not the client's. Totals are valid plus
-- invalid; referral counts are counted here; the submission policy of the challenge (daily: one a
-- day, single: one in all) is enforced with a 23505 like any other duplicate.
create function reptemple_private.prepare_recording() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  challenge_is_daily boolean;
  duplicate_exists boolean;
begin
  new.email := reptemple_private.normalize_email(new.email);
  new.referred_by := nullif(reptemple_private.normalize_email(new.referred_by), '');
  if new.referred_by = new.email then
    new.referred_by := null;
  end if;
  new.total_reps := new.valid_reps + new.invalid_reps;

  -- A participant submits as themselves. Checked here, before the duplicate check below, so that
  -- nobody learns from a 23505 whether another address has a recording. (The row policy checks it
  -- again; service_role may insert for anyone.)
  if auth.role() = 'authenticated' and (
    new.user_id is distinct from auth.uid()
    or new.email is distinct from reptemple_private.normalize_email(auth.jwt() ->> 'email')
  ) then
    raise exception 'A recording is submitted under the signed-in account and its e-mail address.'
      using errcode = 'insufficient_privilege';
  end if;

  -- Serialise submissions of one participant to one challenge so the policy check cannot race.
  perform pg_advisory_xact_lock(hashtextextended(new.challenge_id::text || '/' || new.email, 0));

  select c.is_daily into challenge_is_daily from public.challenges c where c.id = new.challenge_id;
  if challenge_is_daily then
    select exists (
      select 1 from public.challenge_recordings r
      where r.challenge_id = new.challenge_id and r.email = new.email
        and (r.created_at at time zone 'utc')::date = (now() at time zone 'utc')::date
    ) into duplicate_exists;
    if duplicate_exists then
      raise exception 'Already submitted today: a daily challenge takes one recording a day per participant.'
        using errcode = 'unique_violation', hint = 'Come back tomorrow (days are counted in UTC).';
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

  select count(distinct r.email) into new.referral_count
  from public.challenge_recordings r
  where r.challenge_id = new.challenge_id and r.referred_by = new.email;
  return new;
end
$$;
revoke execute on function reptemple_private.prepare_recording() from public;

create trigger challenge_recordings_prepare before insert on public.challenge_recordings
  for each row execute function reptemple_private.prepare_recording();

-- After insert: a referral counts once the referred person completes their first session in the
-- challenge; the referrer's recordings then carry the new count. A duel's 72 hours start no later
-- than its first recording.
create function reptemple_private.after_recording_inserted() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new.referred_by is not null and not exists (
    select 1 from public.challenge_recordings r
    where r.challenge_id = new.challenge_id and r.email = new.email and r.id <> new.id
  ) then
    update public.challenge_recordings r
    set referral_count = (
      select count(distinct x.email) from public.challenge_recordings x
      where x.challenge_id = new.challenge_id and x.referred_by = new.referred_by
    )
    where r.challenge_id = new.challenge_id and r.email = new.referred_by;
  end if;

  update public.challenges c
  set first_participant_joined_at = now()
  where c.id = new.challenge_id and c.challenge_type = 'duel' and c.first_participant_joined_at is null;
  return null;
end
$$;
revoke execute on function reptemple_private.after_recording_inserted() from public;

create trigger challenge_recordings_after_insert after insert on public.challenge_recordings
  for each row execute function reptemple_private.after_recording_inserted();

alter table public.challenge_recordings enable row level security;

revoke all on table public.challenge_recordings from anon, authenticated;
grant select on table public.challenge_recordings to authenticated;
grant insert (
  challenge_id, user_id, name, email, gender, valid_reps, invalid_reps, total_reps,
  duration_seconds, video_url, gif_url, referred_by, referral_count, analysis_data
) on table public.challenge_recordings to authenticated;
grant update (name, gender, valid_reps, invalid_reps, duration_seconds, video_url, gif_url)
  on table public.challenge_recordings to authenticated;
grant delete on table public.challenge_recordings to authenticated;
grant all on table public.challenge_recordings to service_role;

create policy "participants read their own recordings, admins read all"
  on public.challenge_recordings for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));

create policy "participants submit as themselves while the challenge is open"
  on public.challenge_recordings for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and email = reptemple_private.normalize_email((select auth.jwt()) ->> 'email')
    and reptemple_private.challenge_accepts_recording(challenge_id, gender)
  );

create policy "admins correct recordings"
  on public.challenge_recordings for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "admins remove recordings"
  on public.challenge_recordings for delete to authenticated
  using ((select public.is_admin()));

-- The public leaderboard: every recording of every challenge, without e-mail addresses.
-- It runs with its owner's rights on purpose (it is the public projection of the table), so it
-- bypasses the table's row policies and exposes only the columns listed here. It filters no rows,
-- so it needs no security_barrier, which would keep the planner from using the leaderboard index.
create view public.leaderboard_entries as
select
  r.id, r.challenge_id, r.user_id, r.name, r.gender, r.valid_reps, r.invalid_reps, r.total_reps,
  r.duration_seconds, r.video_url, r.gif_url, r.referral_count, r.analysis_data, r.created_at
from public.challenge_recordings r;

revoke all on table public.leaderboard_entries from anon, authenticated;
grant select on table public.leaderboard_entries to anon, authenticated, service_role;

-- Joining a 72-hour duel starts its clock if nobody has joined yet. Anyone who may record may
-- join; the answer is the challenge's start of the clock (null for other challenge types).
create function public.join_challenge(target_challenge_id uuid) returns timestamptz
language plpgsql security definer
set search_path = ''
as $$
declare
  started_at timestamptz;
begin
  if auth.uid() is null then
    raise exception 'Sign in to join a challenge.' using errcode = '42501';
  end if;
  update public.challenges c
  set first_participant_joined_at = now()
  where c.id = target_challenge_id and c.challenge_type = 'duel'
    and c.first_participant_joined_at is null and c.is_active
    and not exists (select 1 from public.challenge_recordings r where r.challenge_id = c.id);
  select c.first_participant_joined_at into started_at from public.challenges c where c.id = target_challenge_id;
  if not found then
    raise exception 'Challenge % does not exist.', target_challenge_id using errcode = 'P0002';
  end if;
  return started_at;
end
$$;
revoke execute on function public.join_challenge(uuid) from public, anon;
grant execute on function public.join_challenge(uuid) to authenticated, service_role;
