-- The landing page's waitlist: anyone may add an address; only admins may read or remove them.

create table public.waitlist (
  id bigint generated always as identity primary key,
  email text not null check (email = lower(btrim(email)) and length(email) between 3 and 254),
  source text not null check (length(btrim(source)) between 1 and 200),
  created_at timestamptz not null default now()
);
-- A second sign-up of the same address fails with 23505, which the app shows as 'Already registered!'.
create unique index waitlist_email_key on public.waitlist (email);

create trigger waitlist_normalize_email before insert or update of email on public.waitlist
  for each row execute function reptemple_private.normalize_email_column();

alter table public.waitlist enable row level security;

revoke all on table public.waitlist from anon, authenticated;
grant insert (email, source) on table public.waitlist to anon, authenticated;
grant select, delete on table public.waitlist to authenticated;
grant all on table public.waitlist to service_role;
-- Identity columns need no sequence rights; nobody but the owner and service_role touches it.
revoke all on sequence public.waitlist_id_seq from anon, authenticated;

create policy "anyone joins the waitlist"
  on public.waitlist for insert to anon, authenticated
  with check (true);

create policy "admins read the waitlist"
  on public.waitlist for select to authenticated
  using ((select public.is_admin()));

create policy "admins remove waitlist entries"
  on public.waitlist for delete to authenticated
  using ((select public.is_admin()));
