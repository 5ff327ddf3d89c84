-- Verified scores (issue 18): the browser's count is a claim; the server re-scores every
-- recording that has a video and the leaderboard ranks what it verified.
--
-- Columns of a recording:
--   claimed_valid_reps, claimed_invalid_reps, claimed_total_reps
--       what the browser sent at insert (copied from valid_reps and invalid_reps by the database;
--       nobody writes them afterwards);
--   verified_valid_reps, verified_invalid_reps, verified_total_reps
--       the server's count of the video; written only by the verification worker (the database
--       owner's connection), never through the data API;
--   valid_reps, invalid_reps, total_reps
--       the counts that stand (spec 02 §3's fields, the ones every screen ranks and shows): the
--       claim until the video is verified, the verified count from then on;
--   verification_status
--       no_video   saved without a video (the upload failed, spec 02 §8): unverified, ranked below
--                  every verified recording until a video is attached;
--       verifying  a video is attached and a verification job is queued or running: ranked with
--                  its claimed count, shown as 'Verifying…';
--       verified   the counts that stand are the server's;
--       failed     every try failed (verification_error says why): unverified, ranked below;
--   verification_flagged
--       verified, and the verified total differs from the claimed total by more than one rep: for
--       admins to look at.
-- Per-rep evidence is in public.recording_rep_evidence (below) and its contact sheet images in
-- reptemple_private.recording_rep_images.
--
-- A recording gets a verification job in the transaction that gives it a video (insert with a
-- video, or attach_recording_video), through reptemple_private.request_verification: a new
-- request token makes any older job for the recording stale, so a job whose token no longer
-- matches writes nothing. The job is a row of the job queue's table (pg-boss, schema pgboss, made
-- by the server at start); where that schema does not exist yet (a hosted project before its
-- first worker started) the worker's start-up queues what is left verifying.

create type public.recording_verification_status as enum ('no_video', 'verifying', 'verified', 'failed');

-- The pose model a challenge's recordings are verified with (the lite model unless an admin says
-- otherwise; spec 01's model variants).
create type public.pose_model_variant as enum ('lite', 'full', 'heavy');
alter table public.challenges
  add column verification_model public.pose_model_variant not null default 'lite';

alter table public.challenge_recordings
  add column claimed_valid_reps integer not null default 0 check (claimed_valid_reps between 0 and 1000),
  add column claimed_invalid_reps integer not null default 0 check (claimed_invalid_reps between 0 and 1000),
  add column claimed_total_reps integer not null default 0 check (claimed_total_reps between 0 and 2000),
  add column verified_valid_reps integer check (verified_valid_reps between 0 and 1000),
  add column verified_invalid_reps integer check (verified_invalid_reps between 0 and 1000),
  add column verified_total_reps integer check (verified_total_reps between 0 and 2000),
  add column verification_status public.recording_verification_status not null default 'no_video',
  -- Why the last try failed (kept while retrying; the final reason once failed).
  add column verification_error text check (length(verification_error) <= 2000),
  add column verified_at timestamptz,
  -- The current request: a job carrying another token is stale and writes nothing.
  add column verification_request uuid,
  add column verification_requested_at timestamptz,
  -- How the server counted: model, frames per second, analyser, frames, timings (for judges).
  add column verification_details jsonb check (
    verification_details is null or (jsonb_typeof(verification_details) = 'object'
      and octet_length(verification_details::text) <= 20000)
  ),
  add column verification_flagged boolean generated always as (
    verification_status = 'verified'
      and coalesce(abs(verified_total_reps - claimed_total_reps) > 1, false)
  ) stored,
  -- 1 ranks with the verified (verified, or verifying with its claim shown), 0 below them.
  add column verification_rank smallint generated always as (
    case when verification_status in ('verified', 'verifying') then 1 else 0 end
  ) stored;

-- Recordings saved before this migration: their counts were claims.
update public.challenge_recordings set
  claimed_valid_reps = valid_reps,
  claimed_invalid_reps = invalid_reps,
  claimed_total_reps = total_reps,
  verification_status = case when video_url is null then 'no_video' else 'verifying' end::public.recording_verification_status,
  verification_request = case when video_url is null then null else gen_random_uuid() end,
  verification_requested_at = case when video_url is null then null else now() end;

-- The leaderboard reads verified (and verifying) recordings first, best first, earliest first.
drop index if exists public.challenge_recordings_leaderboard_idx;
drop index if exists public.challenge_recordings_gender_leaderboard_idx;
create index challenge_recordings_leaderboard_idx
  on public.challenge_recordings (challenge_id, verification_rank desc, valid_reps desc, created_at);
create index challenge_recordings_gender_leaderboard_idx
  on public.challenge_recordings (challenge_id, gender, verification_rank desc, valid_reps desc, created_at);
-- Admins' flagged filter, and the worker's start-up sweep.
create index challenge_recordings_flagged_idx
  on public.challenge_recordings (challenge_id, created_at desc) where verification_flagged;
create index challenge_recordings_verifying_idx
  on public.challenge_recordings (verification_requested_at) where verification_status = 'verifying';

-- ---------------------------------------------------------------------------------------------
-- Queues a verification job for the recording under the given request token, in the caller's
-- transaction, when the job queue's tables exist (else the worker's start-up sweep queues it).
-- The row layout is pg-boss 10's (packages/server pins 10.4.2; a server test fails should a
-- version change it), with the queue's own retry, expiry and retention rules.
create function reptemple_private.enqueue_verification(target_recording_id uuid, request uuid)
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
revoke execute on function reptemple_private.enqueue_verification(uuid, uuid) from public;

-- Before insert (runs before challenge_recordings_prepare: triggers of one event run in name
-- order): the counts sent are the claim; verified fields start empty, whatever was sent; a
-- recording with a video starts verifying.
create function reptemple_private.claim_recording_counts() returns trigger
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
revoke execute on function reptemple_private.claim_recording_counts() from public;

create trigger challenge_recordings_claim before insert on public.challenge_recordings
  for each row execute function reptemple_private.claim_recording_counts();

-- Before an update that gives a recording a (new) video: it verifies again, from the claim.
create function reptemple_private.reverify_on_new_video() returns trigger
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
  end if;
  return new;
end
$$;
revoke execute on function reptemple_private.reverify_on_new_video() from public;

create trigger challenge_recordings_reverify before update of video_url on public.challenge_recordings
  for each row execute function reptemple_private.reverify_on_new_video();

-- After the row is written: its job, in the same transaction.
create function reptemple_private.queue_requested_verification() returns trigger
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
revoke execute on function reptemple_private.queue_requested_verification() from public;

-- (Not "update of verification_request": a column a before trigger changed is not in the
-- statement's column list.)
create trigger challenge_recordings_queue_verification
  after insert or update on public.challenge_recordings
  for each row execute function reptemple_private.queue_requested_verification();

-- ---------------------------------------------------------------------------------------------
-- Clients write no counted field after insert and no verified field ever. Admins keep correcting
-- a name or a gender; counts are corrected by verifying again (reptemple rescore).
revoke update on table public.challenge_recordings from authenticated;
grant update (name, gender) on table public.challenge_recordings to authenticated;
-- (Insert stays as granted in 20251121000600: valid_reps and invalid_reps are the claim; the
-- claimed_*, verified_* and verification_* columns are not insertable, and the trigger above
-- overwrites them anyway, for service_role too.)

-- ---------------------------------------------------------------------------------------------
-- Per-rep evidence of the last verification: when each rep started and ended, its extreme angles
-- (the bottom and the top of the angle that drives the count), the phases it went through, and
-- whether it counted (else the analyser's reason). Readable where the recording is: by its owner
-- and admins, and publicly for recordings on the public leaderboard (the same people see the
-- video). Written only by the worker.
create table public.recording_rep_evidence (
  recording_id uuid not null references public.challenge_recordings (id) on delete cascade,
  -- 1-based, in order of the reps in the video.
  rep_number integer not null check (rep_number between 1 and 2000),
  start_ms integer not null check (start_ms >= 0),
  end_ms integer not null check (end_ms >= start_ms),
  -- The driving angle's name (e.g. elbow) and its extremes within the rep, degrees.
  angle_name text not null check (length(angle_name) between 1 and 100),
  bottom_angle numeric(5, 1),
  bottom_ms integer,
  top_angle numeric(5, 1),
  top_ms integer,
  -- The phases the rep went through, in order (e.g. {up, down, up}).
  phase_path text[] not null default '{}',
  is_valid boolean not null,
  -- Why the rep did not count (the analyser's words); null for a valid rep.
  invalid_reason text check (length(invalid_reason) <= 500),
  -- Other measurements of the rep the analyser reports (alignment score, hold times), as it
  -- reports them.
  measurements jsonb check (measurements is null or jsonb_typeof(measurements) = 'object'),
  primary key (recording_id, rep_number)
);

alter table public.recording_rep_evidence enable row level security;
revoke all on table public.recording_rep_evidence from anon, authenticated;
grant select on table public.recording_rep_evidence to anon, authenticated;
grant all on table public.recording_rep_evidence to service_role;

create policy "evidence is read by everyone who may see the recording's video"
  on public.recording_rep_evidence for select to anon, authenticated
  using (true);

-- Contact sheet images (JPEG: the bottom and the top frame of the rep, skeleton drawn), served by
-- the server at /api/recordings/{id}/reps/{n}.jpg. In the database, not on disk, so a worker on
-- another machine needs only the database and the videos, and a verification's counts, evidence
-- and images are committed together or not at all.
create table reptemple_private.recording_rep_images (
  recording_id uuid not null references public.challenge_recordings (id) on delete cascade,
  rep_number integer not null,
  jpeg bytea not null check (octet_length(jpeg) between 1 and 1000000),
  primary key (recording_id, rep_number),
  foreign key (recording_id, rep_number)
    references public.recording_rep_evidence (recording_id, rep_number) on delete cascade
);
alter table reptemple_private.recording_rep_images enable row level security;
revoke all on table reptemple_private.recording_rep_images from public, anon, authenticated;
grant all on table reptemple_private.recording_rep_images to service_role;

-- ---------------------------------------------------------------------------------------------
-- The public leaderboard view (as 20261125200300_leaderboards.sql made it: hidden results are
-- null for other viewers) gains the verification state, which says nothing about the counts (not
-- the claim's details, the flag or the error: those are for the participant and admins, who read
-- the table). The leaderboard functions' entries carry it too.
create or replace view public.leaderboard_entries as
select
  r.id, r.challenge_id, r.user_id, r.name, r.gender,
  case when v.visible then r.valid_reps end as valid_reps,
  case when v.visible then r.invalid_reps end as invalid_reps,
  case when v.visible then r.total_reps end as total_reps,
  r.duration_seconds,
  case when v.visible then r.video_url end as video_url,
  case when v.visible then r.gif_url end as gif_url,
  r.referral_count,
  case when v.visible then r.analysis_data end as analysis_data,
  r.created_at,
  case when v.visible then r.form_score end as form_score,
  r.share_count,
  r.verification_status,
  r.verification_rank
from public.challenge_recordings r
join public.challenges c on c.id = r.challenge_id
cross join lateral (
  select not reptemple_private.results_hidden(
      c.hide_results_until_finished, c.challenge_type, c.end_date, c.first_participant_joined_at)
    or r.user_id = (select auth.uid())
    or (select public.is_admin()) as visible
) v;

revoke all on table public.leaderboard_entries from anon, authenticated;
grant select on table public.leaderboard_entries to anon, authenticated, service_role;

alter type public.leaderboard_entry add attribute verification_status public.recording_verification_status;

-- As in 20261125200300_leaderboards.sql, plus the verification state (never withheld).
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
    case when counts_hidden then null else "position" end,
    r.id,
    r.user_id,
    r.name,
    r.gender,
    case when not counts_hidden or is_own then r.valid_reps end,
    case when not counts_hidden or is_own then r.invalid_reps end,
    case when not counts_hidden or is_own then r.total_reps end,
    case when not counts_hidden or is_own then r.form_score end,
    r.duration_seconds,
    case when not counts_hidden or is_own then r.video_url end,
    case when not counts_hidden or is_own then r.gif_url end,
    r.share_count,
    coalesce(referrals, 0),
    r.created_at,
    coalesce(is_own, false),
    r.verification_status
  )::public.leaderboard_entry
$$;
revoke execute on function reptemple_private.leaderboard_entry(public.challenge_recordings, bigint, integer, boolean, boolean) from public;
