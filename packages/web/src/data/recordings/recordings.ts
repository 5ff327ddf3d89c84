// challenge_recordings (spec 02 §3, §7): a participant reads and writes only their own rows.
// Public pages read others' recordings through the leaderboard functions and leaderboard_entries
// (no e-mail addresses).

import type { Json, RowInsert } from '../database';
import type { SupabaseClient } from '../supabase-client';

/** PostgreSQL's codes the screens tell apart. */
const UNIQUE_VIOLATION = '23505';
const INSUFFICIENT_PRIVILEGE = '42501';

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
    | 'time_zone'
  >
> & { analysis_data: RecordingAnalysisData };

/** The database refused a second submission (single-submission, or daily on the same day in the participant's zone). */
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

/** The daily rule of a daily challenge for the signed-in participant, as the database enforces it
 * (daily_attempt_status(): the same functions as the insert's check). */
export interface DailyAttemptStatus {
  /** Today's attempt is in: another one would be refused. */
  taken: boolean;
  /** The zone the participant's days are counted in here (their first attempt's). */
  timeZone: string;
  /** When their day ends: the next attempt opens. */
  dayEndsAt: Date;
}

export async function getDailyAttemptStatus(
  client: SupabaseClient,
  challengeId: string,
  browserTimeZone: string,
): Promise<DailyAttemptStatus> {
  const { data, error } = await client.rpc('daily_attempt_status', {
    target_challenge_id: challengeId,
    requested_time_zone: browserTimeZone,
  });
  if (error) throw error;
  return { taken: data.taken, timeZone: data.time_zone, dayEndsAt: new Date(data.day_ends_at) };
}
