-- A fair verification queue (issue 27): at an event one participant could queue any number of
-- videos ahead of everyone else's first. Two rules:
--
-- 1. A participant has at most reptemple_private.max_pending_verifications() recordings waiting
--    for (or in) verification at once. A recording given a video beyond that is refused with
--    HTTP 429 through the data API (SQLSTATE PT429, which PostgREST answers with that status)
--    and a message the app can show; the upload endpoint refuses the upload itself first, so the
--    record flow keeps the attempt (saved without its video, the video kept on the device to send
--    again, spec 02 §8). Rescoring (a new verification_request on recordings that have their
--    video) is a judge's act and is not counted against anyone.
-- 2. Workers take jobs round-robin by participant, oldest first: the participant whose turn came
--    least recently goes next (packages/verifier/src/queue/fair-order.ts, which reads and writes
--    the turns table below). A participant's last turn is one row here.

-- The bound. Twenty: an enthusiastic participant's whole session of attempts at an event (issue
-- 27's scenario queues twenty) is taken, and the round-robin order already keeps them from
-- delaying anyone else's first video; beyond twenty no one is recording by hand while none of
-- their videos has been verified, and the bound keeps a script from filling the queue and the
-- media store. docs/decisions.md ("Event day").
create function reptemple_private.max_pending_verifications() returns integer
language sql immutable parallel safe
as $$ select 20 $$;

-- Recordings of the participant waiting for, or in, verification.
create function reptemple_private.pending_verifications(participant uuid) returns integer
language sql stable
set search_path = ''
as $$
  select count(*)::integer from public.challenge_recordings
  where user_id = participant and verification_status = 'verifying'
$$;
revoke execute on function reptemple_private.pending_verifications(uuid) from public;

-- What the count above reads: verifying rows only, by participant.
create index challenge_recordings_verifying_participant_idx
  on public.challenge_recordings (user_id) where verification_status = 'verifying';

-- Before a recording gets a video (insert with one, or a video attached later): refused when the
-- participant has the most pending verifications already. Runs after challenge_recordings_claim
-- (triggers of one event run in name order), which set the new row's status.
create function reptemple_private.limit_pending_verifications() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  pending integer;
  bound integer := reptemple_private.max_pending_verifications();
begin
  if new.user_id is null or new.video_url is null
     or (tg_op = 'UPDATE' and new.video_url is not distinct from old.video_url) then
    return new;
  end if;
  -- One participant's submissions one at a time, so two at once cannot both take the last place.
  perform pg_advisory_xact_lock(hashtextextended('reptemple-pending-verifications:' || new.user_id, 0));
  select count(*)::integer into pending from public.challenge_recordings
  where user_id = new.user_id and verification_status = 'verifying' and id <> new.id;
  if pending >= bound then
    raise exception 'You have % videos waiting to be verified. Send this one once one of them has been verified.', pending
      using errcode = 'PT429',
        detail = json_build_object('code', 'too_many_pending_verifications',
                                   'pending', pending, 'limit', bound)::text,
        hint = 'Keep the attempt; it can be sent again later.';
  end if;
  return new;
end
$$;
revoke execute on function reptemple_private.limit_pending_verifications() from public;

create trigger challenge_recordings_limit_pending
  before insert or update of video_url on public.challenge_recordings
  for each row execute function reptemple_private.limit_pending_verifications();

-- Each participant's last turn in a queue: when a worker last took one of their jobs. Written by
-- the workers' fair take in the same statement that takes the job; read to order the queue.
create table reptemple_private.verification_turns (
  queue text not null,
  -- The recording's participant (user id), or the recording itself when it has none.
  participant text not null,
  last_started_at timestamptz not null,
  primary key (queue, participant)
);
alter table reptemple_private.verification_turns enable row level security;
revoke all on table reptemple_private.verification_turns from public, anon, authenticated;
grant all on table reptemple_private.verification_turns to service_role;
