-- Admins see which challenges have recordings whose verified total differs from the claim by more
-- than one rep (issue 18): admin_challenge_stats() gains flagged_count (and verifying_count, the
-- recordings still waiting for their verification). Same rules as before: admins (or the service
-- key) only, security invoker so row policies apply too.

drop function public.admin_challenge_stats();
create function public.admin_challenge_stats()
returns table (
  challenge_id uuid,
  recording_count bigint,
  participant_count bigint,
  flagged_count bigint,
  verifying_count bigint
)
language plpgsql stable security invoker
set search_path = ''
as $$
begin
  if not (public.is_admin() or auth.role() = 'service_role') then
    raise exception 'Only admins may read challenge statistics.'
      using errcode = '42501', hint = 'Sign in with an admin account.';
  end if;
  return query
    select r.challenge_id, count(*), count(distinct r.email),
      count(*) filter (where r.verification_flagged),
      count(*) filter (where r.verification_status = 'verifying')
    from public.challenge_recordings r
    group by r.challenge_id;
end
$$;
revoke execute on function public.admin_challenge_stats() from public, anon;
grant execute on function public.admin_challenge_stats() to authenticated, service_role;
