// What a submission sends (spec 02 §3, §7): the upload's form fields and the recording row with
// its analysis_data. Pure: everything comes in as arguments.

import type { ExerciseDefinition } from '@reptemple/definitions';
import type { RepRecord } from '@reptemple/pose-sdk';
import type { ParticipantGender } from '../../../data/challenges/challenge-status';
import type { NewRecording, RecordingAnalysisData } from '../../../data/recordings/recordings';
import { DEFAULT_UPLOAD_EXERCISE, SESSION_LIMIT_MS } from '../messages';
import type { SessionEndReason } from './session-rules';

/** A finished attempt, as kept on the device until it is saved. */
export interface FinishedAttempt {
  /** The session id: names the upload, keys the attempt on the device. */
  id: string;
  challengeId: string;
  userId: string;
  /** ISO time the recording finished. */
  recordedAt: string;
  validReps: number;
  invalidReps: number;
  durationSeconds: number;
  endedBy: SessionEndReason | 'user';
  reps: readonly RepRecord[];
  analyser: 'pushup' | 'definition';
  model: string;
  analysedFrames: number;
  /** Analysed frames per second of recording. */
  analysedFps: number;
  /** When live counting's clock started, in ms from the recorder's start: the live reps' times
   * plus this are their times in the video (the recording view lines them up with the
   * verification's). Absent on attempts kept on the device from before it was measured. */
  countingStartMs?: number;
  definition: ExerciseDefinition | null;
  exerciseName: string;
  /** The browser's IANA time zone when it was recorded: a daily challenge's one attempt a day is
   * counted in the participant's days (the database fixes the zone at their first recording).
   * Absent on attempts kept on the device before it was sent; the database then uses UTC. */
  timeZone?: string;
}

export interface Participant {
  userId: string;
  email: string;
  name: string;
  gender: ParticipantGender;
}

export interface UploadOutcome {
  videoUrl: string;
  gifUrl: string | null;
}

/** A session id the upload takes (letters, digits, - and _; at most 100). */
export function newSessionId(challengeId: string, nowMs: number, random: () => number): string {
  const suffix = Math.floor(random() * 2 ** 32)
    .toString(36)
    .padStart(7, '0');
  return `${challengeId.slice(0, 8)}-${nowMs.toString(36)}-${suffix}`;
}

/** The upload's exercise: the definition's name upper-cased as A-Z, 0-9 and _ (spec 02 §7). */
export function exerciseCode(name: string | null | undefined): string {
  const code = (name ?? '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '')
    .slice(0, 40);
  return code || DEFAULT_UPLOAD_EXERCISE;
}

/** A referrer from `?ref=`: an e-mail address, lower-cased; anything else is dropped. */
export function referrerFrom(ref: string | null | undefined): string | null {
  const email = (ref ?? '').trim().toLowerCase();
  return email.length >= 3 && email.length <= 254 && /^[^\s@]+@[^\s@]+$/.test(email) ? email : null;
}

/** The recording's seconds: as measured, within the 5-minute limit, to the hundredth. */
export function attemptSeconds(durationMs: number): number {
  return Math.round(Math.min(Math.max(durationMs, 0), SESSION_LIMIT_MS) / 10) / 100;
}

export function analysisData(attempt: FinishedAttempt, isDaily: boolean): RecordingAnalysisData {
  return {
    exercise: attempt.exerciseName,
    video_source: 'live_camera',
    analysis_results: {
      validReps: attempt.validReps,
      invalidReps: attempt.invalidReps,
      totalReps: attempt.validReps + attempt.invalidReps,
      durationSeconds: attempt.durationSeconds,
      endedBy: attempt.endedBy,
      analyser: attempt.analyser,
      model: attempt.model,
      analysedFrames: attempt.analysedFrames,
      analysedFps: Math.round(attempt.analysedFps * 10) / 10,
      ...(attempt.countingStartMs === undefined
        ? {}
        : { countingStartMs: Math.round(attempt.countingStartMs) }),
    },
    completed_reps: [...attempt.reps],
    exercise_definition: attempt.definition,
    is_daily_challenge: isDaily,
  };
}

/** The upload's form fields besides the video (spec 02 §7). */
export function uploadFields(
  attempt: FinishedAttempt,
  challengeName: string,
  isDaily: boolean,
): Record<string, string> {
  return {
    sessionId: attempt.id,
    exercise: exerciseCode(attempt.exerciseName),
    analysisData: JSON.stringify(analysisData(attempt, isDaily)),
    totalPushups: String(attempt.validReps),
    challengeName,
  };
}

/** The row to insert; video and GIF from the upload, or none when it failed. */
export function recordingRow(
  attempt: FinishedAttempt,
  participant: Participant,
  isDaily: boolean,
  ref: string | null,
  upload: UploadOutcome | null,
): NewRecording {
  return {
    challenge_id: attempt.challengeId,
    user_id: participant.userId,
    name: participant.name,
    email: participant.email,
    gender: participant.gender,
    valid_reps: attempt.validReps,
    invalid_reps: attempt.invalidReps,
    duration_seconds: attempt.durationSeconds,
    video_url: upload?.videoUrl ?? null,
    gif_url: upload?.gifUrl ?? null,
    referred_by: referrerFrom(ref),
    analysis_data: analysisData(attempt, isDaily),
    time_zone: attempt.timeZone ?? null,
  };
}
