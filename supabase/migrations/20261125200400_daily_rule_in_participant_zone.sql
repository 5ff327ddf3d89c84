-- The one-recording-a-day rule of daily challenges counts the participant's own calendar days,
-- not UTC days (spec 02 §5 "one submission a day"; docs/decisions.md "Leaderboards"). Until now a
-- participant in Auckland found "today" ending at 13:00 local time.
--
--   public.challenge_recordings.time_zone   the IANA zone the recording's day is counted in
--
-- A recording sends the browser's zone. The participant's first recording in a challenge fixes
-- their zone for that challenge; later ones are counted in it whatever they send, so moving the
-- device's clock to another zone cannot buy a second attempt in one day. A zone the database does
-- not know (or none) is UTC: the recording is kept, never refused for it.

alter table public.challenge_recordings add column time_zone text;
comment on column public.challenge_recordings.time_zone is
  'IANA time zone the one-a-day rule counted this recording''s day in: the participant''s first recording''s zone in this challenge, else UTC.';

-- The participant sends it; prepare_recording decides what is stored.
grant insert (time_zone) on table public.challenge_recordings to authenticated;

-- The zone a participant's days are counted in: their first recording's in this challenge, else
-- the one sent (when the database knows it), else UTC.
create function reptemple_private.participant_day_zone(
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
revoke execute on function reptemple_private.participant_day_zone(uuid, text, text) from public;

-- Whether the participant already has a recording on the calendar day (in `zone`) of `moment`,
-- other than the recording `except_id`.
create function reptemple_private.daily_attempt_taken(
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
revoke execute on function reptemple_private.daily_attempt_taken(uuid, text, text, timestamptz, uuid) from public;

-- As in 20261125200100_challenge_participants.sql, with the day of a daily challenge counted in
-- the participant's zone, around the recording's own time (now() for a participant, who cannot
-- set created_at; an arranged time for the service role).
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
