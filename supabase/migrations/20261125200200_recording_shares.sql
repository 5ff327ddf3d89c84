-- The recording view's Shares count (spec 02 §2 "Recording row": a Shares count when there is a
-- video). It only ever rises by one per share: nobody can write the column (it is in no role's
-- insert or update grant, admins included), and record_recording_share() adds exactly one.

alter table public.challenge_recordings
  add column share_count integer not null default 0 check (share_count >= 0);

-- One share of a recording: adds one and answers the new count. Anyone may share, signed in or
-- not (the recording view is public). A share is counted when the person completed it (the
-- download, the share sheet or the copy), so one click is one share.
create function public.record_recording_share(target_recording_id uuid) returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  shares integer;
begin
  update public.challenge_recordings r
  set share_count = r.share_count + 1
  where r.id = target_recording_id
  returning r.share_count into shares;
  if not found then
    raise exception 'Recording % does not exist.', target_recording_id
      using errcode = 'no_data_found', hint = 'Check the recording id; it may have been removed.';
  end if;
  return shares;
end
$$;
revoke execute on function public.record_recording_share(uuid) from public;
grant execute on function public.record_recording_share(uuid) to anon, authenticated, service_role;
