// One recording as the public sees it (spec 02 §7 "select one by id and challenge_id"), from the
// leaderboard_entries view: no e-mail addresses, and while a challenge's results are hidden the
// counts, media and analysis of other participants are null. analysis_data holds the live
// attempt (its counts and reps), which the view compares with the verification.

import type { Row } from '../../../data/database';
import type { SupabaseClient } from '../../../data/supabase-client';

const COLUMNS =
  'id, challenge_id, name, valid_reps, invalid_reps, duration_seconds, video_url, gif_url, created_at, share_count, verification_status, analysis_data';

export type PublicRecording = Pick<
  Row<'leaderboard_entries'>,
  | 'id'
  | 'challenge_id'
  | 'name'
  | 'valid_reps'
  | 'invalid_reps'
  | 'duration_seconds'
  | 'video_url'
  | 'gif_url'
  | 'created_at'
  | 'share_count'
  | 'verification_status'
  | 'analysis_data'
>;

/** The recording with this id in this challenge, or null (also when it belongs to another). */
export async function getRecording(
  client: SupabaseClient,
  challengeId: string,
  recordingId: string,
): Promise<PublicRecording | null> {
  const { data, error } = await client
    .from('leaderboard_entries')
    .select(COLUMNS)
    .eq('id', recordingId)
    .eq('challenge_id', challengeId)
    .maybeSingle();
  if (error) throw error;
  return data;
}
