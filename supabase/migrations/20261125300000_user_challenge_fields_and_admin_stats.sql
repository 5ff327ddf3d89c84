-- User-created challenges carry only the fields of their type (spec 02 §5), and admins read the
-- counts of the admin area (participants, recordings) through two functions that refuse everyone
-- else. See docs/security.md.

-- A signed-in user's challenge: the safe defaults of the first policy, plus the fields of its type
-- and nothing else. Accountability and progression need their length and daily minimum;
-- progression also its increment and cadence; a duel (72 hours from its first participant) has
-- none of them. Without this a user could publish a duel with a daily minimum or an accountability
-- challenge with a schedule that nobody ever sees applied.
drop policy "users create push-up challenges with safe defaults" on public.challenges;

create policy "users create push-up challenges with safe defaults"
  on public.challenges for insert to authenticated
  with check (
    created_by = (select auth.uid())
    and exercise_definition_id = reptemple_private.builtin_pushup_definition_id()
    and is_active
    and not is_hidden
    and not is_daily
    and gender_filter = 'all'
    and start_date is null
    and end_date is null
    and case challenge_type
      when 'duel' then
        challenge_length_value is null and challenge_length_unit is null
        and min_daily_reps is null
        and increment_value is null and increment_cadence_value is null
        and increment_cadence_unit is null
      when 'accountability' then
        challenge_length_value is not null and challenge_length_unit is not null
        and min_daily_reps is not null
        and increment_value is null and increment_cadence_value is null
        and increment_cadence_unit is null
        and not hide_results_until_finished
      when 'progression' then
        challenge_length_value is not null and challenge_length_unit is not null
        and min_daily_reps is not null
        and increment_value is not null and increment_cadence_value is not null
        and increment_cadence_unit is not null
        and not hide_results_until_finished
      else false
    end
  );

-- Admin counts per challenge: recordings and participants (distinct e-mail addresses, spec 02 §3).
-- Security invoker, so the table's row policies apply as well; a caller who is not an admin is
-- refused outright rather than shown counts of their own rows (the service key may read them).
create function public.admin_challenge_stats()
returns table (challenge_id uuid, recording_count bigint, participant_count bigint)
language plpgsql stable security invoker
set search_path = ''
as $$
begin
  if not (public.is_admin() or auth.role() = 'service_role') then
    raise exception 'Only admins may read challenge statistics.'
      using errcode = '42501', hint = 'Sign in with an admin account.';
  end if;
  return query
    select r.challenge_id, count(*), count(distinct r.email)
    from public.challenge_recordings r
    group by r.challenge_id;
end
$$;
revoke execute on function public.admin_challenge_stats() from public, anon;
grant execute on function public.admin_challenge_stats() to authenticated, service_role;

-- The dashboard's totals over every challenge: recordings, and participants by distinct e-mail.
create function public.admin_recording_totals()
returns table (recording_count bigint, participant_count bigint)
language plpgsql stable security invoker
set search_path = ''
as $$
begin
  if not (public.is_admin() or auth.role() = 'service_role') then
    raise exception 'Only admins may read recording totals.'
      using errcode = '42501', hint = 'Sign in with an admin account.';
  end if;
  return query
    select count(*), count(distinct r.email)
    from public.challenge_recordings r;
end
$$;
revoke execute on function public.admin_recording_totals() from public, anon;
grant execute on function public.admin_recording_totals() to authenticated, service_role;
