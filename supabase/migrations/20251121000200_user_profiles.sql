-- One profile per auth user (id = auth user id). Created automatically when the auth user is
-- created, so the e-mail in a profile is always the account's own, never a client's claim.

create table public.user_profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  email text check (email = lower(btrim(email)) and length(email) between 3 and 254),
  full_name text check (length(full_name) between 1 and 100),
  is_admin boolean not null default false,
  age integer check (age between 1 and 150),
  gender public.profile_gender,
  weight_kg numeric(4, 1) check (weight_kg between 1 and 999),
  height_cm integer check (height_cm between 1 and 300),
  target_weight_kg numeric(4, 1) check (target_weight_kg between 1 and 999),
  goals text[] not null default '{}' check (
    goals <@ array[
      'exercise_correctness_analysis', 'video_analysis', 'live_ai_coaching', 'losing_weight',
      'gaining_muscle', 'improving_posture', 'custom_workout_plans'
    ]::text[]
  ),
  expectations text check (length(expectations) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index user_profiles_email_key on public.user_profiles (email);

create trigger user_profiles_normalize_email before insert or update of email on public.user_profiles
  for each row execute function reptemple_private.normalize_email_column();
create trigger user_profiles_touch_updated_at before update on public.user_profiles
  for each row execute function reptemple_private.touch_updated_at();

-- The admin check every policy uses. Security definer so it can read the caller's profile
-- whatever the caller may select; it only ever answers for the caller.
create function public.is_admin() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce(
    (select p.is_admin from public.user_profiles p where p.id = auth.uid()),
    false
  )
$$;
revoke execute on function public.is_admin() from public;
grant execute on function public.is_admin() to anon, authenticated, service_role;

-- A new auth user gets a profile with the account's e-mail, and the name and gender given as
-- sign-up metadata when they are valid values.
create function reptemple_private.create_profile_for_new_user() returns trigger
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
revoke execute on function reptemple_private.create_profile_for_new_user() from public, anon, authenticated;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function reptemple_private.create_profile_for_new_user();

alter table public.user_profiles enable row level security;

revoke all on table public.user_profiles from anon, authenticated;
grant select on table public.user_profiles to authenticated;
-- is_admin and email are never writable by the data API's user roles.
grant insert (id, email, full_name, age, gender, weight_kg, height_cm, target_weight_kg, goals, expectations)
  on table public.user_profiles to authenticated;
grant update (full_name, age, gender, weight_kg, height_cm, target_weight_kg, goals, expectations, updated_at)
  on table public.user_profiles to authenticated;
grant all on table public.user_profiles to service_role;

create policy "users read their own profile, admins read all"
  on public.user_profiles for select to authenticated
  using (id = (select auth.uid()) or (select public.is_admin()));

-- Normally the trigger above has created the row already (the app then gets 23505 and updates);
-- an insert is still allowed for the caller's own row with the caller's own e-mail.
create policy "users create their own profile"
  on public.user_profiles for insert to authenticated
  with check (
    id = (select auth.uid())
    and (email is null or email = reptemple_private.normalize_email((select auth.jwt()) ->> 'email'))
  );

create policy "users update their own profile"
  on public.user_profiles for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));
