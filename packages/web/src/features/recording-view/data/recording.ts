// One recording as the public sees it (spec 02 §7 "select one by id and challenge_id"), from the
// leaderboard_entries view: no e-mail addresses, and while a challenge's results are hidden the
// id, counts, media and analysis of other participants are null (so nobody else finds it by its
// id). analysis_data holds the live attempt (its counts and reps), which the view compares with
// the verification.

import type { Row } from '../../../data/database';
import type { SupabaseClient } from '../../../data/supabase-client';

const COLUMNS =
  'id, challenge_id, name, valid_reps, invalid_reps, duration_seconds, video_url, gif_url, created_at, share_count, verification_status, analysis_data';

type RecordingColumns = Pick<
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

/** A recording the viewer may open: its id and length are known (the view withholds both only
 * while its challenge's results are hidden from the viewer, and then nobody finds it by id). */
export type PublicRecording = Omit<RecordingColumns, 'id' | 'duration_seconds'> & {
  id: string;
  duration_seconds: number;
};

/** The recording with this id in this challenge, or null (also when it belongs to another, or
 * when its challenge's results are hidden from the viewer). */
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
  if (!data || data.id === null || data.duration_seconds === null) return null;
  return { ...data, id: data.id, duration_seconds: data.duration_seconds };
}
