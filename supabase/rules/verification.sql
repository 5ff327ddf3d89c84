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

-- The fair queue's bound (issue 27): a participant has at most max_pending_verifications()
-- recordings waiting for, or in, verification at once. A recording given a video beyond that
-- (inserted with one, or attached later) is refused with HTTP 429 through the data API (PT429)
-- and a message the app can show; the upload endpoint refuses the upload itself first
-- (packages/server/src/media/pending-verifications.ts), so the record flow keeps the attempt
-- without its video, to send later (spec 02 §8). Rescoring (a new verification_request on
-- recordings that have their video) is a judge's act and counts against no one. The order in
-- which workers take the jobs, round-robin by participant, is packages/verifier/src/queue/fair-order.ts.

-- Recordings of the participant waiting for, or in, verification.
create or replace function reptemple_private.pending_verifications(participant uuid) returns integer
language sql stable
set search_path = ''
as $$
  select count(*)::integer from public.challenge_recordings
  where user_id = participant and verification_status = 'verifying'
$$;
revoke all on function reptemple_private.pending_verifications(uuid)
  from public, anon, authenticated, service_role;

-- Before a recording gets a video: refused when the participant has the most pending
-- verifications already. Runs after challenge_recordings_claim (triggers of one event run in name
-- order), which sets the new row's status.
create or replace function reptemple_private.limit_pending_verifications() returns trigger
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
revoke all on function reptemple_private.limit_pending_verifications()
  from public, anon, authenticated, service_role;

create or replace trigger challenge_recordings_limit_pending
  before insert or update of video_url on public.challenge_recordings
  for each row execute function reptemple_private.limit_pending_verifications();

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
