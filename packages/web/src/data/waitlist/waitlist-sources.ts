// How a visitor heard of RepTemple: the landing form's options (spec 01 §4, §5). Unlike the other
// fixed lists these are not a database enum: the waitlist stores the option, or for 'other' the
// visitor's own words, as text.

export const WAITLIST_SOURCE_LABELS = {
  social_media: 'Social Media',
  friend_referral: 'Friend Referral',
  search_engine: 'Search Engine',
  fitness_community: 'Fitness Community',
  token2049: 'TOKEN2049',
  other: 'Other',
} as const;

export type WaitlistSource = keyof typeof WAITLIST_SOURCE_LABELS;

/** In the order the form lists them. */
export const WAITLIST_SOURCES = Object.keys(WAITLIST_SOURCE_LABELS) as WaitlistSource[];
