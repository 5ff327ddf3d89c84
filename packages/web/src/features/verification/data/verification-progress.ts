// A recording's verification progress from the media API (GET /api/recordings/{id}/verification):
// its place in the queue and an estimate from the measured rate. Public, like the status.

export interface VerificationProgress {
  status: 'no_video' | 'verifying' | 'verified' | 'failed';
  queue:
    | { state: 'absent' }
    | { state: 'running'; runningSeconds: number }
    | { state: 'waiting'; position: number; running: number; stalled: boolean };
  estimate: { remainingSeconds: number; secondsPerVideoSecond: number; samples: number } | null;
}

/** A recording's verification progress; throws with the status and body on a non-2xx answer. */
export async function getVerificationProgress(
  recordingId: string,
  signal?: AbortSignal,
): Promise<VerificationProgress> {
  const response = await fetch(`/api/recordings/${encodeURIComponent(recordingId)}/verification`, {
    signal,
  });
  if (!response.ok)
    throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
  return (await response.json()) as VerificationProgress;
}
