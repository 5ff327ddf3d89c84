// Row shapes the admin area reads, from the generated database types.

import type { Challenge } from '../../../data/challenges/challenges';
import type { FunctionRow, Row } from '../../../data/database';

/** The columns of challenge_recordings the analytics page and the CSV export read. */
export const ADMIN_RECORDING_COLUMNS =
  'id, challenge_id, user_id, name, email, gender, valid_reps, invalid_reps, total_reps, duration_seconds, created_at, claimed_valid_reps, claimed_total_reps, verified_total_reps, verification_status, ranked, verification_flagged, verification_error';

/** A recording with the participant's e-mail: only admins (and the participant) can read these
 * rows of challenge_recordings; the public leaderboard view has no e-mail. duration_seconds is in
 * seconds. */
export type AdminRecording = Pick<
  Row<'challenge_recordings'>,
  | 'id'
  | 'challenge_id'
  | 'user_id'
  | 'name'
  | 'email'
  | 'gender'
  | 'valid_reps'
  | 'invalid_reps'
  | 'total_reps'
  | 'duration_seconds'
  | 'created_at'
  | 'claimed_valid_reps'
  | 'claimed_total_reps'
  | 'verified_total_reps'
  | 'verification_status'
  | 'ranked'
  | 'verification_flagged'
  | 'verification_error'
>;

/** One row of admin_challenge_stats(). */
export type ChallengeCounts = FunctionRow<'admin_challenge_stats'>;

/** A challenge as the admin table lists it, with its counts (spec 02 §3 admin list extras):
 * recordings, and participants as distinct e-mail addresses. */
export type AdminChallengeListItem = Challenge &
  Pick<ChallengeCounts, 'recording_count' | 'participant_count' | 'flagged_count'>;
