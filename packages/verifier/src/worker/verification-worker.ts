// The verification worker: takes verification jobs from the queue, verifies the recording's video
// with the pose SDK (verifyVideo) and writes counts, evidence and contact sheets (the store). Runs
// inside reptemple-server (--workers N) and as `reptemple worker` on other machines: both start it
// here, with the same queue in the same PostgreSQL, so adding machines adds workers.
//
// Faults: a video no try can fix ends failed at once with its reason; any other error is retried
// by the queue with backoff, the reason kept on the recording, and the last try's reason stays; a
// worker killed mid-job leaves its job lock free, so any worker retries the job within
// ORPHAN_CHECK_INTERVAL_MS; a stale or repeated job writes nothing new (the store's request check).

import { hostname } from 'node:os';
import {
  assertDefinitionCountable,
  countingAnalyserFor,
  type ExerciseDefinition,
  normalizeDefinition,
} from '@reptemple/definitions';
import type { AnalyzerChoice } from '@reptemple/pose-sdk';
import {
  createPoseEngine,
  isPoseEngineError,
  type PoseEngine,
  type PoseModelVariant,
} from '@reptemple/pose-sdk/node';
import pg from 'pg';
import type { VerifierLogger } from '../log.js';
import { type JobQueue, type QueuedJob, startJobQueue } from '../queue/job-queue.js';
import { DEFAULT_VERIFICATION_MODEL, verificationFps } from '../verify/sampling.js';
import { verifyVideo } from '../verify/verify-video.js';
import { childBrowserPids, lowerPriority } from './browser-processes.js';
import { type MediaSource, openVideo, videoFileOf } from './media-source.js';
import { VerificationError } from './verification-error.js';
import { VERIFICATION_QUEUE, type VerificationJobData } from './verification-queue.js';
import {
  loadVerificationContext,
  recordFailure,
  recordVerification,
  settleForgottenRequests,
  uploaderOf,
} from './verification-store.js';

/** ms between checks for jobs whose worker died, and for recordings the queue lost track of. */
export const ORPHAN_CHECK_INTERVAL_MS = 15_000;

export interface VerificationWorkerOptions {
  /** A PostgreSQL URL that may write the recordings (the database owner or a superuser). */
  readonly databaseUrl: string;
  readonly media: MediaSource;
  /** Jobs at once, one headless Chromium each. */
  readonly workers: number;
  readonly log: VerifierLogger;
  /** The server's queue, when it already runs one; else the worker starts its own. */
  readonly queue?: JobQueue;
  readonly ffmpegPath?: string;
  /** Called with the pid of every child process it starts (Chromium, ffmpeg), so the caller can
   * stop them should it die (the server's child watchdog). */
  readonly onChildProcess?: (pid: number) => void;
}

export interface VerificationWorker {
  /** Finishes running jobs (up to the queue's stop timeout), closes the browsers. */
  stop(): Promise<void>;
}

/** How a challenge's exercise is counted: by the analyser the browser counts it with
 * (countingAnalyserFor, @reptemple/definitions), with the challenge's definition. */
export function analyserChoiceFor(
  definitionId: string,
  name: string,
  stored: unknown,
): AnalyzerChoice {
  if (countingAnalyserFor(definitionId) === 'pushup') return { kind: 'pushup' };
  let definition: ExerciseDefinition;
  try {
    definition = normalizeDefinition(stored, name);
    assertDefinitionCountable(definition);
  } catch (error) {
    throw new VerificationError(
      'definition_unusable',
      `The challenge's exercise definition "${name}" cannot count: ${(error as Error).message}`,
    );
  }
  return { kind: 'definition', definition };
}

function isPermanent(error: unknown): boolean {
  if (error instanceof VerificationError) return true;
  return (
    isPoseEngineError(error, 'VIDEO_NOT_FOUND') || isPoseEngineError(error, 'VIDEO_DECODE_FAILED')
  );
}

function reasonOf(error: unknown): string {
  if (isPoseEngineError(error, 'VIDEO_DECODE_FAILED')) {
    return `The video could not be read (damaged or truncated): ${(error as Error).message}`;
  }
  return error instanceof Error ? error.message : String(error);
}

export async function startVerificationWorker(
  options: VerificationWorkerOptions,
): Promise<VerificationWorker> {
  const { log } = options;
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    application_name: 'reptemple-verifier',
    max: Math.max(2, options.workers + 1),
  });
  pool.on('error', (error) => log.warn('verifier_connection_lost', { error }));
  const queue = options.queue ?? (await startJobQueue({ databaseUrl: options.databaseUrl, log }));
  await queue.ensureQueue(VERIFICATION_QUEUE);
  const workerName = `${hostname()}:${process.pid}`;

  const watched = new Set<number>();
  const watchBrowsers = async () => {
    const browsers = await childBrowserPids();
    // Every time: renderers started since the last job are lowered too.
    await lowerPriority(browsers);
    if (!options.onChildProcess) return;
    for (const pid of browsers) {
      if (watched.has(pid)) continue;
      watched.add(pid);
      options.onChildProcess(pid);
    }
  };
  const onMediaProcess = (pid: number) => {
    void lowerPriority([pid]);
    options.onChildProcess?.(pid);
  };
  // One engine per model variant in use, started on first need and kept warm.
  const engines = new Map<PoseModelVariant, Promise<PoseEngine>>();
  const engineFor = (model: PoseModelVariant) => {
    let engine = engines.get(model);
    if (!engine) {
      engine = createPoseEngine({ model, workers: options.workers });
      engines.set(model, engine);
      engine.then(watchBrowsers, () => engines.delete(model));
    }
    return engine;
  };
  // The common case starts now, so the first job does not wait for Chromium.
  engineFor(DEFAULT_VERIFICATION_MODEL).catch((error: unknown) =>
    log.error('verifier_engine_failed', { error }),
  );

  const handle = async (job: QueuedJob<VerificationJobData>) => {
    const { recordingId, request } = job.data;
    const target = { recordingId, request };
    const context = await loadVerificationContext(pool, recordingId);
    if (!context) {
      log.info('verification_recording_gone', { recordingId });
      return;
    }
    if (context.request !== request) {
      log.info('verification_stale', { recordingId });
      return;
    }
    // Done already: failed for good, or verified for this request (a try that committed but whose
    // completion was lost, or a second job for the same request).
    if (context.status === 'failed' || context.status === 'no_video') return;
    if (context.status === 'verified' && context.verifiedForRequest) return;
    const started = performance.now();
    try {
      if (!context.videoUrl)
        throw new VerificationError('video_missing', 'The recording has no video.');
      const videoFile = videoFileOf(context.videoUrl);
      const uploader = await uploaderOf(pool, videoFile);
      if (uploader === null) {
        throw new VerificationError(
          'video_missing',
          `Expected a video uploaded to this server as ${videoFile}, found none (no upload has that name).`,
        );
      }
      // The database refuses such a recording at insert (supabase/rules/submission.sql); this
      // catches rows written around it (the service role, or saved before that rule).
      if (uploader !== context.userId) {
        throw new VerificationError(
          'video_not_owned',
          'The video was not uploaded by the participant who submitted the recording.',
        );
      }
      const choice = analyserChoiceFor(
        context.definitionId,
        context.definitionName,
        context.definition,
      );
      const engine = await engineFor(context.model);
      await watchBrowsers();
      const video = await openVideo(options.media, videoFile);
      try {
        const result = await verifyVideo(engine, video.file, {
          choice,
          ...(options.ffmpegPath ? { ffmpegPath: options.ffmpegPath } : {}),
          onChildProcess: onMediaProcess,
        });
        const written = await recordVerification(pool, target, result, {
          model: result.model,
          fps: result.fps ?? null,
          analyser: choice.kind,
          frames: result.timing.frames,
          durationMs: Math.round(result.durationMs),
          wallMs: Math.round(result.timing.wallMs),
          inferenceMs: Math.round(result.timing.inferenceMs),
          worker: workerName,
          decodeWarnings: [...result.decodeWarnings].slice(0, 5),
        });
        if (result.contactSheetFailures.length > 0) {
          // The counts and evidence are written; only these reps' pictures are missing.
          log.warn('contact_sheets_failed', {
            recordingId,
            reps: result.contactSheetFailures.map((failure) => failure.repNumber),
            reason: result.contactSheetFailures[0]!.reason,
          });
        }
        log.info('verification_done', {
          recordingId,
          written,
          valid: result.analysis.validReps,
          invalid: result.analysis.invalidReps,
          claimedTotal: context.claimedTotal,
          try: job.retryCount + 1,
          ms: Math.round(performance.now() - started),
          inferenceMs: Math.round(result.timing.inferenceMs),
          extractionMs: Math.round(result.timing.extractionMs),
          frameWaitMs: Math.round(result.timing.frameWaitMs),
          contactSheetsMs: Math.round(result.timing.contactSheetsMs),
        });
      } finally {
        await video.release();
      }
    } catch (error) {
      const permanent = isPermanent(error);
      const final = permanent || job.isLastTry;
      const reason = reasonOf(error);
      const triesLeft = job.retryLimit - job.retryCount;
      await recordFailure(
        pool,
        target,
        final
          ? reason
          : `Try ${job.retryCount + 1} failed, trying again (${triesLeft} left): ${reason}`,
        final,
      );
      log[final ? 'error' : 'warn']('verification_failed', {
        recordingId,
        final,
        try: job.retryCount + 1,
        error,
      });
      if (!final) throw error;
    }
  };

  await queue.work(VERIFICATION_QUEUE, options.workers, handle);

  let checking = false;
  const check = async () => {
    if (checking) return;
    checking = true;
    try {
      await queue.retryOrphanedJobs(VERIFICATION_QUEUE);
      const settled = await settleForgottenRequests(pool);
      if (settled.queued + settled.failed > 0) log.info('verification_requests_settled', settled);
    } catch (error) {
      log.warn('verification_check_failed', { error });
    } finally {
      checking = false;
    }
  };
  await check();
  const timer = setInterval(() => void check(), ORPHAN_CHECK_INTERVAL_MS);
  timer.unref();
  log.info('verifier_started', {
    workers: options.workers,
    media: options.media.kind === 'url' ? options.media.baseUrl : options.media.dir,
    fps: verificationFps({ kind: 'pushup' }),
  });

  return {
    async stop() {
      clearInterval(timer);
      if (!options.queue) await queue.stop();
      for (const engine of engines.values()) {
        await engine.then((running) => running.close()).catch(() => undefined);
      }
      await pool.end();
    },
  };
}
