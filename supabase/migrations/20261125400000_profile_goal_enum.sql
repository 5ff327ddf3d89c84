-- Profile goals become an enumeration, like every other fixed list of the spec, so the generated
-- database types carry them (and the web app's goal list and labels derive from those) instead of
-- a check constraint that only the database could read. Same values, same order; an unknown goal
-- is still refused, now as an invalid enum value (22P02) instead of a check violation (23514).

create type public.profile_goal as enum (
  'exercise_correctness_analysis', 'video_analysis', 'live_ai_coaching', 'losing_weight',
  'gaining_muscle', 'improving_posture', 'custom_workout_plans'
);

alter table public.user_profiles drop constraint user_profiles_goals_check;
alter table public.user_profiles alter column goals drop default;
alter table public.user_profiles
  alter column goals type public.profile_goal[] using goals::text[]::public.profile_goal[];
alter table public.user_profiles alter column goals set default '{}';
