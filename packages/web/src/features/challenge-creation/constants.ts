// The push-up challenge landing and the user's creation form (spec 02 §2, §5, §8, §9): defaults,
// messages and the copy of the landing page.

import type { ChallengeType, TimeUnit } from '../../data/challenges/challenges';

/** The built-in push-up definition every user-created challenge uses (spec 02 §7). Keep in step
 * with reptemple_private.builtin_pushup_definition_id() and the server's constants. */
export const BUILTIN_PUSHUP_DEFINITION_ID = '00000000-0000-4000-8000-000000000001';

/** Creation defaults (spec 02 §9). */
export const CREATION_DEFAULTS = {
  name: 'PUSHUP CHALLENGE',
  challengeType: 'accountability' as ChallengeType,
  /** days */
  lengthValue: 7,
  lengthUnit: 'days' as TimeUnit,
  minDailyReps: 10,
  incrementValue: 1,
  cadenceValue: 1,
  cadenceUnit: 'days' as TimeUnit,
} as const;

/** How often a fresh slug is tried when the database reports the one it made as taken. */
export const SLUG_ATTEMPTS = 3;

export const CREATE_MESSAGES = {
  title: 'Create a Push-up Challenge',
  back: 'Back to Push-up Challenges',
  submit: 'Create Challenge',
  submitting: 'Creating...',
  createdTitle: 'Challenge created!',
  createdDescription: 'Your pushup challenge has been created successfully.',
  failed: 'Failed to create challenge. Please try again.',
  creator: 'Created by',
  tooMany: (label: string, max: number) => `${label} can be at most ${max}.`,
  nameTooLong: (max: number) => `The name can be at most ${max} characters.`,
  descriptionTooLong: (max: number) => `The description can be at most ${max} characters.`,
} as const;

export const LANDING_BUTTONS = {
  create: 'Create Challenge',
  browse: 'Browse Challenges',
  signUp: 'Sign Up Free',
  haveAccount: 'Already have an account',
} as const;

export const CHALLENGE_TYPE_COPY: Record<ChallengeType, { title: string; text: string }> = {
  accountability: {
    title: 'Accountability',
    text: 'A daily minimum of push-ups for a set number of days. Show up, log your reps, keep your word.',
  },
  progression: {
    title: 'Progression',
    text: 'Start with a daily target that rises on a schedule, so every week asks a little more of you.',
  },
  duel: {
    title: 'Winner Takes It All',
    text: '72 hours from the first participant. The most clean push-ups in one session wins.',
  },
};

export const BENEFITS = [
  {
    title: 'Every rep counted',
    text: 'The camera coach counts valid and invalid reps live, in the browser. No app to install.',
  },
  {
    title: 'Fair by design',
    text: 'Form is judged the same for everyone: full lockout, deep enough, straight body line.',
  },
  {
    title: 'Leaderboards that motivate',
    text: 'Separate rankings for men and women, with every attempt one tap away.',
  },
  {
    title: 'Ready in a minute',
    text: 'Name it, pick a type, share the link. Your friends, team or gym can join right away.',
  },
] as const;

export const TYPE_FIELD_LABELS = {
  name: 'Challenge name',
  description: 'Description',
  type: 'Challenge type',
  length: 'Duration',
  lengthUnit: 'Duration unit',
  minDailyReps: 'Minimum daily reps',
  incrementValue: 'Increase by (reps)',
  cadenceValue: 'Every',
  cadenceUnit: 'Increase cadence unit',
  hideResults: 'Hide results until the challenge is finished',
} as const;

export const TIME_UNIT_LABELS: Record<TimeUnit, string> = {
  days: 'Days',
  weeks: 'Weeks',
  months: 'Months',
};
