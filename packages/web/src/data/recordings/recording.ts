// One recording as the public sees it (spec 02 §7 "select one by id and challenge_id"), from the
// leaderboard_entries view: no e-mail addresses, and while a challenge's results are hidden the
// counts, analysis and media of other participants are null.

import type { SupabaseClient } from '@supabase/supabase-js';

export interface PublicRecording {
  id: string;
  challenge_id: string;
  user_id: string | null;
  name: string;
  gender: 'male' | 'female';
  /** Null while the challenge's results are hidden from the viewer. */
  valid_reps: number | null;
  invalid_reps: number | null;
  total_reps: number | null;
  /** seconds */
  duration_seconds: number;
  video_url: string | null;
  gif_url: string | null;
  referral_count: number;
  analysis_data: Record<string, unknown> | null;
  created_at: string;
  /** % (0-100): mean body alignment of the valid reps; null without that measurement. */
  form_score: number | null;
  share_count: number;
}

/** The recording with this id in this challenge, or null (also when it belongs to another). */
export async function getRecording(
  client: SupabaseClient,
  challengeId: string,
  recordingId: string,
): Promise<PublicRecording | null> {
  const { data, error } = await client
    .from('leaderboard_entries')
    .select('*')
    .eq('id', recordingId)
    .eq('challenge_id', challengeId)
    .maybeSingle();
  if (error) throw error;
  if (!data) return null;
  // PostgREST sends numeric columns as numbers here; duration is numeric(6,2).
  return { ...data, duration_seconds: Number(data.duration_seconds) } as PublicRecording;
}
