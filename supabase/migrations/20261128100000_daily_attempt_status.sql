-- The daily rule, asked before the camera (issue 26): a participant of a daily challenge learns
-- before recording whether today's attempt is still open, and when their next day starts, instead
-- of recording a whole attempt that the insert then refuses (prepare_recording's 23505).
--
--   public.daily_attempt_status(target_challenge_id, requested_time_zone)
--       -> (taken, time_zone, day_ends_at)
--
-- It reads the rule prepare_recording enforces, through the same functions: the zone the
-- participant's days are counted in (reptemple_private.participant_day_zone: their first
-- recording's zone in this challenge, else the one sent when known, else UTC) and whether their
-- day around now is taken (reptemple_private.daily_attempt_taken). The day's bounds are one
-- function, reptemple_private.participant_day, which daily_attempt_taken now uses too, so the page
-- and the insert cannot disagree on where a day ends. The caller is the signed-in participant
-- (their e-mail from the token); it answers about nobody else.

-- The calendar day around `moment` in `zone`, as [its local midnight, the next one): 23 or 25
-- hours on a DST day.
create function reptemple_private.participant_day(zone text, moment timestamptz)
returns tstzrange
language sql stable parallel safe
set search_path = ''
as $$
  select tstzrange(
    date_trunc('day', moment at time zone zone) at time zone zone,
    (date_trunc('day', moment at time zone zone) + interval '1 day') at time zone zone,
    '[)')
$$;
revoke execute on function reptemple_private.participant_day(text, timestamptz) from public;

-- As in 20261125200400_daily_rule_in_participant_zone.sql, with the day's bounds from
-- participant_day (same bounds, same index use).
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

create type public.daily_attempt_status as (
  -- The participant's attempt of today (in time_zone) is in: a new one would be refused.
  taken boolean,
  -- The IANA zone the participant's days are counted in for this challenge.
  time_zone text,
  -- When the participant's day ends, so their next attempt opens.
  day_ends_at timestamptz
);
comment on type public.daily_attempt_status is
  'daily_attempt_status(): whether the signed-in participant''s attempt of today is in, the zone their days are counted in, and when their next day starts.';

create function public.daily_attempt_status(target_challenge_id uuid, requested_time_zone text)
returns public.daily_attempt_status
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
    raise exception 'Challenge % does not exist.', target_challenge_id using errcode = 'P0002';
  end if;
  zone := reptemple_private.participant_day_zone(target_challenge_id, participant, requested_time_zone);
  return row(
    reptemple_private.daily_attempt_taken(target_challenge_id, participant, zone, now(), null),
    zone,
    upper(reptemple_private.participant_day(zone, now()))
  )::public.daily_attempt_status;
end
$$;
revoke execute on function public.daily_attempt_status(uuid, text) from public, anon;
grant execute on function public.daily_attempt_status(uuid, text) to authenticated, service_role;
