/**
 * The competition's shared constants (spec 02 §4, §5, §9): one source for the database (its
 * `supabase/rules/constants.sql` is generated from this file by `pnpm db:rules`, and a server test
 * fails when the two differ), the server, the verification worker and the web app.
 */

/** The built-in push-up definition every user-created challenge uses (spec 02 §7: "a fixed push-up
 * definition id"). The server seeds it; the database's policy on user-created challenges names it. */
export const BUILTIN_PUSHUP_DEFINITION_ID = '00000000-0000-4000-8000-000000000001';

/** A duel (Winner Takes It All) lasts this long from its first participant, and its hidden results
 * show once it is over (spec 02 §4, §9). hours */
export const DUEL_DURATION_HOURS = 72;

/** A session lasts at most 5 minutes (spec 02 §5, §9). s */
export const SESSION_MAX_SECONDS = 5 * 60;

/** The longest recording accepted: the session plus margin for the countdown and the encoder's
 * flush. The upper bound of challenge_recordings.duration_seconds too. s */
export const MAX_RECORDING_SECONDS = SESSION_MAX_SECONDS + 30;

/** An attempt saved without its video (the upload failed, spec 02 §8) may get it within this many
 * days, once, by its participant. days */
export const LATE_VIDEO_DAYS = 7;

/** Participants one leaderboard request may ask for (the detail page's fetch limit, spec 02 §9). */
export const LEADERBOARD_MAX_PAGE_SIZE = 100;

/** Recordings one participant may have waiting for (or in) verification at once (issue 27's fair
 * queue): a video beyond it is refused with 429 at upload and at the database, and the attempt is
 * kept to send later. Twenty: an enthusiastic participant's whole session at an event is taken,
 * and the round-robin order already keeps them from delaying anyone else's first video. */
export const MAX_PENDING_VERIFICATIONS = 20;

/** Which analyser counts (and verifies) a challenge's exercise. */
export type CountingAnalyser = 'pushup' | 'definition';

/**
 * The analyser that counts a challenge's exercise, live in the browser and again on the server:
 * the push-up analyser for the built-in push-up, the definition-driven analyser for any other
 * definition. Both hosts ask this function, so they cannot disagree.
 */
export function countingAnalyserFor(definitionId: string): CountingAnalyser {
  return definitionId === BUILTIN_PUSHUP_DEFINITION_ID ? 'pushup' : 'definition';
}

/**
 * The SQL functions the database reads these constants through, with their values as SQL
 * literals. `pnpm db:rules` writes them to supabase/rules/constants.sql.
 */
export const COMPETITION_SQL_CONSTANTS = [
  {
    name: 'builtin_pushup_definition_id',
    type: 'uuid',
    literal: `'${BUILTIN_PUSHUP_DEFINITION_ID}'::uuid`,
    about: 'The built-in push-up definition that user-created challenges must use.',
    // The policy on user-created challenges calls it as the inserting user.
    grantees: ['authenticated', 'service_role'],
  },
  {
    name: 'duel_duration',
    type: 'interval',
    literal: `interval '${DUEL_DURATION_HOURS} hours'`,
    about:
      'How long a duel takes recordings from its first participant; its hidden results show after.',
    grantees: ['anon', 'authenticated', 'service_role'],
  },
  {
    name: 'late_video_window',
    type: 'interval',
    literal: `interval '${LATE_VIDEO_DAYS} days'`,
    about: 'How long after an attempt its participant may attach the video that failed to upload.',
    grantees: [],
  },
  {
    name: 'leaderboard_max_page_size',
    type: 'integer',
    literal: String(LEADERBOARD_MAX_PAGE_SIZE),
    about: 'Participants one leaderboard request may ask for.',
    grantees: [],
  },
  {
    name: 'max_recording_seconds',
    type: 'integer',
    literal: String(MAX_RECORDING_SECONDS),
    about: 'The longest recording accepted (the 5-minute session plus margin). s',
    // The table's check constraint on duration_seconds calls it as the inserting role.
    grantees: ['authenticated', 'service_role'],
  },
  {
    name: 'max_pending_verifications',
    type: 'integer',
    literal: String(MAX_PENDING_VERIFICATIONS),
    about:
      'Recordings one participant may have waiting for (or in) verification at once; a video beyond is refused (429).',
    // Read by the recordings' trigger (security definer) and the server's own connection.
    grantees: [],
  },
] as const;
