// The real I/O of Submit Challenge (logic/submit-attempt.ts takes it as functions): the media
// API with the signed-in user's token, the recordings table, and the attempts kept on the device.

import { getCurrentSession } from '../../../data/auth/auth';
import { attachRecordingVideo, insertRecording } from '../../../data/recordings/recordings';
import type { SupabaseClient } from '../../../data/supabase-client';
import type { SubmitDeps } from '../logic/submit-attempt';
import { removePendingAttempt, savePendingAttempt } from './pending-attempts';
import { UploadError, uploadVideo } from './upload-video';

/** The upload's file name ends as its type says (spec 02 §7: a webm named by the session id). */
function fileExtension(mimeType: string): string {
  return mimeType.includes('mp4') ? 'mp4' : 'webm';
}

export function submitDeps(supabase: SupabaseClient): SubmitDeps {
  return {
    async upload(pending, fields, onProgress) {
      const session = await getCurrentSession(supabase);
      if (!session) throw new UploadError('Sign in again to upload your video.', 401);
      return uploadVideo({
        accessToken: session.access_token,
        video: pending.video,
        fileName: `${pending.attempt.id}.${fileExtension(pending.mimeType)}`,
        fields,
        onProgress,
      });
    },
    insert: (row) => insertRecording(supabase, row),
    attachVideo: (recordingId, videoUrl, gifUrl) =>
      attachRecordingVideo(supabase, recordingId, videoUrl, gifUrl),
    // The device's copy is a safety net: failing to write or delete it never stops a submission.
    savePending: (pending) =>
      savePendingAttempt(pending).catch((error: unknown) =>
        console.warn('Keeping the attempt on this device failed', error),
      ),
    removePending: (id) =>
      removePendingAttempt(id).catch((error: unknown) =>
        console.warn('Removing the attempt from this device failed', error),
      ),
  };
}
