// The profile's fixed lists and what the app calls each value (spec 01 §3, §5). The values are the
// database's enums (supabase/migrations, through the generated types); a value added there fails
// the type check here until it has a label.

import { DB_ENUM_VALUES, type DbEnum } from '../database';

export type ProfileGender = DbEnum<'profile_gender'>;
export type ProfileGoal = DbEnum<'profile_goal'>;

/** In the order the form lists them. */
export const PROFILE_GENDERS = DB_ENUM_VALUES.profile_gender;
export const PROFILE_GOALS = DB_ENUM_VALUES.profile_goal;

export const PROFILE_GENDER_LABELS = {
  male: 'Male',
  female: 'Female',
  other: 'Other',
  prefer_not_to_say: 'Prefer not to say',
} as const satisfies Record<ProfileGender, string>;

export const PROFILE_GOAL_LABELS = {
  exercise_correctness_analysis: 'Exercise correctness analysis',
  video_analysis: 'Video analysis',
  live_ai_coaching: 'Live AI coaching',
  losing_weight: 'Losing weight',
  gaining_muscle: 'Gaining muscle',
  improving_posture: 'Improving posture',
  custom_workout_plans: 'Custom workout plans',
} as const satisfies Record<ProfileGoal, string>;

export function isProfileGender(value: unknown): value is ProfileGender {
  return (PROFILE_GENDERS as readonly unknown[]).includes(value);
}

export function isProfileGoal(value: unknown): value is ProfileGoal {
  return (PROFILE_GOALS as readonly unknown[]).includes(value);
}
