// The push-up challenge landing and the user's creation form (spec 02 §2, §5, §8): messages, the
// form's labels and the copy of the landing page.

import type { ChallengeType } from '../../data/challenges/challenge-labels';

// The built-in definition and the creation defaults both forms start from are the challenge
// domain's: data/challenges/challenge-fields.ts.

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
  // A count that falls back (spec 02 §5), said while the field holds it (issue 26; ours).
  emptySaved: (saved: string) => `Empty: ${saved} is saved.`,
  belowOneSaved: (typed: string, saved: string) =>
    `${typed} is below the minimum of 1: ${saved} is saved.`,
  wholeNumberSaved: (saved: string) => `Whole numbers only: ${saved} is saved.`,
} as const;

export const LANDING_BUTTONS = {
  create: 'Create Challenge',
  browse: 'Browse Challenges',
  signUp: 'Sign Up Free',
  haveAccount: 'Already have an account',
} as const;

/** What each type means, under its name (CHALLENGE_TYPE_LABELS) on the landing and in the form. */
export const CHALLENGE_TYPE_DESCRIPTIONS = {
  accountability:
    'A daily minimum of push-ups for a set number of days. Show up, log your reps, keep your word.',
  progression:
    'Start with a daily target that rises on a schedule, so every week asks a little more of you.',
  duel: '72 hours from the first participant. The most clean push-ups in one session wins.',
} as const satisfies Record<ChallengeType, string>;

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
