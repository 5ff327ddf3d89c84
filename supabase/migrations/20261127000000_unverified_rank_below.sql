-- Verified scores (issue 18): on the leaderboards a recording nobody can check (saved without a
-- video, or whose verification failed) ranks below every verified or verifying one, whatever its
-- claim, and a participant's verified recording is their best over any unchecked one.
--
-- The leaderboards rank by one number, rank_key (reps, form score, time, gender in bits 0-62; see
-- 20261125200100_challenge_participants.sql). An unchecked recording's key gets bit 63 set, the
-- sign bit: it becomes negative, so it sorts below every checked key, and among unchecked keys the
-- order of bits 0-62 is kept (setting the sign bit subtracts the same 2^63 from each). Every other
-- use of the key reads bits it already read: the gender bit (& 1), and the time bits alone while a
-- duel hides its counts (& ((1 << 43) - 2), which drops the sign bit as it drops the reps).

create function reptemple_private.rank_key(
  valid_reps integer,
  form_score numeric,
  created_at timestamptz,
  gender public.participant_gender,
  checkable boolean
) returns bigint
language sql immutable parallel safe
set search_path = ''
as $$
  select reptemple_private.rank_key(valid_reps, form_score, created_at, gender)
    | case when checkable then 0::bigint else (1::bigint << 63) end
$$;
revoke execute on function reptemple_private.rank_key(integer, numeric, timestamptz, public.participant_gender, boolean) from public;
grant execute on function reptemple_private.rank_key(integer, numeric, timestamptz, public.participant_gender, boolean)
  to anon, authenticated, service_role;

-- A stored generated column's expression cannot be changed in place before PostgreSQL 17: the
-- column is made again, and with it the two indexes that read it.
alter table public.challenge_recordings drop column rank_key;
alter table public.challenge_recordings
  add column rank_key bigint generated always as (reptemple_private.rank_key(
    valid_reps, reptemple_private.form_score(analysis_data), created_at, gender,
    verification_status in ('verified', 'verifying'))) stored;
create index challenge_recordings_period_idx
  on public.challenge_recordings (challenge_id, created_at) include (participant_id, rank_key);
create index challenge_recordings_participant_rank_idx
  on public.challenge_recordings (participant_id, rank_key) include (created_at, valid_reps);

-- All Time reads the participants table: each participant's best recording is the best checked
-- one when they have any (best_checked), and checked participants rank above unchecked ones.
alter table reptemple_private.challenge_participants
  add column best_checked boolean not null default true;
drop index reptemple_private.challenge_participants_best_idx;
drop index reptemple_private.challenge_participants_gender_best_idx;
create index challenge_participants_best_idx on reptemple_private.challenge_participants
  (challenge_id, best_checked desc, best_valid_reps desc, best_form_score desc nulls last, best_created_at, best_recording_id);
create index challenge_participants_gender_best_idx on reptemple_private.challenge_participants
  (challenge_id, gender, best_checked desc, best_valid_reps desc, best_form_score desc nulls last, best_created_at, best_recording_id);

-- Whether participant a ranks ahead of b on All Time: checked first, then as before. No SET:
-- inlined into the counts below.
create function reptemple_private.ranks_ahead(
  a_checked boolean, a_valid integer, a_form numeric, a_created timestamptz, a_id uuid,
  b_checked boolean, b_valid integer, b_form numeric, b_created timestamptz, b_id uuid
) returns boolean
language sql immutable parallel safe
as $$
  select a_checked > b_checked or (a_checked = b_checked and reptemple_private.ranks_ahead(
    a_valid, a_form, a_created, a_id, b_valid, b_form, b_created, b_id))
$$;
grant execute on function reptemple_private.ranks_ahead(boolean, integer, numeric, timestamptz, uuid, boolean, integer, numeric, timestamptz, uuid)
  to anon, authenticated, service_role;

-- The functions below are those of 20261125200100_challenge_participants.sql and
-- 20261125200300_leaderboards.sql with the checked tier added to each "best" order and rank.
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
begin
  select p.referred_by, p.gender into previous_referrer, previous_gender
  from reptemple_private.challenge_participants p
  where p.challenge_id = target_challenge_id and p.email = participant_email;

  with recordings as (
    select r.* from public.challenge_recordings r
    where r.challenge_id = target_challenge_id and r.email = participant_email
  ), best as (
    select * from recordings
    order by (verification_status in ('verified', 'verifying')) desc, valid_reps desc, form_score desc nulls last, created_at, id
    limit 1
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
    referral_count, best_checked
  )
  select best.participant_id, target_challenge_id, participant_email, best.name, best.gender, best.id, best.valid_reps,
    best.form_score, best.created_at, totals.total_valid_reps, totals.recording_count,
    totals.first_recorded_at, first.referred_by,
    reptemple_private.referral_count(target_challenge_id, participant_email),
    best.verification_status in ('verified', 'verifying')
  from best, first, totals
  on conflict (challenge_id, email) do update set
    name = excluded.name, gender = excluded.gender, best_recording_id = excluded.best_recording_id,
    best_valid_reps = excluded.best_valid_reps, best_form_score = excluded.best_form_score,
    best_created_at = excluded.best_created_at, total_valid_reps = excluded.total_valid_reps,
    recording_count = excluded.recording_count, first_recorded_at = excluded.first_recorded_at,
    referred_by = excluded.referred_by, best_checked = excluded.best_checked
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

create or replace function reptemple_private.rebuild_challenge_participants(target_challenge_id uuid)
returns void
language plpgsql
set search_path = ''
as $$
begin
  delete from reptemple_private.challenge_participants p where p.challenge_id = target_challenge_id;
  insert into reptemple_private.challenge_participants (
    challenge_id, email, name, gender, best_recording_id, best_valid_reps, best_form_score,
    best_created_at, total_valid_reps, recording_count, first_recorded_at, referred_by,
    best_checked
  )
  select target_challenge_id, best.email, best.name, best.gender, best.id, best.valid_reps,
    best.form_score, best.created_at, totals.total_valid_reps, totals.recording_count,
    totals.first_recorded_at, first.referred_by, best.verification_status in ('verified', 'verifying')
  from (
    select distinct on (r.email) r.* from public.challenge_recordings r
    where r.challenge_id = target_challenge_id
    order by r.email, (r.verification_status in ('verified', 'verifying')) desc, r.valid_reps desc, r.form_score desc nulls last,
      r.created_at, r.id
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

create or replace function reptemple_private.participant_page(
  target_challenge_id uuid,
  tab text,
  by_total boolean,
  by_submission boolean,
  page_offset integer,
  page_size integer
) returns table (
  email text, recording_id uuid, referral_count integer, "position" bigint, name text,
  gender public.participant_gender, total_valid_reps integer
)
language plpgsql stable
set search_path = ''
as $$
declare
  ranking text := case
    when by_submission then 'p.first_recorded_at, p.email'
    when by_total then 'p.total_valid_reps desc, p.best_form_score desc nulls last, p.first_recorded_at, p.email'
    else 'p.best_checked desc, p.best_valid_reps desc, p.best_form_score desc nulls last, p.best_created_at, p.best_recording_id'
  end;
begin
  return query execute format(
    $query$
      select p.email, p.best_recording_id, p.referral_count, $3 + row_number() over (order by %1$s),
        p.name, p.gender, p.total_valid_reps
      from (
        select * from reptemple_private.challenge_participants p
        where p.challenge_id = $1 %2$s
        order by %1$s
        offset $3 limit $4
      ) p
      order by %1$s
    $query$,
    ranking,
    case when tab = 'all' then '' else 'and p.gender = $2::public.participant_gender' end
  ) using target_challenge_id, tab, page_offset, page_size;
end
$$;

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

    own := (select reptemple_private.leaderboard_entry(r, 1 + (
        select count(*) from reptemple_private.challenge_participants q
        where q.challenge_id = target_challenge_id and (tab = 'all' or q.gender::text = tab)
          and (q.best_checked, q.best_valid_reps) >= (mine.best_checked, mine.best_valid_reps)
          and reptemple_private.ranks_ahead(q.best_checked,
            q.best_valid_reps, q.best_form_score, q.best_created_at, q.best_recording_id,
            mine.best_checked,
            mine.best_valid_reps, mine.best_form_score, mine.best_created_at, mine.best_recording_id)
      ), mine.referral_count, true, context.counts_hidden)
    from reptemple_private.challenge_participants mine
    join public.challenge_recordings r on r.id = mine.best_recording_id
    where mine.challenge_id = target_challenge_id and mine.email = me
      and (tab = 'all' or mine.gender::text = tab));
  else
    -- Each participant's best recording of the period is the one with the highest rank key
    -- (see reptemple_private.rank_key); its lowest bit says whether it is a man's.
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
    ), page as (
      select t.participant_id, t.rank_key
      from best t
      where tab = 'all' or ((t.rank_key & 1) = 1) = (tab = 'male')
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

-- A verification that ends (verified or failed) changes the tier, and so does a video attached
-- later (its before trigger sets verification_status, which "update of" does not see: the
-- statement names video_url): either refreshes the participant.
drop trigger challenge_recordings_sync_participants on public.challenge_recordings;
create trigger challenge_recordings_sync_participants
  after insert or delete or update of challenge_id, email, name, gender, valid_reps, analysis_data,
    referred_by, created_at, verification_status, video_url
  on public.challenge_recordings
  for each row execute function reptemple_private.sync_challenge_participants();

-- Existing participants get their tier (and perhaps another best recording).
select reptemple_private.rebuild_challenge_participants(c.id) from public.challenges c;
