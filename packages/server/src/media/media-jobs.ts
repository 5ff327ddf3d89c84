// The media job of an upload: its JPEG thumbnail and its looping GIF, made after the upload was
// answered, through the job queue (at most MEDIA_WORKERS at once, retried with backoff). Each file
// is written under a .partial name and renamed when complete, so a file under its real name is
// always whole; a job killed half-way leaves only .partial files, removed at the next start, and
// is tried again.

import { stat } from 'node:fs/promises';
import type { QueueDefinition, QueuedJob } from '@reptemple/verifier';
import type pg from 'pg';
import { describeError } from '../errors.js';
import type { Logger } from '../log.js';
import { type FfmpegRunner, makeGif, makeThumbnail } from './ffmpeg.js';
import type { MediaKind, MediaStore } from './media-storage.js';
import { findUpload, recordProgress } from './media-store.js';

export interface MediaJobData {
  uploadId: string;
}

/** Thumbnail and GIF of one upload. Four tries in all (5 s, then about 10 s and 20 s apart); a try
 * that runs past 5 minutes counts as dead and is tried again (each ffmpeg step stops at 60 s). */
export const MEDIA_QUEUE: QueueDefinition<MediaJobData> = {
  name: 'media',
  retryLimit: 3,
  retryDelaySeconds: 5,
  expireInSeconds: 300,
};

async function nonEmpty(file: string): Promise<boolean> {
  try {
    return (await stat(file)).size > 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** Makes kind/name in the store (it appears once whole); true when it was made, else the reason
 * is pushed. */
async function makeFile(
  store: MediaStore,
  kind: MediaKind,
  name: string,
  make: (output: string) => Promise<void>,
  what: string,
  problems: string[],
): Promise<boolean> {
  try {
    await store.create(kind, name, async (output) => {
      await make(output);
      if (!(await nonEmpty(output))) throw new Error('no frame produced');
    });
    return true;
  } catch (error) {
    problems.push(`${what} failed: ${describeError(error)}`);
    return false;
  }
}

export function createMediaJobHandler(parts: {
  pool: pg.Pool;
  store: MediaStore;
  runner: FfmpegRunner;
  log: Logger;
}): (job: QueuedJob<MediaJobData>) => Promise<void> {
  const { pool, store, runner, log } = parts;
  return async (job) => {
    const { uploadId } = job.data;
    const upload = await findUpload(pool, uploadId);
    if (!upload) {
      // Its account was deleted since (the row went with it): nothing to make.
      log.info('media_job_upload_gone', { uploadId });
      return;
    }
    // A try that finished but whose completion was lost (a kill at that moment) is done already.
    if (upload.media_status !== 'queued') return;
    const started = performance.now();
    const duration = upload.duration_seconds ?? undefined;
    const problems: string[] = [];
    // Both at once: alone on the server they finish together; under load the pool spaces them.
    const [thumbnailReady, gifReady] = await store.withLocalFile(
      'videos',
      upload.video_file,
      (video) =>
        Promise.all([
          upload.thumbnail_ready ||
            makeFile(
              store,
              'thumbnails',
              `${uploadId}.jpg`,
              (output) => makeThumbnail(runner, video, output, duration),
              'thumbnail',
              problems,
            ),
          upload.gif_ready ||
            makeFile(
              store,
              'gifs',
              `${uploadId}.gif`,
              (output) => makeGif(runner, video, output, duration),
              'GIF',
              problems,
            ),
        ]),
    );
    const done = thumbnailReady && gifReady;
    const error = problems.length > 0 ? problems.join('; ') : null;
    const status = done ? 'ready' : job.isLastTry ? 'failed' : 'queued';
    await recordProgress(pool, uploadId, { thumbnailReady, gifReady, status, error });
    log[done ? 'info' : 'warn']('media_job_done', {
      uploadId,
      status,
      try: job.retryCount + 1,
      ms: Math.round(performance.now() - started),
      error,
    });
    // The queue tries again later (with backoff) while tries are left.
    if (status === 'queued') throw new Error(error ?? 'media not made');
  };
}
