-- Joining refuses a closed challenge, and a participant may attach a video to an attempt that was
-- saved without one.
--
-- join_challenge used to answer any existing challenge, so a visitor could "join" an ended
-- challenge or a duel whose 72 hours were over and only learn at submission that it takes no
-- recordings. It now refuses them with a reason the app shows, in `detail` (a stable key):
--   challenge_inactive, challenge_not_started, challenge_ended, duel_expired.
-- The rules are those of reptemple_private.challenge_accepts_recording (the gender filter aside:
-- a join carries no gender), boundaries inclusive: open at exactly the start, the end and the
-- duel's 72nd hour. The web app's challengeTiming() states the same rule and is tested against it.

create or replace function public.join_challenge(target_challenge_id uuid) returns timestamptz
language plpgsql security definer
set search_path = ''
as $$
declare
  target public.challenges;
begin
  if auth.uid() is null then
    raise exception 'Sign in to join a challenge.' using errcode = '42501';
  end if;
  -- The row lock makes two first joins of a duel start its clock once.
  select * into target from public.challenges c where c.id = target_challenge_id for update;
  if not found then
    raise exception 'Challenge % does not exist.', target_challenge_id using errcode = 'P0002';
  end if;
  if not target.is_active then
    raise exception 'This challenge is not active.'
      using errcode = 'P0001', detail = 'challenge_inactive',
        hint = 'Pick another challenge from the list.';
  end if;
  if target.start_date is not null and now() < target.start_date then
    raise exception 'This challenge has not started yet.'
      using errcode = 'P0001', detail = 'challenge_not_started',
        hint = 'Come back when it starts.';
  end if;
  if target.end_date is not null and now() > target.end_date then
    raise exception 'This challenge has ended.'
      using errcode = 'P0001', detail = 'challenge_ended',
        hint = 'Its leaderboard stays open to view.';
  end if;
  if target.challenge_type = 'duel' and target.first_participant_joined_at is not null
     and now() > target.first_participant_joined_at + interval '72 hours' then
    raise exception 'This duel has expired: its 72 hours are over.'
      using errcode = 'P0001', detail = 'duel_expired',
        hint = 'Its leaderboard stays open to view.';
  end if;
  -- A duel's clock starts with its first participant (spec 02 §4).
  if target.challenge_type = 'duel' and target.first_participant_joined_at is null
     and not exists (select 1 from public.challenge_recordings r where r.challenge_id = target.id) then
    update public.challenges c set first_participant_joined_at = now() where c.id = target.id
    returning c.first_participant_joined_at into target.first_participant_joined_at;
  end if;
  return target.first_participant_joined_at;
end
$$;
revoke execute on function public.join_challenge(uuid) from public, anon;
grant execute on function public.join_challenge(uuid) to authenticated, service_role;

-- When the upload of a video fails, the attempt is saved without it (spec 02 §8) and the browser
-- keeps the video to send again. Participants cannot update their recordings (that would allow
-- changing their counts), so this function is the one narrow way to add the video later: only to
-- the caller's own recording, only while it has none, within 7 days, and only URLs of this
-- server's media API. It changes nothing else.
create function public.attach_recording_video(
  target_recording_id uuid,
  new_video_url text,
  new_gif_url text default null
) returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception 'Sign in to add a video to your recording.' using errcode = '42501';
  end if;
  if new_video_url is null or new_video_url !~ '^/media/videos/[A-Za-z0-9_-]+\.(webm|mp4|mov)$' then
    raise exception 'Expected a video URL of the media API (/media/videos/<file>), got %.',
      coalesce(left(new_video_url, 200), 'null')
      using errcode = '22023', hint = 'Upload the video with POST /api/upload-video first.';
  end if;
  if new_gif_url is not null and new_gif_url !~ '^/media/gifs/[A-Za-z0-9_-]+\.gif$' then
    raise exception 'Expected a GIF URL of the media API (/media/gifs/<file>) or null, got %.',
      left(new_gif_url, 200)
      using errcode = '22023';
  end if;
  update public.challenge_recordings r
  set video_url = new_video_url, gif_url = new_gif_url
  where r.id = target_recording_id
    and r.user_id = auth.uid()
    and r.video_url is null
    and r.created_at > now() - interval '7 days';
  if not found then
    raise exception 'No recording of yours without a video, from the last 7 days, has id %.',
      target_recording_id
      using errcode = '42501',
        hint = 'A video can be added once, by the participant, within 7 days of the attempt.';
  end if;
end
$$;
revoke execute on function public.attach_recording_video(uuid, text, text) from public, anon;
grant execute on function public.attach_recording_video(uuid, text, text) to authenticated, service_role;
