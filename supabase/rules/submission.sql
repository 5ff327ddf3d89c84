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

-- The calendar day around `moment` in `zone`, as [its local midnight, the next one): 23 or 25
-- hours on a DST day. The one definition of a participant's day: the insert's daily rule and
-- daily_attempt_status() both read it, so the page and the insert cannot disagree on where a day
-- ends.
create or replace function reptemple_private.participant_day(zone text, moment timestamptz)
returns tstzrange
language sql stable parallel safe
set search_path = ''
as $$
  select tstzrange(
    date_trunc('day', moment at time zone zone) at time zone zone,
    (date_trunc('day', moment at time zone zone) + interval '1 day') at time zone zone,
    '[)')
$$;
revoke all on function reptemple_private.participant_day(text, timestamptz)
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
    cross join lateral (select reptemple_private.participant_day(zone, moment) as bounds) d
    where r.challenge_id = target_challenge_id and r.email = participant_email
      and r.id is distinct from except_id
      and r.created_at >= lower(d.bounds)
      and r.created_at < upper(d.bounds)
  )
$$;
revoke all on function reptemple_private.daily_attempt_taken(uuid, text, text, timestamptz, uuid)
  from public, anon, authenticated, service_role;

-- The daily rule, asked before the camera (issue 26): whether the signed-in participant's attempt
-- of today is in (a new one would be refused with prepare_recording's 23505), the zone their days
-- are counted in and when their next day starts, through the same functions the insert uses. It
-- answers about the caller (their e-mail from the token) and nobody else; an unknown challenge
-- answers 404 (PT404).
create or replace function public.daily_attempt_status(
  target_challenge_id uuid,
  requested_time_zone text
) returns public.daily_attempt_status
language plpgsql stable security definer
set search_path = ''
as $$
declare
  participant text := reptemple_private.normalize_email((select auth.jwt()) ->> 'email');
  zone text;
begin
  if (select auth.uid()) is null or participant is null then
    raise exception 'Sign in to see your attempts.' using errcode = '42501';
  end if;
  if not exists (select 1 from public.challenges c where c.id = target_challenge_id) then
    raise exception 'Challenge % does not exist.', target_challenge_id
      using errcode = 'PT404', hint = 'Check the challenge id; the challenge may have been removed.';
  end if;
  zone := reptemple_private.participant_day_zone(target_challenge_id, participant, requested_time_zone);
  return row(
    reptemple_private.daily_attempt_taken(target_challenge_id, participant, zone, now(), null),
    zone,
    upper(reptemple_private.participant_day(zone, now()))
  )::public.daily_attempt_status;
end
$$;
revoke all on function public.daily_attempt_status(uuid, text)
  from public, anon, authenticated, service_role;
grant execute on function public.daily_attempt_status(uuid, text) to authenticated, service_role;

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
