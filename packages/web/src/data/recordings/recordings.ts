// challenge_recordings and the public leaderboard view (spec 02 §3, §7). Public pages read
// leaderboard_entries (no e-mail addresses); a participant reads and writes only their own rows.

import type { Json, Row, RowInsert } from '../database';
import type { SupabaseClient } from '../supabase-client';

/** PostgreSQL's codes the screens tell apart. */
const UNIQUE_VIOLATION = '23505';
const INSUFFICIENT_PRIVILEGE = '42501';

/** A row of the public leaderboard (no e-mail). */
export type LeaderboardEntry = Pick<
  Row<'leaderboard_entries'>,
  | 'id'
  | 'challenge_id'
  | 'user_id'
  | 'name'
  | 'gender'
  | 'valid_reps'
  | 'invalid_reps'
  | 'duration_seconds'
  | 'video_url'
  | 'gif_url'
  | 'referral_count'
  | 'created_at'
  | 'verification_status'
>;

/** What analysis_data holds (spec 02 §3). */
export interface RecordingAnalysisData {
  exercise: string;
  video_source: 'live_camera';
  analysis_results: unknown;
  completed_reps: unknown[];
  exercise_definition: unknown;
  is_daily_challenge: boolean;
}

/** The fields a participant submits (the database derives total_reps and referral_count), with
 * analysis_data as the app builds it. */
export type NewRecording = Required<
  Pick<
    RowInsert<'challenge_recordings'>,
    | 'challenge_id'
    | 'user_id'
    | 'name'
    | 'email'
    | 'gender'
    | 'valid_reps'
    | 'invalid_reps'
    | 'duration_seconds'
    | 'video_url'
    | 'gif_url'
    | 'referred_by'
  >
> & { analysis_data: RecordingAnalysisData };

/** The database refused a second submission (single-submission, or daily on the same UTC day). */
export class DuplicateSubmissionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DuplicateSubmissionError';
  }
}

/** The database refused the recording: the challenge closed (or the account does not match). */
export class RecordingRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RecordingRefusedError';
  }
}

/** The detail page's leaderboard: verified (and still verifying, with their claim) before
 * unverified recordings (issue 18), then best first, earliest first among equals, at most `limit`. */
export async function listLeaderboard(
  client: SupabaseClient,
  challengeId: string,
  limit: number,
): Promise<LeaderboardEntry[]> {
  const { data, error } = await client
    .from('leaderboard_entries')
    .select(
      'id, challenge_id, user_id, name, gender, valid_reps, invalid_reps, duration_seconds, video_url, gif_url, referral_count, created_at, verification_status',
    )
    .eq('challenge_id', challengeId)
    .order('verification_rank', { ascending: false })
    .order('valid_reps', { ascending: false })
    .order('created_at', { ascending: true })
    .limit(limit);
  if (error) throw error;
  return data.map((row) => ({
    ...row,
    duration_seconds: Number(row.duration_seconds),
  }));
}

/** Participants of a challenge (distinct accounts; a recording whose account is gone counts once). */
export async function countParticipants(
  client: SupabaseClient,
  challengeId: string,
): Promise<number> {
  const { data, error } = await client
    .from('leaderboard_entries')
    .select('id, user_id')
    .eq('challenge_id', challengeId);
  if (error) throw error;
  return new Set(data.map((row) => row.user_id ?? `recording:${row.id}`)).size;
}

/** Whether the signed-in user has a recording in this challenge (row security shows only theirs). */
export async function hasOwnRecording(
  client: SupabaseClient,
  challengeId: string,
  userId: string,
): Promise<boolean> {
  const { count, error } = await client
    .from('challenge_recordings')
    .select('id', { count: 'exact', head: true })
    .eq('challenge_id', challengeId)
    .eq('user_id', userId);
  if (error) throw error;
  return (count ?? 0) > 0;
}

/** Inserts the recording and answers its id. Throws DuplicateSubmissionError for the database's
 * submission policy, RecordingRefusedError when the challenge no longer takes recordings. */
export async function insertRecording(
  client: SupabaseClient,
  recording: NewRecording,
): Promise<string> {
  const { data, error } = await client
    .from('challenge_recordings')
    .insert({ ...recording, analysis_data: toJson(recording.analysis_data) })
    .select('id')
    .single();
  if (error) {
    if (error.code === UNIQUE_VIOLATION) throw new DuplicateSubmissionError(error.message);
    if (error.code === INSUFFICIENT_PRIVILEGE) throw new RecordingRefusedError(error.message);
    throw error;
  }
  return data.id;
}

/** Attaches a video sent after its recording was saved without one (the first upload failed). */
export async function attachRecordingVideo(
  client: SupabaseClient,
  recordingId: string,
  videoUrl: string,
  gifUrl: string | null,
): Promise<void> {
  const { error } = await client.rpc('attach_recording_video', {
    target_recording_id: recordingId,
    new_video_url: videoUrl,
    // Left out when there is none: the function's default is null.
    ...(gifUrl ? { new_gif_url: gifUrl } : {}),
  });
  if (error) throw error;
}

/** A value as it travels: through JSON (rep records and the definition are plain data). */
function toJson(value: unknown): Json {
  return JSON.parse(JSON.stringify(value)) as Json;
}
