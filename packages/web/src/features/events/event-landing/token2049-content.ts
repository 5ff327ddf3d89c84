// The TOKEN2049 event page's copy (spec 02 §2 "Event landing", §5 "Event rules"). The rules are
// the spec's; the wording around them is ours.

import {
  MAX_REST_SECONDS,
  MAX_SESSION_MINUTES,
  REFERRAL_KING_PRIZE_USDT,
  REP_KING_PRIZE_USDT,
} from '../constants';

export const TOKEN2049 = {
  eyebrow: 'TOKEN2049 · Push-up Challenge',
  tagline: 'Prove it on the floor. The most clean push-ups in one session takes the crown.',
  prizesTitle: 'Prizes',
  prizes: [
    {
      title: 'Rep King',
      amount: REP_KING_PRIZE_USDT,
      text: 'The highest rep count: the most clean push-ups in a single session.',
    },
    {
      title: 'Referral King',
      amount: REFERRAL_KING_PRIZE_USDT,
      text: 'The most referrals: friends who join through your link and complete a session.',
    },
  ],
  stepsTitle: 'How it works',
  steps: [
    { title: 'Join', text: 'Open the challenge and sign up with your e-mail. Entry is free.' },
    {
      title: 'Record',
      text: `Film one session with your phone or laptop camera, up to ${MAX_SESSION_MINUTES} minutes. The pose coach counts every rep live.`,
    },
    { title: 'Submit', text: 'Submit your session; it lands on the leaderboard at once.' },
    {
      title: 'Shill',
      text: 'Share your referral link. Every friend who completes a session counts for you.',
    },
  ],
  audienceTitle: 'Who it is for',
  audience: [
    'Conference-goers who want to move between talks',
    'Builders, traders and founders with a competitive streak',
    'Anyone who can hold a plank: beginners welcome, every clean rep counts',
  ],
  rulesTitle: 'What counts as a clean rep',
  rules: [
    'Elbows bend to about 90° or lower at the bottom',
    'Full lockout at the top',
    'A straight body line from shoulders to ankles',
    'No knees on the floor',
  ],
  scheduleTitle: 'Schedule',
  sessionRules: [
    `One session lasts at most ${MAX_SESSION_MINUTES} minutes.`,
    `A break longer than ${MAX_REST_SECONDS} seconds ends the session.`,
    'Attempts are unlimited; only your best session counts.',
  ],
  fairPlayTitle: 'Fair play',
  fairPlay: [
    'Anti-cheat covers device motion, frame analysis and form scoring.',
    'Sandbagging or spoofing means disqualification.',
    'Judges decide edge cases; their decision is final.',
    'Ties go to the best form score, then to the earliest submission.',
  ],
  faqTitle: 'FAQ',
  faq: [
    {
      q: 'Does it cost anything?',
      a: 'No. Entry is free.',
    },
    {
      q: 'Do I need an app?',
      a: 'No. It runs in your browser on a phone or laptop with a camera. The rep counting happens on your device.',
    },
    {
      q: 'How many times can I try?',
      a: 'As often as you like while the challenge is open. Only your best session counts for Rep King.',
    },
    {
      q: 'When does a referral count?',
      a: 'When the friend who used your link completes a session with at least one clean rep.',
    },
    {
      q: 'How are ties decided?',
      a: 'By the best form score, then by the earliest submission.',
    },
  ],
  finePrintTitle: 'Fine print',
  finePrint: [
    `Prizes are paid in USDT: ${REP_KING_PRIZE_USDT} USDT to the Rep King and ${REFERRAL_KING_PRIZE_USDT} USDT to the Referral King, after the judges confirm the results.`,
    'One person, one account. Referrals of yourself do not count.',
    'Recordings may be reviewed by the judges and removed if they break the rules.',
    'Exercise within your limits; stop if anything hurts.',
  ],
  waitlistTitle: 'Stay in the loop',
  waitlistText: 'Get news about the next events and the app.',
} as const;
