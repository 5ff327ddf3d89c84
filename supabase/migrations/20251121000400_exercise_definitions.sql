-- Exercise definitions drive the rep counter. Everyone may read them (a recording cannot be shown
-- without its definition). Admins write them; system definitions (author null), such as the
-- built-in push-up that user-created challenges point at, change only through service_role.

create table public.exercise_definitions (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) between 1 and 200),
  definition jsonb not null check (
    jsonb_typeof(definition) = 'object'
    and definition ? 'angles'
    and definition ? 'phases'
    and octet_length(definition::text) <= 200000
  ),
  author uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index exercise_definitions_created_at_idx on public.exercise_definitions (created_at desc);
create index exercise_definitions_name_idx on public.exercise_definitions (name);

create trigger exercise_definitions_touch_updated_at before update on public.exercise_definitions
  for each row execute function reptemple_private.touch_updated_at();

alter table public.exercise_definitions enable row level security;

revoke all on table public.exercise_definitions from anon, authenticated;
grant select on table public.exercise_definitions to anon, authenticated;
grant insert (name, definition, author) on table public.exercise_definitions to authenticated;
grant update (name, definition, updated_at) on table public.exercise_definitions to authenticated;
grant delete on table public.exercise_definitions to authenticated;
grant all on table public.exercise_definitions to service_role;

create policy "anyone reads exercise definitions"
  on public.exercise_definitions for select to anon, authenticated
  using (true);

create policy "admins create definitions as themselves"
  on public.exercise_definitions for insert to authenticated
  with check ((select public.is_admin()) and author = (select auth.uid()));

create policy "admins edit user-created definitions"
  on public.exercise_definitions for update to authenticated
  using ((select public.is_admin()) and author is not null)
  with check ((select public.is_admin()) and author is not null);

create policy "admins delete user-created definitions"
  on public.exercise_definitions for delete to authenticated
  using ((select public.is_admin()) and author is not null);
