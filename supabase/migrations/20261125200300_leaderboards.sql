-- Leaderboards computed in the database (spec 02 §2 "Leaderboard", §9), for the viewer's time
-- zone, and hidden duel results withheld by the database itself.
--
--   public.challenge_leaderboard(...)            Today / This Week / All Time, one row per
--                                                participant (their best recording)
--   public.challenge_leaderboard_aggregate(...)  per participant: days logged, total reps,
--                                                average per day, top day, streak
--   public.leaderboard_entries (view, redefined) rep counts, form score, analysis and media of
--                                                hidden results are null for other viewers
--
-- Both functions answer one page as a composite value (public.leaderboard_page,
-- public.aggregate_page), so the data API's generated types describe it field by field.
--
-- A "day" is a calendar day in the time zone the caller names (an IANA name such as
-- Europe/Berlin; the web app sends the browser's). Weeks start on Sunday. See docs/decisions.md
-- "Leaderboards".

-- ---------------------------------------------------------------------------------------------
-- Time zones: the IANA names PostgreSQL knows, kept in a table because pg_timezone_names reads
-- the zone files on every call (about 65 ms). The local server refreshes it on every start, so a
-- newer PostgreSQL's new zones are known.
create table reptemple_private.time_zone_names (name text primary key);
insert into reptemple_private.time_zone_names (name)
select z.name from pg_catalog.pg_timezone_names z
where z.name not in ('Factory', 'localtime', 'posixrules') and z.name !~ '^(posix|right)/'
on conflict do nothing;
alter table reptemple_private.time_zone_names enable row level security;
revoke all on table reptemple_private.time_zone_names from public, anon, authenticated;
grant all on table reptemple_private.time_zone_names to service_role;

create function reptemple_private.checked_time_zone(requested text) returns text
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
revoke execute on function reptemple_private.checked_time_zone(text) from public;

create function reptemple_private.checked_page(page_offset integer, page_size integer) returns void
language plpgsql immutable
set search_path = ''
as $$
begin
  if page_offset is null or page_offset < 0 then
    raise exception 'page_offset must be 0 or more, got %.', coalesce(page_offset::text, 'null')
      using errcode = 'invalid_parameter_value';
  end if;
  if page_size is null or page_size not between 1 and 100 then
    raise exception 'page_size must be between 1 and 100, got %.', coalesce(page_size::text, 'null')
      using errcode = 'invalid_parameter_value';
  end if;
end
$$;
revoke execute on function reptemple_private.checked_page(integer, integer) from public;

create function reptemple_private.checked_gender(requested text) returns text
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
revoke execute on function reptemple_private.checked_gender(text) from public;

-- ---------------------------------------------------------------------------------------------
-- Hidden results (spec 02 §4 "Duel"). Results of a challenge with hide_results_until_finished
-- are final when no recording can arrive any more: at its end_date or, for a duel, 72 hours
-- after its first participant, whichever comes first (the moments challenge_accepts_recording
-- closes it). With neither known, they are not final. No SET and no security definer: the
-- planner inlines these into the view and the functions.
create function reptemple_private.results_final_at(
  challenge_type public.challenge_type,
  end_date timestamptz,
  first_participant_joined_at timestamptz
) returns timestamptz
language sql immutable parallel safe
as $$
  select least(
    end_date,
    case when challenge_type = 'duel' then first_participant_joined_at + interval '72 hours' end
  )
$$;
grant execute on function reptemple_private.results_final_at(public.challenge_type, timestamptz, timestamptz)
  to anon, authenticated, service_role;

create function reptemple_private.results_hidden(
  hide_results_until_finished boolean,
  challenge_type public.challenge_type,
  end_date timestamptz,
  first_participant_joined_at timestamptz
) returns boolean
language sql stable parallel safe
as $$
  select hide_results_until_finished and coalesce(
    pg_catalog.now() < reptemple_private.results_final_at(challenge_type, end_date, first_participant_joined_at),
    true
  )
$$;
grant execute on function reptemple_private.results_hidden(boolean, public.challenge_type, timestamptz, timestamptz)
  to anon, authenticated, service_role;

-- The caller's e-mail address (lower-cased), or null for a visitor.
create function reptemple_private.caller_email() returns text
language sql stable
set search_path = ''
as $$
  select case when auth.role() = 'authenticated'
    then reptemple_private.normalize_email(auth.jwt() ->> 'email') end
$$;
revoke execute on function reptemple_private.caller_email() from public;

-- ---------------------------------------------------------------------------------------------
-- The public view of recordings, as in 20251121000600 plus form_score and share_count, with the
-- rep counts, form score, analysis and media of hidden results null for everyone but the
-- recording's owner and admins. (The video and GIF would show the count.)
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
  r.share_count
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


-- ---------------------------------------------------------------------------------------------
-- What the two leaderboard functions answer. Composite types in public rather than jsonb, so the
-- data API's type generator describes every field (it reports each as nullable; the web app
-- restates the ones that never are). Counts withheld from the caller are null.

-- Participants per gender tab.
create type public.leaderboard_gender_counts as ("all" integer, male integer, female integer);

-- One participant on the recording leaderboard: their best recording of the period.
create type public.leaderboard_entry as (
  rank bigint,
  recording_id uuid,
  user_id uuid,
  name text,
  gender public.participant_gender,
  valid_reps integer,
  invalid_reps integer,
  total_reps integer,
  form_score numeric,
  duration_seconds numeric,
  video_url text,
  gif_url text,
  share_count integer,
  referral_count integer,
  created_at timestamptz,
  is_own boolean
);

-- One page of Today / This Week / All Time.
create type public.leaderboard_page as (
  challenge_id uuid,
  period text,
  gender text,
  time_zone text,
  period_start timestamptz,
  period_end timestamptz,
  results_hidden boolean,
  results_final_at timestamptz,
  participant_count integer,
  counts public.leaderboard_gender_counts,
  entries public.leaderboard_entry[],
  own_entry public.leaderboard_entry
);

-- One participant on the Aggregate tab.
create type public.aggregate_entry as (
  rank bigint,
  name text,
  gender public.participant_gender,
  days_logged integer,
  total_reps integer,
  daily_average integer,
  top_daily integer,
  streak_length integer,
  referral_count integer,
  is_own boolean
);

-- One page of the Aggregate tab.
create type public.aggregate_page as (
  challenge_id uuid,
  gender text,
  time_zone text,
  today date,
  results_hidden boolean,
  results_final_at timestamptz,
  participant_count integer,
  counts public.leaderboard_gender_counts,
  entries public.aggregate_entry[],
  own_entry public.aggregate_entry
);

-- ---------------------------------------------------------------------------------------------
-- The challenge a leaderboard is asked for, with what the caller may see of it.
create function reptemple_private.leaderboard_context(
  target_challenge_id uuid,
  as_of timestamptz,
  out counts_hidden boolean,
  out final_at timestamptz,
  out ended boolean
)
language plpgsql stable
set search_path = ''
as $$
declare
  challenge public.challenges;
begin
  select * into challenge from public.challenges c where c.id = target_challenge_id;
  if not found then
    raise exception 'Challenge % does not exist.', target_challenge_id
      using errcode = 'no_data_found', hint = 'Check the challenge id; the challenge may have been removed.';
  end if;
  counts_hidden := reptemple_private.results_hidden(
      challenge.hide_results_until_finished, challenge.challenge_type, challenge.end_date,
      challenge.first_participant_joined_at)
    and not public.is_admin();
  final_at := reptemple_private.results_final_at(
    challenge.challenge_type, challenge.end_date, challenge.first_participant_joined_at);
  ended := final_at is not null and as_of >= final_at;
end
$$;
revoke execute on function reptemple_private.leaderboard_context(uuid, timestamptz) from public;

-- Start and end of a period around `as_of` in `zone`: the calendar day, or the week from Sunday.
-- Local midnights are turned into instants in that zone, so a day across a DST change is 23 or
-- 25 hours long. All Time has neither.
create function reptemple_private.period_bounds(
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
revoke execute on function reptemple_private.period_bounds(text, text, timestamptz) from public;

-- The participants on one page of All Time (or of the Aggregate: by_total), in rank order. Each
-- order (and gender tab) has its index, so a page reads page_offset + page_size index entries;
-- the query is built per call from fixed pieces so that each call is planned for its tab. While
-- results are hidden the order is first submission, which says nothing about the counts.
create function reptemple_private.participant_page(
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
    else 'p.best_valid_reps desc, p.best_form_score desc nulls last, p.best_created_at, p.best_recording_id'
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
revoke execute on function reptemple_private.participant_page(uuid, text, boolean, boolean, integer, integer) from public;

-- Participants per gender tab, all time.
create function reptemple_private.participant_counts(target_challenge_id uuid)
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
revoke execute on function reptemple_private.participant_counts(uuid) from public;

-- One entry of the recording leaderboard. Counts, form score and media are withheld while
-- results are hidden, except on the caller's own entry; so is the rank. No SET: inlined.
create function reptemple_private.leaderboard_entry(
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
    coalesce(is_own, false)
  )::public.leaderboard_entry
$$;
revoke execute on function reptemple_private.leaderboard_entry(public.challenge_recordings, bigint, integer, boolean, boolean) from public;

-- Whether recording a ranks ahead of recording b: more valid reps, then a better form score
-- (none ranks last), then earlier, then the smaller id. No SET: inlined into the counts below.
create function reptemple_private.ranks_ahead(
  a_valid integer, a_form numeric, a_created timestamptz, a_id uuid,
  b_valid integer, b_form numeric, b_created timestamptz, b_id uuid
) returns boolean
language sql immutable parallel safe
as $$
  select a_valid > b_valid or (a_valid = b_valid and (
    coalesce(a_form, -1) > coalesce(b_form, -1) or (coalesce(a_form, -1) = coalesce(b_form, -1) and (
      a_created < b_created or (a_created = b_created and a_id < b_id)))))
$$;
grant execute on function reptemple_private.ranks_ahead(integer, numeric, timestamptz, uuid, integer, numeric, timestamptz, uuid)
  to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Today / This Week / All Time. One entry per participant: their best recording in the period
-- (most valid reps, then best form score, then earliest), ranked within the gender tab asked
-- for. While results are hidden from the caller, entries come in order of submission without
-- rank, and other participants' counts, form score and media are null. own_entry is the
-- caller's own entry with its rank wherever it is (null for visitors and non-participants).
create function public.challenge_leaderboard(
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
          and q.best_valid_reps >= mine.best_valid_reps
          and reptemple_private.ranks_ahead(
            q.best_valid_reps, q.best_form_score, q.best_created_at, q.best_recording_id,
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

-- ---------------------------------------------------------------------------------------------
-- The Aggregate tab (accountability challenges): per participant (one e-mail address) over all
-- their recordings. Days are calendar days in `time_zone`; a day is logged when its valid reps
-- add up to at least one. Ranked by total valid reps, then best form score, then earliest first
-- submission. streak_length: consecutive logged days up to the latest one, while that day is
-- today or yesterday (a missed day resets it to 0); once the challenge has ended it keeps its
-- last value. own_entry as in challenge_leaderboard.
create function public.challenge_leaderboard_aggregate(
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
    select page.email, page."position", true as on_page, page.name, page.gender,
      page.total_valid_reps, page.referral_count
    from reptemple_private.participant_page(
      target_challenge_id, tab, true, context.counts_hidden, page_offset, page_size) page
    union all
    select mine.email, 1 + (
        select count(*) from reptemple_private.challenge_participants q
        where q.challenge_id = target_challenge_id and (tab = 'all' or q.gender::text = tab)
          and q.total_valid_reps >= mine.total_valid_reps
          and (q.total_valid_reps > mine.total_valid_reps
            or coalesce(q.best_form_score, -1) > coalesce(mine.best_form_score, -1)
            or (coalesce(q.best_form_score, -1) = coalesce(mine.best_form_score, -1) and (
              q.first_recorded_at < mine.first_recorded_at
              or (q.first_recorded_at = mine.first_recorded_at and q.email < mine.email))))
      ), false, mine.name, mine.gender, mine.total_valid_reps, mine.referral_count
    from reptemple_private.challenge_participants mine
    where mine.challenge_id = target_challenge_id and mine.email = me
      and (tab = 'all' or mine.gender::text = tab)
  ), days as (
    select who.email, (r.created_at at time zone zone)::date as day, sum(r.valid_reps) as reps
    from (
      select distinct people.email, p.id from people
      join reptemple_private.challenge_participants p
        on p.challenge_id = target_challenge_id and p.email = people.email
    ) who
    join public.challenge_recordings r on r.participant_id = who.id
    group by who.email, (r.created_at at time zone zone)::date
    having sum(r.valid_reps) >= 1
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
      case when context.counts_hidden then null else people."position" end,
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
      people.email is not distinct from me
    )::public.aggregate_entry as entry
    from people
    left join stats on stats.email = people.email
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

revoke execute on function public.challenge_leaderboard(uuid, text, text, text, integer, integer, timestamptz) from public;
grant execute on function public.challenge_leaderboard(uuid, text, text, text, integer, integer, timestamptz)
  to anon, authenticated, service_role;
revoke execute on function public.challenge_leaderboard_aggregate(uuid, text, text, integer, integer, timestamptz) from public;
grant execute on function public.challenge_leaderboard_aggregate(uuid, text, text, integer, integer, timestamptz)
  to anon, authenticated, service_role;
