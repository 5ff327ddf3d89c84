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

-- ---------------------------------------------------------------------------------------------
-- Leaderboard changes (issue 27): every change to what the two functions above read is announced
-- on the channel 'leaderboard_changed' (the server's LEADERBOARD_CHANGES_CHANNEL), with the
-- challenge's id as the payload, or '*' when any board may have changed (an admin made or
-- unmade: admins see hidden results). The server keeps the boards it answered until then and
-- tells open leaderboards to read again. A notification is sent at commit, once per distinct
-- payload of a transaction, so a statement changing a thousand recordings of one challenge sends
-- one. The clock's own changes (a new day, results becoming final) are not announced: the server
-- keeps an answer no longer than its period, its hidden results or its day last.

-- For tables with challenge_id (recordings, participants): the challenge before and after.
create or replace function reptemple_private.announce_challenge_rows_changed() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform pg_notify('leaderboard_changed', old.challenge_id::text);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform pg_notify('leaderboard_changed', new.challenge_id::text);
  end if;
  return null;
end
$$;
revoke all on function reptemple_private.announce_challenge_rows_changed() from public, anon, authenticated, service_role;

create or replace trigger challenge_recordings_announce_leaderboards
  after insert or update or delete on public.challenge_recordings
  for each row execute function reptemple_private.announce_challenge_rows_changed();

create or replace trigger challenge_participants_announce_leaderboards
  after insert or update or delete on reptemple_private.challenge_participants
  for each row execute function reptemple_private.announce_challenge_rows_changed();

-- A challenge's dates, type and hiding decide what its boards show.
create or replace function reptemple_private.announce_challenge_changed() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    perform pg_notify('leaderboard_changed', old.id::text);
  else
    perform pg_notify('leaderboard_changed', new.id::text);
  end if;
  return null;
end
$$;
revoke all on function reptemple_private.announce_challenge_changed() from public, anon, authenticated, service_role;

create or replace trigger challenges_announce_leaderboards
  after update or delete on public.challenges
  for each row execute function reptemple_private.announce_challenge_changed();

-- An account made or unmade admin sees hidden results differently on every board.
create or replace function reptemple_private.announce_admins_changed() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform pg_notify('leaderboard_changed', '*');
  return null;
end
$$;
revoke all on function reptemple_private.announce_admins_changed() from public, anon, authenticated, service_role;

create or replace trigger user_profiles_announce_leaderboards
  after update of is_admin or delete on public.user_profiles
  for each row execute function reptemple_private.announce_admins_changed();
