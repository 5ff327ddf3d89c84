-- Event pages (spec 02 §2 "Event landing", "Pushtober"): a challenge becomes an event when it has
-- a row here. The page lives at /{slug of the challenge} (the spec's /{hash}) and its content
-- comes from the web app's template named here; everything else (name, dates, leaderboard) is the
-- challenge's. Only challenges listed here get an event page: every other one-segment path stays
-- a 404. Event challenges take any number of sessions (spec 02 §5: attempts are unlimited, only
-- the best counts; Pushtober: every session of a day adds to the day).

-- Which page the web app renders. A new event design is a new value here and a page in the app
-- (whose map of templates to pages fails to type-check until it has one).
create type public.event_template as enum ('token2049', 'pushtober');

create table public.challenge_events (
  challenge_id uuid primary key references public.challenges (id) on delete cascade,
  template public.event_template not null,
  created_at timestamptz not null default now()
);

alter table public.challenge_events enable row level security;

revoke all on table public.challenge_events from anon, authenticated;
grant select on table public.challenge_events to anon, authenticated;
grant insert (challenge_id, template) on table public.challenge_events to authenticated;
grant update (template) on table public.challenge_events to authenticated;
grant delete on table public.challenge_events to authenticated;
grant all on table public.challenge_events to service_role;

create policy "anyone reads events"
  on public.challenge_events for select to anon, authenticated
  using (true);

create policy "admins create events"
  on public.challenge_events for insert to authenticated
  with check ((select public.is_admin()));

create policy "admins edit events"
  on public.challenge_events for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "admins remove events"
  on public.challenge_events for delete to authenticated
  using ((select public.is_admin()));
