// Pushtober's copy (spec 02 §2 "Pushtober landing", §4, §9). The rules are the spec's; the
// wording around them is ours.

import { BEGINNER_DAILY_INCREMENT, BEGINNER_START_REPS, PUSHTOBER_DAYS } from '../constants';

export const PUSHTOBER_COPY = {
  tagline: 'Push-ups every day of October. One clean rep keeps your streak alive.',
  before: (days: number) =>
    days === 1
      ? 'Starts tomorrow, October 1 in your time zone.'
      : `Starts in ${days} days, on October 1 in your time zone.`,
  during: (day: number) => `Day ${day} of ${PUSHTOBER_DAYS}. Have you logged today's reps?`,
  after: (year: number) => `Pushtober ${year} is over. See you next October.`,
  howTitle: 'How it works',
  how: [
    { title: 'Join', text: 'Sign up for the Pushtober challenge. It is free.' },
    {
      title: 'Log every day',
      text: 'Record a session on any day of October, in your own time zone. Do at least one clean rep.',
    },
    {
      title: 'Keep the streak',
      text: 'One rep or more in a day keeps your streak alive. A missed day resets the streak, not your progress: your total keeps counting.',
    },
    {
      title: 'Climb the board',
      text: 'The leaderboard ranks total reps and shows everyone’s streak.',
    },
  ],
  whyTitle: 'Why Pushtober',
  why: [
    'A habit is built by showing up, not by one big day.',
    'Push-ups need no gym and no equipment: a floor is enough.',
    'The pose coach counts only clean reps, so every number is honest.',
    'A month of small sessions adds up to hundreds of reps.',
  ],
  targetsTitle: 'Daily targets',
  targetsIntro: `Beginners: start with ${BEGINNER_START_REPS.min}–${BEGINNER_START_REPS.max} reps a day and add ${BEGINNER_DAILY_INCREMENT} each day. Already training? Pick a number you can do with clean form and keep it every day, or add one a day too.`,
  targetDays: [1, 7, 14, 21, 31],
  faqTitle: 'FAQ',
  faq: [
    {
      q: 'What counts as a day?',
      a: 'A calendar day in your own time zone, from midnight to midnight. October 1–31 is local time wherever you are.',
    },
    {
      q: 'What happens if I miss a day?',
      a: 'Your streak starts again from zero the next time you log reps. Your total reps and logged days stay.',
    },
    {
      q: 'Can I log more than once a day?',
      a: 'Yes. A session ends after a rest of more than 3 seconds; every session of a day adds to that day.',
    },
    {
      q: 'Does it cost anything?',
      a: 'No. Pushtober is free.',
    },
  ],
  waitlistTitle: 'Stay in the loop',
  waitlistText: 'Get news about the next Pushtober and the app.',
} as const;
