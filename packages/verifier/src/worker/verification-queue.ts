// The verification queue: one job per verification request of a recording. Jobs are added by the
// database itself (reptemple_private.enqueue_verification, in the transaction that gives a
// recording its video), so their rules live in the queue's row, which ensureQueue keeps in step
// with this definition.

import type { QueueDefinition } from '../queue/job-queue.js';

export interface VerificationJobData {
  recordingId: string;
  /** The recording's verification_request when the job was queued; a job whose request is no
   * longer the recording's is stale and writes nothing. */
  request: string;
}

/**
 * Four tries in all (10 s, then about 20 and 40 s apart). A try that runs past 15 minutes counts
 * as dead (a 5.5-minute video at every frame takes about 8 on this 2-core machine); a worker that
 * died is found sooner by its free job lock (JobQueue.retryOrphanedJobs). Jobs are taken
 * round-robin by participant, oldest first (queue/fair-order.ts, issue 27), so one participant's
 * many videos never wait ahead of another's first.
 */
export const VERIFICATION_QUEUE: QueueDefinition<VerificationJobData> = {
  name: 'verification',
  retryLimit: 3,
  retryDelaySeconds: 10,
  expireInSeconds: 900,
  order: 'round-robin-by-participant',
};
