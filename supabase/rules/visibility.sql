-- Visibility and hidden results: what a viewer may see of a recording (spec 02 §4 "Duel"; docs/security.md).
--
-- A challenge with hide_results_until_finished keeps its results hidden until no recording can
-- arrive any more: its end_date or, for a duel, duel_duration() after its first participant,
-- whichever comes first (the moments challenge_accepts_recording closes it); with neither known,
-- hidden. While hidden, a recording's counts, form score, length, analysis, media, evidence,
-- contact sheets and id are shown to its participant and to admins only; to everyone else the
-- recording is a name and a time of submission. Every path reads these functions: the view below,
-- both leaderboard functions (leaderboard_context, ranking.sql), the evidence table's policy, and
-- the server's contact-sheet and media routes (media_visible_to, recording_results_visible).
-- Realtime: no table is in a publication (a server test holds it), so nothing streams around
-- these rules.

-- When a challenge's results are final (null: not known yet). No SET: inlined into the view.
create or replace function reptemple_private.results_final_at(
  challenge_type public.challenge_type,
  end_date timestamptz,
  first_participant_joined_at timestamptz
) returns timestamptz
language sql immutable parallel safe
as $$
  select least(
    end_date,
    case when challenge_type = 'duel'
      then first_participant_joined_at + reptemple_private.duel_duration() end
  )
$$;
revoke all on function reptemple_private.results_final_at(public.challenge_type, timestamptz, timestamptz)
  from public, anon, authenticated, service_role;
grant execute on function reptemple_private.results_final_at(public.challenge_type, timestamptz, timestamptz)
  to anon, authenticated, service_role;

-- Whether a challenge's results are hidden now (from everyone but participants' own and admins).
create or replace function reptemple_private.results_hidden(
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
revoke all on function reptemple_private.results_hidden(boolean, public.challenge_type, timestamptz, timestamptz)
  from public, anon, authenticated, service_role;
grant execute on function reptemple_private.results_hidden(boolean, public.challenge_type, timestamptz, timestamptz)
  to anon, authenticated, service_role;

-- Whether `viewer` (an account id, null for a visitor) may see the results of one recording: its
-- challenge's results are not hidden, or it is the viewer's own, or the viewer is an admin. False
-- for a recording that does not exist. Security definer: it reads the recording and the viewer's
-- profile whatever the caller may read.
create or replace function reptemple_private.recording_results_visible(target_recording_id uuid, viewer uuid)
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce((
    select not reptemple_private.results_hidden(
        c.hide_results_until_finished, c.challenge_type, c.end_date, c.first_participant_joined_at)
      or r.user_id = viewer
      or exists (select 1 from public.user_profiles p where p.id = viewer and p.is_admin)
    from public.challenge_recordings r
    join public.challenges c on c.id = r.challenge_id
    where r.id = target_recording_id
  ), false)
$$;
revoke all on function reptemple_private.recording_results_visible(uuid, uuid)
  from public, anon, authenticated, service_role;
grant execute on function reptemple_private.recording_results_visible(uuid, uuid)
  to anon, authenticated, service_role;

-- Whether `viewer` may fetch the media files (video, thumbnail, GIF) of an upload: yes unless a
-- recording it backs has results hidden from the viewer. An upload backing no recording (not
-- submitted yet, or submitted without a link) stays reachable by its unguessable URL, as before.
create or replace function reptemple_private.media_visible_to(target_upload_id text, viewer uuid)
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select not exists (
    select 1
    from reptemple_private.video_uploads u
    join public.challenge_recordings r on r.video_url = u.video_url
    where u.upload_id = target_upload_id
      and not reptemple_private.recording_results_visible(r.id, viewer)
  )
$$;
revoke all on function reptemple_private.media_visible_to(text, uuid)
  from public, anon, authenticated, service_role;
grant execute on function reptemple_private.media_visible_to(text, uuid) to service_role;

-- The caller's e-mail address (lower-cased), or null for a visitor.
create or replace function reptemple_private.caller_email() returns text
language sql stable
set search_path = ''
as $$
  select case when auth.role() = 'authenticated'
    then reptemple_private.normalize_email(auth.jwt() ->> 'email') end
$$;
revoke all on function reptemple_private.caller_email() from public, anon, authenticated, service_role;

-- The challenge a leaderboard is asked for, with what the caller may see of it. An unknown
-- challenge answers 404 (PT404: PostgREST's way to choose the HTTP status).
create or replace function reptemple_private.leaderboard_context(
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
      using errcode = 'PT404', hint = 'Check the challenge id; the challenge may have been removed.';
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
revoke all on function reptemple_private.leaderboard_context(uuid, timestamptz)
  from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- The public view of recordings: every recording of every challenge, without e-mail addresses.
-- It runs with its owner's rights on purpose (it is the public projection of the table), so it
-- bypasses the table's row policies and exposes only the columns listed here. While a challenge's
-- results are hidden from the viewer, the recording's id, counts, form score, length, analysis and
-- media are null (filters and orders on them see the nulls, so they tell nothing either). The
-- counts are those that stand (a claim until verified, ranked says whether they are verified):
-- the view is not a ranking; ranked lists come from challenge_leaderboard (ranking.sql).
create or replace view public.leaderboard_entries as
select
  case when v.visible then r.id end as id,
  r.challenge_id, r.user_id, r.name, r.gender,
  case when v.visible then r.valid_reps end as valid_reps,
  case when v.visible then r.invalid_reps end as invalid_reps,
  case when v.visible then r.total_reps end as total_reps,
  case when v.visible then r.duration_seconds end as duration_seconds,
  case when v.visible then r.video_url end as video_url,
  case when v.visible then r.gif_url end as gif_url,
  r.referral_count,
  case when v.visible then r.analysis_data end as analysis_data,
  r.created_at,
  case when v.visible then r.form_score end as form_score,
  r.share_count,
  r.verification_status,
  r.ranked
from public.challenge_recordings r
join public.challenges c on c.id = r.challenge_id
cross join lateral (
  select not reptemple_private.results_hidden(
      c.hide_results_until_finished, c.challenge_type, c.end_date, c.first_participant_joined_at)
    or r.user_id = (select auth.uid())
    or (select public.is_admin()) as visible
) v;
revoke all on table public.leaderboard_entries from public, anon, authenticated, service_role;
grant select on table public.leaderboard_entries to anon, authenticated, service_role;

-- Writes to the view answer 42501 like any refused write (without this trigger PostgreSQL refuses
-- them with 55000, "cannot update view", which the data API answered as a 500).
create or replace function reptemple_private.refuse_leaderboard_entries_write() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'leaderboard_entries is read-only.'
    using errcode = 'insufficient_privilege',
      hint = 'A participant submits with an insert into challenge_recordings; nobody edits counts.';
end
$$;
revoke all on function reptemple_private.refuse_leaderboard_entries_write()
  from public, anon, authenticated, service_role;

create or replace trigger leaderboard_entries_read_only
  instead of insert or update or delete on public.leaderboard_entries
  for each row execute function reptemple_private.refuse_leaderboard_entries_write();

-- ---------------------------------------------------------------------------------------------
-- Per-rep evidence: read where the recording's results are visible to the caller (its contact
-- sheets follow the same function in the server's route). Written only by the worker.
drop policy if exists "evidence is read where the recording's results are visible"
  on public.recording_rep_evidence;
create policy "evidence is read where the recording's results are visible"
  on public.recording_rep_evidence for select to anon, authenticated
  using (reptemple_private.recording_results_visible(recording_id, (select auth.uid())));
