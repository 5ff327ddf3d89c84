-- Accounts: e-mail addresses, profiles, the admin check and the waitlist (spec 01; docs/security.md
-- "user_profiles", "waitlist").

-- E-mail addresses are one address whatever their Unicode case or compatibility form: compatibility
-- forms folded (NFKC), lowered with a Unicode-aware collation chosen here, folded again (lowering
-- can undo NFKC in rare cases). The auth service normalises the same way before it stores an
-- account's address, so comparisons with auth.jwt() ->> 'email' keep matching.
do $rules$
declare
  -- ICU's root locale where PostgreSQL has ICU (Supabase, Debian, the embedded server); else the
  -- builtin Unicode collation of PostgreSQL 17; else the database's own (Unicode-aware under any
  -- UTF-8 locale other than C).
  unicode_collation text := coalesce(
    (select quote_ident(collname) from pg_collation where collname = 'und-x-icu' limit 1),
    (select quote_ident(collname) from pg_collation where collname = 'pg_c_utf8' limit 1),
    '"default"'
  );
begin
  execute format(
    $fn$
    create or replace function reptemple_private.normalize_email(raw text) returns text
    language sql immutable
    set search_path = ''
    as $body$ select normalize(lower(normalize(btrim(raw), nfkc) collate %s), nfkc) $body$
    $fn$,
    unicode_collation
  );
end
$rules$;
revoke all on function reptemple_private.normalize_email(text) from public, anon, authenticated, service_role;
grant execute on function reptemple_private.normalize_email(text) to anon, authenticated, service_role;

create or replace function reptemple_private.normalize_email_column() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.email := reptemple_private.normalize_email(new.email);
  return new;
end
$$;
revoke all on function reptemple_private.normalize_email_column() from public, anon, authenticated, service_role;

create or replace function reptemple_private.touch_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;
revoke all on function reptemple_private.touch_updated_at() from public, anon, authenticated, service_role;

-- The admin check every policy uses. Security definer so it can read the caller's profile
-- whatever the caller may select; it only ever answers for the caller.
create or replace function public.is_admin() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce(
    (select p.is_admin from public.user_profiles p where p.id = auth.uid()),
    false
  )
$$;
revoke all on function public.is_admin() from public, anon, authenticated, service_role;
grant execute on function public.is_admin() to anon, authenticated, service_role;

-- A new auth user gets a profile with the account's e-mail, and the name and gender given as
-- sign-up metadata when they are valid values.
create or replace function reptemple_private.create_profile_for_new_user() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  given_gender text := meta ->> 'gender';
  given_name text := nullif(left(btrim(coalesce(meta ->> 'full_name', meta ->> 'name', '')), 100), '');
begin
  insert into public.user_profiles (id, email, full_name, gender)
  values (
    new.id,
    reptemple_private.normalize_email(new.email),
    given_name,
    case when given_gender in ('male', 'female', 'other', 'prefer_not_to_say')
      then given_gender::public.profile_gender end
  )
  on conflict (id) do nothing;
  return new;
end
$$;
revoke all on function reptemple_private.create_profile_for_new_user() from public, anon, authenticated, service_role;

create or replace trigger on_auth_user_created
  after insert on auth.users
  for each row execute function reptemple_private.create_profile_for_new_user();

create or replace trigger user_profiles_normalize_email
  before insert or update of email on public.user_profiles
  for each row execute function reptemple_private.normalize_email_column();
create or replace trigger user_profiles_touch_updated_at
  before update on public.user_profiles
  for each row execute function reptemple_private.touch_updated_at();

drop policy if exists "users read their own profile, admins read all" on public.user_profiles;
create policy "users read their own profile, admins read all"
  on public.user_profiles for select to authenticated
  using (id = (select auth.uid()) or (select public.is_admin()));

-- Normally the trigger above has created the row already (the app then gets 23505 and updates);
-- an insert is still allowed for the caller's own row with the caller's own e-mail.
drop policy if exists "users create their own profile" on public.user_profiles;
create policy "users create their own profile"
  on public.user_profiles for insert to authenticated
  with check (
    id = (select auth.uid())
    and (email is null or email = reptemple_private.normalize_email((select auth.jwt()) ->> 'email'))
  );

drop policy if exists "users update their own profile" on public.user_profiles;
create policy "users update their own profile"
  on public.user_profiles for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));

-- ---------------------------------------------------------------------------------------------
-- The landing page's waitlist: anyone may add an address; only admins may read or remove them.
create or replace trigger waitlist_normalize_email
  before insert or update of email on public.waitlist
  for each row execute function reptemple_private.normalize_email_column();

drop policy if exists "anyone joins the waitlist" on public.waitlist;
create policy "anyone joins the waitlist"
  on public.waitlist for insert to anon, authenticated
  with check (true);

drop policy if exists "admins read the waitlist" on public.waitlist;
create policy "admins read the waitlist"
  on public.waitlist for select to authenticated
  using ((select public.is_admin()));

drop policy if exists "admins remove waitlist entries" on public.waitlist;
create policy "admins remove waitlist entries"
  on public.waitlist for delete to authenticated
  using ((select public.is_admin()));
