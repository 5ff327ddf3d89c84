// Submit Challenge with fake I/O (spec 02 §5, §8): an empty recording is not uploaded; a failed
// upload still saves the attempt, without a video, and keeps the video on the device; a failed
// insert keeps everything; a duplicate is refused for good; a video sent later is attached.

import { describe, expect, it } from 'vitest';
import {
  DuplicateSubmissionError,
  type NewRecording,
  RecordingRefusedError,
} from '../../../data/recordings/recordings';
import type { PendingAttempt } from '../data/pending-attempts';
import { UploadError } from '../data/upload-video';
import type { FinishedAttempt } from './submission';
import { type SubmitDeps, submitAttempt } from './submit-attempt';

const attempt: FinishedAttempt = {
  id: 'c1-s1',
  challengeId: 'c1',
  userId: 'u1',
  recordedAt: '2026-05-10T12:00:00.000Z',
  validReps: 9,
  invalidReps: 1,
  durationSeconds: 40,
  endedBy: 'user',
  reps: [],
  analyser: 'pushup',
  model: 'lite',
  analysedFrames: 500,
  analysedFps: 12.5,
  definition: null,
  exerciseName: 'Push-up',
};

const target = {
  challenge: { id: 'c1', name: 'Wall', is_daily: false },
  participant: { userId: 'u1', email: 'ann@x.test', name: 'Ann', gender: 'female' as const },
  ref: null,
};

function pending(bytes: number): PendingAttempt {
  return {
    attempt,
    video: new Blob([new Uint8Array(bytes)]),
    mimeType: 'video/webm',
    recordingId: null,
  };
}

function fakes(overrides: Partial<SubmitDeps> = {}) {
  const calls = {
    uploads: 0,
    inserted: [] as NewRecording[],
    attached: [] as string[],
    saved: [] as PendingAttempt[],
    removed: [] as string[],
  };
  const deps: SubmitDeps = {
    async upload() {
      calls.uploads += 1;
      return {
        success: true,
        videoUrl: '/media/videos/v.webm',
        gifUrl: '/media/gifs/v.gif',
        thumbnailUrl: null,
        sessionId: attempt.id,
        processingError: null,
      };
    },
    async insert(row) {
      calls.inserted.push(row);
      return 'r1';
    },
    async attachVideo(id, url) {
      calls.attached.push(`${id} ${url}`);
    },
    async savePending(value) {
      calls.saved.push(value);
    },
    async removePending(id) {
      calls.removed.push(id);
    },
    ...overrides,
  };
  return { deps, calls };
}

describe('submitAttempt', () => {
  it('uploads, saves the row with the video, and lets the attempt go', async () => {
    const { deps, calls } = fakes();
    const phases: string[] = [];
    const outcome = await submitAttempt(deps, target, pending(100), (phase) =>
      phases.push(phase.kind),
    );
    expect(outcome).toEqual({
      kind: 'saved',
      recordingId: 'r1',
      videoSaved: true,
      uploadError: null,
    });
    expect(calls.inserted[0]).toMatchObject({ video_url: '/media/videos/v.webm', valid_reps: 9 });
    expect(calls.removed).toEqual(['c1-s1']);
    expect(phases[0]).toBe('uploading');
    expect(phases.at(-1)).toBe('saving');
  });

  it('does not upload an empty recording and saves the attempt without a video', async () => {
    const { deps, calls } = fakes();
    const outcome = await submitAttempt(deps, target, pending(0), () => undefined);
    expect(calls.uploads).toBe(0);
    expect(outcome).toMatchObject({ kind: 'saved', videoSaved: false });
    expect(calls.inserted[0]!.video_url).toBeNull();
    expect(calls.removed).toEqual(['c1-s1']);
  });

  it('a failed upload saves the attempt without its video and keeps the video for later', async () => {
    const { deps, calls } = fakes({
      async upload() {
        throw new UploadError('Upload failed with status 503: Service Unavailable', 503);
      },
    });
    const outcome = await submitAttempt(deps, target, pending(100), () => undefined);
    expect(outcome).toEqual({
      kind: 'saved',
      recordingId: 'r1',
      videoSaved: false,
      uploadError: 'Upload failed with status 503: Service Unavailable',
    });
    expect(calls.inserted[0]!.video_url).toBeNull();
    expect(calls.removed).toEqual([]);
    expect(calls.saved[0]!.recordingId).toBe('r1');

    // Sent again later: only the video goes, attached to the saved row.
    const again = fakes();
    const resent = await submitAttempt(again.deps, target, calls.saved[0]!, () => undefined);
    expect(resent).toMatchObject({ kind: 'saved', videoSaved: true });
    expect(again.calls.inserted).toEqual([]);
    expect(again.calls.attached).toEqual(['r1 /media/videos/v.webm']);
    expect(again.calls.removed).toEqual(['c1-s1']);
  });

  it('a failed insert keeps the attempt on the device', async () => {
    const { deps, calls } = fakes({
      async insert() {
        throw new TypeError('Failed to fetch');
      },
    });
    const outcome = await submitAttempt(deps, target, pending(100), () => undefined);
    expect(outcome.kind).toBe('failed');
    expect(calls.removed).toEqual([]);
  });

  it('a second submission is refused for good, with the message for the policy', async () => {
    const single = fakes({
      async insert() {
        throw new DuplicateSubmissionError('Already submitted');
      },
    });
    expect(await submitAttempt(single.deps, target, pending(10), () => undefined)).toEqual({
      kind: 'duplicate',
      message:
        'This challenge takes one attempt per participant, and yours is already on the leaderboard.',
    });
    expect(single.calls.removed).toEqual(['c1-s1']);
    const daily = await submitAttempt(
      single.deps,
      { ...target, challenge: { ...target.challenge, is_daily: true } },
      pending(10),
      () => undefined,
    );
    expect(daily.kind === 'duplicate' && daily.message).toContain('one attempt a day');
  });

  it('a challenge that closed refuses the attempt for good, without passing on the database text', async () => {
    const { deps, calls } = fakes({
      async insert() {
        throw new RecordingRefusedError('new row violates row-level security policy');
      },
    });
    // The flow words the refusal from the challenge's state; the policy's text never reaches it.
    expect(await submitAttempt(deps, target, pending(10), () => undefined)).toEqual({
      kind: 'refused',
    });
    expect(calls.removed).toEqual(['c1-s1']);
  });
});
