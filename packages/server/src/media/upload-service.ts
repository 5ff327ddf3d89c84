// POST /api/upload-video (spec 02 §7): receives a recording as multipart form data, checks its
// fields and that it is a playable video within the size and length limits, keeps it, and queues
// its media job (thumbnail and GIF). The answer comes once the video and its job are stored; the
// thumbnail and GIF URLs in it are final and answer 503 (Retry-After) until the job has made them.
// GET /api/uploads/<id> says how far that is. An upload that is refused, or whose sender drops the
// connection, leaves no file behind.

import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { JobQueue } from '@reptemple/verifier';
import busboy from 'busboy';
import type pg from 'pg';
import { MAX_RECORDING_SECONDS } from '../constants.js';
import { AppError, describeError } from '../errors.js';
import type { Logger } from '../log.js';
import { type FfmpegRunner, probeVideo } from './ffmpeg.js';
import { MEDIA_QUEUE } from './media-jobs.js';
import { MEDIA_KINDS, type MediaKind, type MediaStore } from './media-storage.js';
import { findUpload, insertUpload, type MediaStatus } from './media-store.js';
import { assertMayQueueVerification } from './pending-verifications.js';
import { cleanOriginalName, parseUploadFields } from './upload-fields.js';
import { describeLeadingBytes, sniffVideoContainer } from './video-sniff.js';

/** The answer to an accepted upload. */
export interface UploadAnswer {
  success: true;
  uploadId: string;
  sessionId: string;
  videoUrl: string;
  /** Final URLs, known now: 503 with Retry-After until the media job has made the file. */
  thumbnailUrl: string;
  gifUrl: string;
  /** 'queued' in this answer: the thumbnail and GIF are being made. */
  mediaStatus: MediaStatus;
  /** GET it to follow the media job (UploadStatus). */
  statusUrl: string;
  durationSeconds: number;
  /** Always null here (kept for clients of the first version); the status URL reports failures. */
  processingError: null;
}

/** GET /api/uploads/<id>. */
export interface UploadStatus {
  uploadId: string;
  mediaStatus: MediaStatus;
  videoUrl: string;
  /** Null once the job has failed for good without making the file. */
  thumbnailUrl: string | null;
  gifUrl: string | null;
  processingError: string | null;
}

/** What a media path answers while its file does not exist. */
export type MissingMedia =
  | { state: 'processing' }
  | { state: 'failed'; reason: string | null }
  | { state: 'unknown' };

export interface MediaServiceOptions {
  store: MediaStore;
  /** This server's own directory for uploads being received and checked (never shared). */
  stagingDir: string;
  pool: pg.Pool;
  queue: JobQueue;
  runner: FfmpegRunner;
  maxBytes: number;
  log: Logger;
}

/** Fields other than the video are small; analysisData is the largest. bytes */
const MAX_FIELD_BYTES = 2 * 1024 * 1024;
export const UPLOAD_ID_PATTERN = /^[A-Za-z0-9_-]{1,120}$/;

interface ReceivedUpload {
  fields: Map<string, string>;
  hasVideo: boolean;
  videoBytes: number;
  videoFileName: string | undefined;
}

function uploadError(
  code: string,
  status: number,
  message: string,
  expected: string,
  received: string,
  hint?: string,
): AppError {
  return new AppError({ code, status, message, expected, received, ...(hint ? { hint } : {}) });
}

const mediaUrl = (kind: MediaKind, file: string) => `/media/${MEDIA_KINDS[kind]}/${file}`;

export class MediaService {
  constructor(private readonly options: MediaServiceOptions) {}

  get mediaStore(): MediaStore {
    return this.options.store;
  }

  /** Empties the staging directory: an upload being received when the server stopped is gone
   * with its connection. Call once at start, before any upload. */
  async prepareStaging(): Promise<void> {
    await rm(this.options.stagingDir, { recursive: true, force: true });
    await mkdir(this.options.stagingDir, { recursive: true });
  }

  /** The largest whole request body an upload may have: the video plus room for the form's
   * boundaries and small fields. bytes */
  get maxRequestBytes(): number {
    return this.options.maxBytes + MAX_FIELD_BYTES + 64 * 1024;
  }

  /** Rejects a body that declares itself too large before reading it. */
  checkDeclaredLength(req: IncomingMessage): void {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > this.maxRequestBytes) {
      throw this.tooLarge(`${declared} bytes`);
    }
  }

  async handleUpload(req: IncomingMessage, userId: string): Promise<UploadAnswer> {
    this.checkDeclaredLength(req);
    // Before anything is stored: a participant at the bound of pending verifications keeps the video.
    await assertMayQueueVerification(this.options.pool, userId);
    const incoming = path.join(this.options.stagingDir, `${randomUUID()}.part`);
    try {
      const received = await this.receive(req, incoming);
      return await this.store(received, incoming, userId);
    } finally {
      // Renamed away when the upload was kept; anything here is a refused or dropped upload.
      await rm(incoming, { force: true });
    }
  }

  async status(uploadId: string): Promise<UploadStatus | undefined> {
    if (!UPLOAD_ID_PATTERN.test(uploadId)) return undefined;
    const upload = await findUpload(this.options.pool, uploadId);
    if (!upload) return undefined;
    const failed = upload.media_status === 'failed';
    return {
      uploadId,
      mediaStatus: upload.media_status,
      videoUrl: mediaUrl('videos', upload.video_file),
      thumbnailUrl:
        failed && !upload.thumbnail_ready ? null : mediaUrl('thumbnails', `${uploadId}.jpg`),
      gifUrl: failed && !upload.gif_ready ? null : mediaUrl('gifs', `${uploadId}.gif`),
      processingError: upload.processing_error,
    };
  }

  /** Why a thumbnail or GIF is not there (yet). */
  async missingMedia(kind: MediaKind, fileName: string): Promise<MissingMedia> {
    const uploadId = fileName.split('.')[0]!;
    const upload = UPLOAD_ID_PATTERN.test(uploadId)
      ? await findUpload(this.options.pool, uploadId)
      : undefined;
    if (!upload || kind === 'videos') return { state: 'unknown' };
    const made = kind === 'thumbnails' ? upload.thumbnail_ready : upload.gif_ready;
    if (made) return { state: 'unknown' };
    return upload.media_status === 'failed'
      ? { state: 'failed', reason: upload.processing_error }
      : { state: 'processing' };
  }

  private tooLarge(received: string): AppError {
    const limitMb = Math.round(this.options.maxBytes / (1024 * 1024));
    return uploadError(
      'video_too_large',
      413,
      `The video is larger than ${limitMb} MB.`,
      `at most ${this.options.maxBytes} bytes`,
      received,
      'Record a shorter session (at most 5 minutes).',
    );
  }

  /** Reads the form; the video goes to `incoming`. Settles once every file handle is closed: on
   * success, on a refusal, and when the sender drops the connection. */
  private receive(req: IncomingMessage, incoming: string): Promise<ReceivedUpload> {
    const contentType = req.headers['content-type'] ?? '';
    if (!/^multipart\/form-data/i.test(contentType)) {
      return Promise.reject(
        uploadError(
          'not_multipart',
          400,
          'The upload must be multipart/form-data.',
          'multipart/form-data with a video file',
          contentType.slice(0, 100) || 'no content type',
        ),
      );
    }
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: {
          fileSize: this.options.maxBytes,
          files: 1,
          fields: 20,
          fieldSize: MAX_FIELD_BYTES,
        },
      });
    } catch (error) {
      return Promise.reject(
        uploadError(
          'bad_multipart',
          400,
          'The multipart form could not be read.',
          'a multipart body with a boundary',
          describeError(error),
        ),
      );
    }
    return new Promise((resolve, reject) => {
      const received: ReceivedUpload = {
        fields: new Map(),
        hasVideo: false,
        videoBytes: 0,
        videoFileName: undefined,
      };
      let failure: AppError | undefined;
      let settled = false;
      const fileStreams: Readable[] = [];
      const writes: Array<Promise<void>> = [];
      /** Answers once the file writes have ended (and closed their handles). */
      const settle = (error?: AppError) => {
        if (settled) return;
        settled = true;
        void Promise.allSettled(writes).then((results) => {
          const writeError = results.find((result) => result.status === 'rejected');
          const problem =
            error ??
            failure ??
            (writeError
              ? uploadError(
                  'upload_interrupted',
                  400,
                  'The upload was interrupted.',
                  'the whole file',
                  describeError((writeError as PromiseRejectedResult).reason),
                )
              : undefined);
          if (problem) reject(problem);
          else resolve(received);
        });
      };

      parser.on('field', (name, value, info) => {
        if (info.valueTruncated) {
          failure ??= uploadError(
            'field_too_large',
            413,
            `The field ${name} is too large.`,
            `at most ${MAX_FIELD_BYTES} bytes`,
            'more',
          );
        }
        received.fields.set(name, value);
      });
      parser.on('file', (name, stream, info) => {
        fileStreams.push(stream);
        if (name !== 'video' || received.hasVideo) {
          failure ??= uploadError(
            'unexpected_file',
            400,
            `Unexpected file field ${name}.`,
            'one file, in the field "video"',
            name.slice(0, 60),
          );
          stream.resume();
          return;
        }
        received.hasVideo = true;
        received.videoFileName = info.filename;
        stream.on('data', (chunk: Buffer) => {
          received.videoBytes += chunk.length;
        });
        stream.on('limit', () => {
          failure ??= this.tooLarge(`more than ${this.options.maxBytes} bytes`);
        });
        writes.push(pipeline(stream, createWriteStream(incoming, { flags: 'wx' })));
      });
      parser.on('filesLimit', () => {
        failure ??= uploadError(
          'too_many_files',
          400,
          'Only one video per upload.',
          'one file',
          'more than one',
        );
      });
      parser.on('error', (error: unknown) => {
        settle(
          uploadError(
            'bad_multipart',
            400,
            'The multipart form could not be read.',
            'a complete multipart body',
            describeError(error),
          ),
        );
      });
      parser.on('close', () => settle());
      // The sender dropped the connection: busboy would wait for the rest forever, with the file
      // still open. Stop reading and close it.
      req.once('close', () => {
        if (req.complete || settled) return;
        const interrupted = uploadError(
          'upload_interrupted',
          400,
          'The upload was interrupted.',
          'the whole request body',
          'a connection closed early',
        );
        req.unpipe(parser);
        for (const stream of fileStreams) stream.destroy(interrupted);
        parser.destroy();
        settle(interrupted);
      });
      req.pipe(parser);
    });
  }

  private async store(
    received: ReceivedUpload,
    incoming: string,
    userId: string,
  ): Promise<UploadAnswer> {
    if (!received.hasVideo) {
      throw uploadError(
        'missing_field',
        400,
        'Missing field: video.',
        'a file in the field "video"',
        `fields ${[...received.fields.keys()].join(', ') || 'none'}`,
      );
    }
    const fields = parseUploadFields(received.fields);
    if (received.videoBytes === 0) {
      throw uploadError(
        'empty_video',
        400,
        'The video file is empty.',
        'a recorded video',
        '0 bytes',
        'Record again; an empty recording is not uploaded.',
      );
    }
    const head = Buffer.alloc(16);
    const handle = await open(incoming, 'r');
    try {
      await handle.read(head, 0, 16, 0);
    } finally {
      await handle.close();
    }
    const container = sniffVideoContainer(head);
    if (!container) {
      throw uploadError(
        'not_a_video',
        415,
        'File is not a video',
        'a WebM or MP4 video',
        describeLeadingBytes(head),
      );
    }
    const { runner, pool, queue, log } = this.options;
    const durationSeconds = await probeVideo(runner, incoming);
    if (durationSeconds > MAX_RECORDING_SECONDS) {
      throw uploadError(
        'video_too_long',
        422,
        `The video is longer than ${MAX_RECORDING_SECONDS} seconds.`,
        `at most ${MAX_RECORDING_SECONDS} s (a 5-minute session plus margin)`,
        `${durationSeconds.toFixed(1)} s`,
      );
    }

    // A random suffix: a repeated session id never overwrites an earlier upload.
    const uploadId = `${fields.sessionId}-${randomBytes(4).toString('hex')}`;
    const videoFile = `${uploadId}.${container.extension}`;
    // Stored before the row is committed: a crash in between leaves a file without a row, which
    // a later start removes; never a row without its file.
    await this.options.store.put('videos', videoFile, incoming);
    const client = await pool.connect();
    try {
      await client.query('begin');
      await insertUpload(client, {
        id: uploadId,
        userId,
        videoFile,
        bytes: received.videoBytes,
        durationSeconds,
        fields,
        originalName: cleanOriginalName(received.videoFileName),
      });
      await queue.send(MEDIA_QUEUE, { uploadId }, { db: client });
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      await this.options.store.remove('videos', videoFile);
      throw error;
    } finally {
      client.release();
    }
    queue.wake(MEDIA_QUEUE);
    log.info('video_uploaded', {
      userId,
      uploadId,
      bytes: received.videoBytes,
      durationSeconds,
    });
    return {
      success: true,
      uploadId,
      sessionId: fields.sessionId,
      videoUrl: mediaUrl('videos', videoFile),
      thumbnailUrl: mediaUrl('thumbnails', `${uploadId}.jpg`),
      gifUrl: mediaUrl('gifs', `${uploadId}.gif`),
      mediaStatus: 'queued',
      statusUrl: `/api/uploads/${uploadId}`,
      durationSeconds,
      processingError: null,
    };
  }
}
