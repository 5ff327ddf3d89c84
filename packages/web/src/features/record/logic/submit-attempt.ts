// Submit Challenge (spec 02 §4, §5, §8): upload the video, then insert the recording with it; when
// the upload fails the attempt is still saved, without a video, and the video stays on the device
// to be sent again. The attempt leaves the device only once it is saved with its video, or saved
// for good without one (nothing recorded), or refused by the database for good. The I/O comes in
// as functions, so the rules are tested without a browser.

import {
  DuplicateSubmissionError,
  type NewRecording,
  RecordingRefusedError,
} from '../../../data/recordings/recordings';
import type { PendingAttempt } from '../data/pending-attempts';
import type { UploadResult } from '../data/upload-video';
import { RECORD } from '../messages';
import { type Participant, recordingRow, uploadFields } from './submission';

export interface SubmitDeps {
  upload(
    pending: PendingAttempt,
    fields: Record<string, string>,
    onProgress: (fraction: number) => void,
  ): Promise<UploadResult>;
  insert(row: NewRecording): Promise<string>;
  attachVideo(recordingId: string, videoUrl: string, gifUrl: string | null): Promise<void>;
  savePending(pending: PendingAttempt): Promise<void>;
  removePending(id: string): Promise<void>;
}

export interface SubmitTarget {
  challenge: { id: string; name: string; is_daily: boolean };
  participant: Participant;
  ref: string | null;
}

export type SubmitPhase = { kind: 'uploading'; progress: number } | { kind: 'saving' };

export type SubmitOutcome =
  | { kind: 'saved'; recordingId: string; videoSaved: boolean; uploadError: string | null }
  | { kind: 'duplicate'; message: string }
  /** The database no longer takes this attempt (the challenge closed meanwhile, or the account
   * does not match): the flow says why in words, never the database's text. */
  | { kind: 'refused' }
  | { kind: 'failed'; error: unknown };

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export async function submitAttempt(
  deps: SubmitDeps,
  target: SubmitTarget,
  pending: PendingAttempt,
  onPhase: (phase: SubmitPhase) => void,
): Promise<SubmitOutcome> {
  const { attempt } = pending;
  const isDaily = target.challenge.is_daily;
  if (pending.recordingId) {
    // Saved already, without its video: only the video is left to send.
    return resendVideo(deps, target, pending, onPhase);
  }
  let upload: { videoUrl: string; gifUrl: string | null } | null = null;
  let uploadError: string | null = null;
  if (pending.video.size === 0) {
    uploadError = RECORD.emptyRecording;
  } else {
    onPhase({ kind: 'uploading', progress: 0 });
    try {
      const result = await deps.upload(
        pending,
        uploadFields(attempt, target.challenge.name, isDaily),
        (progress) => onPhase({ kind: 'uploading', progress }),
      );
      upload = { videoUrl: result.videoUrl, gifUrl: result.gifUrl };
    } catch (error) {
      uploadError = messageOf(error);
    }
  }
  onPhase({ kind: 'saving' });
  let recordingId: string;
  try {
    recordingId = await deps.insert(
      recordingRow(attempt, target.participant, isDaily, target.ref, upload),
    );
  } catch (error) {
    if (error instanceof DuplicateSubmissionError) {
      await deps.removePending(attempt.id);
      return {
        kind: 'duplicate',
        message: isDaily ? RECORD.alreadySubmittedToday : RECORD.alreadySubmitted,
      };
    }
    if (error instanceof RecordingRefusedError) {
      await deps.removePending(attempt.id);
      return { kind: 'refused' };
    }
    return { kind: 'failed', error };
  }
  if (upload || pending.video.size === 0) {
    await deps.removePending(attempt.id);
    return { kind: 'saved', recordingId, videoSaved: upload !== null, uploadError };
  }
  await deps.savePending({ ...pending, recordingId });
  return { kind: 'saved', recordingId, videoSaved: false, uploadError };
}

/** Sends the video of an attempt saved without one, and attaches it to the recording. */
export async function resendVideo(
  deps: SubmitDeps,
  target: SubmitTarget,
  pending: PendingAttempt,
  onPhase: (phase: SubmitPhase) => void,
): Promise<SubmitOutcome> {
  const recordingId = pending.recordingId;
  if (!recordingId) return submitAttempt(deps, target, pending, onPhase);
  onPhase({ kind: 'uploading', progress: 0 });
  try {
    const result = await deps.upload(
      pending,
      uploadFields(pending.attempt, target.challenge.name, target.challenge.is_daily),
      (progress) => onPhase({ kind: 'uploading', progress }),
    );
    onPhase({ kind: 'saving' });
    await deps.attachVideo(recordingId, result.videoUrl, result.gifUrl);
  } catch (error) {
    return { kind: 'saved', recordingId, videoSaved: false, uploadError: messageOf(error) };
  }
  await deps.removePending(pending.attempt.id);
  return { kind: 'saved', recordingId, videoSaved: true, uploadError: null };
}
