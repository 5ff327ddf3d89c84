-- Leaderboards rank participants, not recordings: each participant (one e-mail address in one
-- challenge) appears once, with their best recording ("only the best session counts", spec 02
-- §5). This migration adds what ranking needs:
--   * form_score: the tie-breaker after valid reps (docs/decisions.md "Leaderboards");
--   * reptemple_private.challenge_participants: one row per participant with their best
--     recording and totals, kept by triggers, so All Time and Aggregate pages read a few index
--     entries instead of every recording of the challenge;
--   * referral counting on the participants: a referral counts once the referred person has a
--     recording with at least one valid rep, and again whenever that changes (an admin's
--     correction or removal);
--   * unlimited attempts in event challenges (spec 02 §5: "attempts are unlimited").

-- ---------------------------------------------------------------------------------------------
-- Form score: the mean body-alignment score (0-100 %) of the recording's valid reps, as the
-- analyser measured them (analysis_data.completed_reps[].alignmentScore, pose-sdk's
-- PushupRepRecord). Null when the recording carries no such measurement (another analyser, no
-- valid rep); such recordings rank after those with a score among equal valid reps.
-- Immutable and without SET so the generated column below can call it.
create function reptemple_private.form_score(analysis jsonb) returns numeric
language sql immutable parallel safe
as $$
  select round(avg((rep ->> 'alignmentScore')::numeric), 1)
  from pg_catalog.jsonb_array_elements(
    case when pg_catalog.jsonb_typeof(analysis -> 'completed_reps') = 'array'
      then analysis -> 'completed_reps' else '[]'::jsonb end
  ) as rep
  where pg_catalog.jsonb_typeof(rep) = 'object'
    and rep -> 'isValidRep' = 'true'::jsonb
    and pg_catalog.jsonb_typeof(rep -> 'alignmentScore') = 'number'
    and (rep ->> 'alignmentScore')::numeric between 0 and 100
$$;
revoke execute on function reptemple_private.form_score(jsonb) from public;
grant execute on function reptemple_private.form_score(jsonb) to anon, authenticated, service_role;

alter table public.challenge_recordings
  add column form_score numeric(4, 1)
    generated always as (reptemple_private.form_score(analysis_data)) stored;

-- A recording's place in a ranking as one number, so a period's best recording per participant is
-- a max() over one indexed column rather than a sort of whole rows: valid reps (bits 53-62),
-- form score in tenths + 1, 0 without one (bits 43-52), earliest first (milliseconds before
-- 2159, bits 1-42), and whether it is a man's recording (bit 0), which the gender tabs need.
-- Equal keys (same reps, score and millisecond) are told apart by the recording id.
-- Immutable: the epoch of an instant does not depend on a time zone.
create function reptemple_private.rank_key(
  valid_reps integer,
  form_score numeric,
  created_at timestamptz,
  gender public.participant_gender
) returns bigint
language sql immutable parallel safe
as $$
  select (valid_reps::bigint << 53)
    | (coalesce(round(form_score * 10)::bigint + 1, 0) << 43)
    | (greatest(0, ((1::bigint << 42) - 1)
        - ((extract(epoch from created_at) * 1000)::bigint - 1577836800000)) << 1)
    | (gender = 'male')::integer
$$;
revoke execute on function reptemple_private.rank_key(integer, numeric, timestamptz, public.participant_gender) from public;
grant execute on function reptemple_private.rank_key(integer, numeric, timestamptz, public.participant_gender)
  to anon, authenticated, service_role;

alter table public.challenge_recordings
  add column rank_key bigint generated always as (reptemple_private.rank_key(
    valid_reps, reptemple_private.form_score(analysis_data), created_at, gender)) stored,
  -- The participant (challenge_participants.id) the recording belongs to; set by the database.
  add column participant_id bigint;

-- Today and This Week read a challenge's recordings of one period: participant and rank key only,
-- from the index. It replaces the plain (challenge_id, created_at desc) index, whose queries it
-- serves as well.
create index challenge_recordings_period_idx
  on public.challenge_recordings (challenge_id, created_at) include (participant_id, rank_key);
drop index public.challenge_recordings_challenge_created_idx;
-- A participant's recordings: the best of a period by its key, and the Aggregate's day sums.
create index challenge_recordings_participant_rank_idx
  on public.challenge_recordings (participant_id, rank_key) include (created_at, valid_reps);

-- ---------------------------------------------------------------------------------------------
-- One row per participant of a challenge. Private: it holds e-mail addresses; the leaderboard
-- functions (security definer) read it and return no address.
create table reptemple_private.challenge_participants (
  -- A number for the participant, carried by their recordings (participant_id): grouping by it is
  -- cheaper than by e-mail address.
  id bigint generated by default as identity unique,
  challenge_id uuid not null references public.challenges (id) on delete cascade,
  email text not null,
  -- Name and gender of the best recording: how the participant shows on every tab.
  name text not null,
  gender public.participant_gender not null,
  -- Best = most valid reps, then best form score (nulls last), then earliest, then id.
  best_recording_id uuid not null,
  best_valid_reps integer not null,
  best_form_score numeric(4, 1),
  best_created_at timestamptz not null,
  total_valid_reps integer not null,
  recording_count integer not null,
  first_recorded_at timestamptz not null,
  -- The referrer named by the participant's first recording: whoever brought them in.
  referred_by text,
  -- Referred participants with at least one valid rep.
  referral_count integer not null default 0,
  primary key (challenge_id, email)
);
create index challenge_participants_best_idx on reptemple_private.challenge_participants
  (challenge_id, best_valid_reps desc, best_form_score desc nulls last, best_created_at, best_recording_id);
create index challenge_participants_gender_best_idx on reptemple_private.challenge_participants
  (challenge_id, gender, best_valid_reps desc, best_form_score desc nulls last, best_created_at, best_recording_id);
create index challenge_participants_total_idx on reptemple_private.challenge_participants
  (challenge_id, total_valid_reps desc, best_form_score desc nulls last, first_recorded_at, email);
create index challenge_participants_gender_total_idx on reptemple_private.challenge_participants
  (challenge_id, gender, total_valid_reps desc, best_form_score desc nulls last, first_recorded_at, email);
create index challenge_participants_referrer_idx on reptemple_private.challenge_participants
  (challenge_id, referred_by) where referred_by is not null;

alter table reptemple_private.challenge_participants enable row level security;
revoke all on table reptemple_private.challenge_participants from public, anon, authenticated;
grant all on table reptemple_private.challenge_participants to service_role;

-- Participants per challenge and gender, kept with the participants: every leaderboard answer
-- carries the tab counts, which would otherwise count up to every participant each time.
create table reptemple_private.challenge_participant_counts (
  challenge_id uuid not null references public.challenges (id) on delete cascade,
  gender public.participant_gender not null,
  participants integer not null default 0 check (participants >= 0),
  primary key (challenge_id, gender)
);
alter table reptemple_private.challenge_participant_counts enable row level security;
revoke all on table reptemple_private.challenge_participant_counts from public, anon, authenticated;
grant all on table reptemple_private.challenge_participant_counts to service_role;

create function reptemple_private.add_to_participant_count(
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
revoke execute on function reptemple_private.add_to_participant_count(uuid, public.participant_gender, integer) from public;

-- Referred participants of `referrer` who have at least one valid rep.
create function reptemple_private.referral_count(target_challenge_id uuid, referrer text)
returns integer
language sql stable
set search_path = ''
as $$
  select count(*)::integer from reptemple_private.challenge_participants q
  where q.challenge_id = target_challenge_id and q.referred_by = referrer and q.best_valid_reps >= 1
$$;
revoke execute on function reptemple_private.referral_count(uuid, text) from public;

-- The referrer's row and recordings carry their count (recordings for leaderboard_entries).
create function reptemple_private.refresh_referrer(target_challenge_id uuid, referrer text)
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
revoke execute on function reptemple_private.refresh_referrer(uuid, text) from public;

-- Recomputes one participant from their recordings (a handful, found by the participant index),
-- then the counts of the referrers their change affects.
create function reptemple_private.refresh_participant(target_challenge_id uuid, participant_email text)
returns void
language plpgsql
set search_path = ''
as $$
declare
  previous_referrer text;
  current_referrer text;
  previous_gender public.participant_gender;
  current_gender public.participant_gender;
begin
  select p.referred_by, p.gender into previous_referrer, previous_gender
  from reptemple_private.challenge_participants p
  where p.challenge_id = target_challenge_id and p.email = participant_email;

  with recordings as (
    select r.* from public.challenge_recordings r
    where r.challenge_id = target_challenge_id and r.email = participant_email
  ), best as (
    select * from recordings
    order by valid_reps desc, form_score desc nulls last, created_at, id limit 1
  ), first as (
    select * from recordings order by created_at, id limit 1
  ), totals as (
    select sum(valid_reps)::integer as total_valid_reps, count(*)::integer as recording_count,
      min(created_at) as first_recorded_at
    from recordings
  )
  insert into reptemple_private.challenge_participants as p (
    id, challenge_id, email, name, gender, best_recording_id, best_valid_reps, best_form_score,
    best_created_at, total_valid_reps, recording_count, first_recorded_at, referred_by,
    referral_count
  )
  select best.participant_id, target_challenge_id, participant_email, best.name, best.gender, best.id, best.valid_reps,
    best.form_score, best.created_at, totals.total_valid_reps, totals.recording_count,
    totals.first_recorded_at, first.referred_by,
    reptemple_private.referral_count(target_challenge_id, participant_email)
  from best, first, totals
  on conflict (challenge_id, email) do update set
    name = excluded.name, gender = excluded.gender, best_recording_id = excluded.best_recording_id,
    best_valid_reps = excluded.best_valid_reps, best_form_score = excluded.best_form_score,
    best_created_at = excluded.best_created_at, total_valid_reps = excluded.total_valid_reps,
    recording_count = excluded.recording_count, first_recorded_at = excluded.first_recorded_at,
    referred_by = excluded.referred_by
  returning p.referred_by, p.gender into current_referrer, current_gender;

  if not found then
    delete from reptemple_private.challenge_participants p
    where p.challenge_id = target_challenge_id and p.email = participant_email;
    current_referrer := null;
    current_gender := null;
  end if;

  if previous_gender is distinct from current_gender then
    if previous_gender is not null then
      perform reptemple_private.add_to_participant_count(target_challenge_id, previous_gender, -1);
    end if;
    if current_gender is not null then
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
revoke execute on function reptemple_private.refresh_participant(uuid, text) from public;

-- After any change to a recording that ranking reads. After-row triggers run once the statement
-- has changed all its rows, so a statement removing many recordings sees them all gone.
create function reptemple_private.sync_challenge_participants() returns trigger
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
revoke execute on function reptemple_private.sync_challenge_participants() from public;

create trigger challenge_recordings_sync_participants
  after insert or delete or update of challenge_id, email, name, gender, valid_reps, analysis_data,
    referred_by, created_at
  on public.challenge_recordings
  for each row execute function reptemple_private.sync_challenge_participants();

-- Rebuilds the participants of one challenge from scratch (after a bulk load without triggers).
create function reptemple_private.rebuild_challenge_participants(target_challenge_id uuid)
returns void
language plpgsql
set search_path = ''
as $$
begin
  delete from reptemple_private.challenge_participants p where p.challenge_id = target_challenge_id;
  insert into reptemple_private.challenge_participants (
    challenge_id, email, name, gender, best_recording_id, best_valid_reps, best_form_score,
    best_created_at, total_valid_reps, recording_count, first_recorded_at, referred_by
  )
  select target_challenge_id, best.email, best.name, best.gender, best.id, best.valid_reps,
    best.form_score, best.created_at, totals.total_valid_reps, totals.recording_count,
    totals.first_recorded_at, first.referred_by
  from (
    select distinct on (r.email) r.* from public.challenge_recordings r
    where r.challenge_id = target_challenge_id
    order by r.email, r.valid_reps desc, r.form_score desc nulls last, r.created_at, r.id
  ) best
  join (
    select distinct on (r.email) r.email, r.referred_by from public.challenge_recordings r
    where r.challenge_id = target_challenge_id
    order by r.email, r.created_at, r.id
  ) first using (email)
  join (
    select r.email, sum(r.valid_reps)::integer as total_valid_reps,
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
  where p.challenge_id = target_challenge_id
  group by p.gender;
end
$$;
revoke execute on function reptemple_private.rebuild_challenge_participants(uuid) from public;
grant execute on function reptemple_private.rebuild_challenge_participants(uuid) to service_role;

-- The participant number of a recording: its participant's, or a new one for a first recording.
-- (Submissions of one participant are serialised by prepare_recording's lock, so two first
-- recordings cannot take two numbers.)
create function reptemple_private.assign_participant_id() returns trigger
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
revoke execute on function reptemple_private.assign_participant_id() from public;

-- After prepare_recording (triggers of one event run in name order), which locks the participant.
create trigger challenge_recordings_set_participant before insert or update of challenge_id, email
  on public.challenge_recordings
  for each row execute function reptemple_private.assign_participant_id();

-- ---------------------------------------------------------------------------------------------
-- Before insert, as in 20251121000600_challenge_recordings.sql, with two changes: event
-- challenges take any number of attempts (only the best counts), and a new recording's
-- referral_count is the participant's count under the rule above.
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

  select c.is_daily, exists (select 1 from public.challenge_events e where e.challenge_id = c.id)
  into challenge_is_daily, attempts_unlimited
  from public.challenges c where c.id = new.challenge_id;
  if attempts_unlimited then
    null;
  elsif challenge_is_daily then
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

  new.referral_count := reptemple_private.referral_count(new.challenge_id, new.email);
  return new;
end
$$;

-- After insert: only the duel's clock now (referrals moved to sync_challenge_participants).
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

-- Participants of the recordings already there.
do $$
declare
  target uuid;
begin
  for target in select c.id from public.challenges c loop
    perform reptemple_private.rebuild_challenge_participants(target);
  end loop;
end
$$;
