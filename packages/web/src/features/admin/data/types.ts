// Row shapes the admin area reads.

import type { Challenge } from '../../../data/challenges/challenges';

/** A recording with the participant's e-mail: only admins (and the participant) can read these
 * rows of challenge_recordings; the public leaderboard view has no e-mail. */
export interface AdminRecording {
  id: string;
  challenge_id: string;
  user_id: string | null;
  name: string;
  email: string;
  gender: 'male' | 'female';
  valid_reps: number;
  invalid_reps: number;
  total_reps: number;
  /** seconds */
  duration_seconds: number;
  created_at: string;
}

/** A challenge as the admin table lists it, with its counts (spec 02 §3 admin list extras). */
export interface AdminChallengeListItem extends Challenge {
  recording_count: number;
  /** Distinct e-mail addresses. */
  participant_count: number;
}
