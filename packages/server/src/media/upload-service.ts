// POST /api/upload-video (spec 02 §7): receives a recording as multipart form data, checks it is a
// video within the size and length limits, keeps it, and makes a JPEG thumbnail and a looping GIF.
// A failure to make the thumbnail or GIF keeps the video and is reported in processingError.

import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { DEFAULT_UPLOAD_EXERCISE, MAX_RECORDING_SECONDS } from '../constants.js';
import { AppError, describeError } from '../errors.js';
import type { Logger } from '../log.js';
import { makeGif, makeThumbnail, measureDurationSeconds } from './ffmpeg.js';
import { describeLeadingBytes, sniffVideoContainer } from './video-sniff.js';

export interface UploadResult {
  success: true;
  videoUrl: string;
  thumbnailUrl: string | null;
  gifUrl: string | null;
  sessionId: string;
  processingError: string | null;
  durationSeconds: number | null;
}

export interface MediaServiceOptions {
  mediaDir: string;
  maxBytes: number;
  ffmpegPath: string;
  log: Logger;
}

export const MEDIA_KINDS = { videos: 'videos', thumbnails: 'thumbnails', gifs: 'gifs' } as const;
const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
const EXERCISE_PATTERN = /^[A-Z0-9_]{1,40}$/;
/** Fields other than the video are small; analysisData is the largest. bytes */
const MAX_FIELD_BYTES = 2 * 1024 * 1024;

interface ReceivedUpload {
  fields: Map<string, string>;
  videoFile: string | undefined;
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

export class MediaService {
  constructor(private readonly options: MediaServiceOptions) {}

  dir(kind: keyof typeof MEDIA_KINDS): string {
    return path.join(this.options.mediaDir, MEDIA_KINDS[kind]);
  }

  async prepare(): Promise<void> {
    for (const dir of [
      this.dir('videos'),
      this.dir('thumbnails'),
      this.dir('gifs'),
      path.join(this.options.mediaDir, 'meta'),
      path.join(this.options.mediaDir, 'incoming'),
    ]) {
      await mkdir(dir, { recursive: true });
    }
    // Parts of uploads cut off by a crash are never completed.
    await rm(path.join(this.options.mediaDir, 'incoming'), { recursive: true, force: true });
    await mkdir(path.join(this.options.mediaDir, 'incoming'), { recursive: true });
  }

  /** Rejects a body that declares itself too large before reading it. */
  checkDeclaredLength(req: IncomingMessage): void {
    const declared = Number(req.headers['content-length']);
    // Room for the form's boundaries and small fields. bytes
    const overhead = MAX_FIELD_BYTES + 64 * 1024;
    if (Number.isFinite(declared) && declared > this.options.maxBytes + overhead) {
      throw this.tooLarge(`${declared} bytes`);
    }
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

  private receive(req: IncomingMessage): Promise<ReceivedUpload> {
    const contentType = req.headers['content-type'] ?? '';
    if (!/^multipart\/form-data/i.test(contentType)) {
      return Promise.reject(
        uploadError(
          'not_multipart',
          400,
          'The upload must be multipart/form-data.',
          'multipart/form-data with a video file',
          contentType || 'no content type',
        ),
      );
    }
    return new Promise((resolve, reject) => {
      const received: ReceivedUpload = {
        fields: new Map(),
        videoFile: undefined,
        videoBytes: 0,
        videoFileName: undefined,
      };
      let failure: AppError | undefined;
      const pendingWrites: Array<Promise<void>> = [];
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
        reject(
          uploadError(
            'bad_multipart',
            400,
            'The multipart form could not be read.',
            'a multipart body with a boundary',
            describeError(error),
          ),
        );
        return;
      }
      parser.on('field', (name, value, info) => {
        if (info.valueTruncated)
          failure ??= uploadError(
            'field_too_large',
            413,
            `The field ${name} is too large.`,
            `at most ${MAX_FIELD_BYTES} bytes`,
            'more',
          );
        received.fields.set(name, value);
      });
      parser.on('file', (name, stream, info) => {
        if (name !== 'video') {
          failure ??= uploadError(
            'unexpected_file',
            400,
            `Unexpected file field ${name}.`,
            'one file, in the field "video"',
            name,
          );
          stream.resume();
          return;
        }
        const temp = path.join(this.options.mediaDir, 'incoming', `${randomUUID()}.part`);
        received.videoFile = temp;
        received.videoFileName = info.filename;
        stream.on('data', (chunk: Buffer) => {
          received.videoBytes += chunk.length;
        });
        stream.on('limit', () => {
          failure ??= this.tooLarge(`more than ${this.options.maxBytes} bytes`);
        });
        pendingWrites.push(pipeline(stream, createWriteStream(temp)));
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
        reject(
          uploadError(
            'bad_multipart',
            400,
            'The multipart form could not be read.',
            'a complete multipart body',
            describeError(error),
          ),
        );
      });
      parser.on('close', () => {
        Promise.all(pendingWrites).then(
          () => (failure ? reject(failure) : resolve(received)),
          (error: unknown) =>
            reject(
              failure ??
                uploadError(
                  'upload_interrupted',
                  400,
                  'The upload was interrupted.',
                  'the whole file',
                  describeError(error),
                ),
            ),
        );
      });
      req.on('aborted', () => {
        failure ??= uploadError(
          'upload_interrupted',
          400,
          'The upload was interrupted.',
          'the whole request body',
          'a connection closed early',
        );
      });
      req.pipe(parser);
    });
  }

  async handleUpload(req: IncomingMessage, userId: string): Promise<UploadResult> {
    this.checkDeclaredLength(req);
    let received: ReceivedUpload | undefined;
    try {
      received = await this.receive(req);
      return await this.store(received, userId);
    } finally {
      // On success the part was renamed away; anything still here is a rejected upload.
      const leftover = received?.videoFile;
      if (leftover) await rm(leftover, { force: true });
    }
  }

  private parseFields(fields: Map<string, string>) {
    const missing = ['sessionId', 'totalPushups', 'challengeName'].filter(
      (name) => !fields.get(name)?.trim(),
    );
    if (missing.length) {
      throw uploadError(
        'missing_field',
        400,
        `Missing field${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}.`,
        'video, sessionId, totalPushups, challengeName (exercise and analysisData optional)',
        `fields ${[...fields.keys()].join(', ') || 'none'}`,
      );
    }
    const sessionId = fields.get('sessionId')!.trim();
    if (!SESSION_ID_PATTERN.test(sessionId)) {
      throw uploadError(
        'invalid_field',
        400,
        'sessionId may contain only letters, digits, - and _.',
        '1-100 characters of A-Z a-z 0-9 - _',
        sessionId.slice(0, 120),
      );
    }
    const totalPushups = Number(fields.get('totalPushups'));
    if (!Number.isInteger(totalPushups) || totalPushups < 0 || totalPushups > 2000) {
      throw uploadError(
        'invalid_field',
        400,
        'totalPushups must be a whole number.',
        'an integer from 0 to 2000',
        String(fields.get('totalPushups')),
      );
    }
    const challengeName = fields.get('challengeName')!.trim().slice(0, 200);
    const exercise = (fields.get('exercise')?.trim() || DEFAULT_UPLOAD_EXERCISE).toUpperCase();
    if (!EXERCISE_PATTERN.test(exercise)) {
      throw uploadError(
        'invalid_field',
        400,
        'exercise must be a name like PUSHUP.',
        'A-Z, 0-9 and _, up to 40 characters',
        exercise.slice(0, 60),
      );
    }
    let analysisData: unknown = null;
    const rawAnalysis = fields.get('analysisData');
    if (rawAnalysis?.trim()) {
      try {
        analysisData = JSON.parse(rawAnalysis);
      } catch (error) {
        throw new AppError({
          code: 'invalid_field',
          status: 400,
          message: 'analysisData is not valid JSON.',
          expected: 'a JSON object',
          received: describeError(error),
          cause: error,
        });
      }
    }
    return { sessionId, totalPushups, challengeName, exercise, analysisData };
  }

  private async store(received: ReceivedUpload, userId: string): Promise<UploadResult> {
    if (!received.videoFile) {
      throw uploadError(
        'missing_field',
        400,
        'Missing field: video.',
        'a file in the field "video"',
        `fields ${[...received.fields.keys()].join(', ') || 'none'}`,
      );
    }
    const fields = this.parseFields(received.fields);
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
    const handle = await open(received.videoFile, 'r');
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

    const { ffmpegPath, log } = this.options;
    let durationSeconds: number | undefined;
    const problems: string[] = [];
    try {
      durationSeconds = await measureDurationSeconds(ffmpegPath, received.videoFile);
    } catch (error) {
      problems.push(`could not read the video's length: ${describeError(error)}`);
    }
    if (durationSeconds !== undefined && durationSeconds > MAX_RECORDING_SECONDS) {
      throw uploadError(
        'video_too_long',
        422,
        `The video is longer than ${MAX_RECORDING_SECONDS} seconds.`,
        `at most ${MAX_RECORDING_SECONDS} s (a 5-minute session plus margin)`,
        `${durationSeconds.toFixed(1)} s`,
      );
    }

    // A random suffix: a repeated session id never overwrites an earlier upload.
    const fileId = `${fields.sessionId}-${randomBytes(4).toString('hex')}`;
    const videoName = `${fileId}.${container.extension}`;
    const videoPath = path.join(this.dir('videos'), videoName);
    await rename(received.videoFile, videoPath);
    received.videoFile = undefined;

    const thumbnailName = `${fileId}.jpg`;
    const gifName = `${fileId}.gif`;
    const started = performance.now();
    const [thumbnail, gif] = await Promise.allSettled([
      makeThumbnail(
        ffmpegPath,
        videoPath,
        path.join(this.dir('thumbnails'), thumbnailName),
        durationSeconds,
      ),
      makeGif(ffmpegPath, videoPath, path.join(this.dir('gifs'), gifName), durationSeconds),
    ]);
    const thumbnailOk =
      thumbnail.status === 'fulfilled' &&
      (await nonEmpty(path.join(this.dir('thumbnails'), thumbnailName)));
    const gifOk =
      gif.status === 'fulfilled' && (await nonEmpty(path.join(this.dir('gifs'), gifName)));
    if (!thumbnailOk) {
      problems.push(
        `thumbnail failed: ${thumbnail.status === 'rejected' ? describeError(thumbnail.reason) : 'no frame produced'}`,
      );
      await rm(path.join(this.dir('thumbnails'), thumbnailName), { force: true });
    }
    if (!gifOk) {
      problems.push(
        `GIF failed: ${gif.status === 'rejected' ? describeError(gif.reason) : 'no frame produced'}`,
      );
      await rm(path.join(this.dir('gifs'), gifName), { force: true });
    }
    const processingError = problems.length
      ? `The video was saved, but processing failed: ${problems.join('; ')}`
      : null;
    const result: UploadResult = {
      success: true,
      videoUrl: `/media/videos/${videoName}`,
      thumbnailUrl: thumbnailOk ? `/media/thumbnails/${thumbnailName}` : null,
      gifUrl: gifOk ? `/media/gifs/${gifName}` : null,
      sessionId: fields.sessionId,
      processingError,
      durationSeconds: durationSeconds ?? null,
    };
    await writeFile(
      path.join(this.options.mediaDir, 'meta', `${fileId}.json`),
      JSON.stringify({
        ...result,
        userId,
        exercise: fields.exercise,
        totalPushups: fields.totalPushups,
        challengeName: fields.challengeName,
        analysisData: fields.analysisData,
        bytes: received.videoBytes,
        originalName: received.videoFileName,
        uploadedAt: new Date().toISOString(),
      }),
    );
    log[processingError ? 'warn' : 'info']('video_uploaded', {
      userId,
      sessionId: fields.sessionId,
      bytes: received.videoBytes,
      durationSeconds,
      processingMs: Math.round(performance.now() - started),
      processingError,
    });
    return result;
  }
}

async function nonEmpty(file: string): Promise<boolean> {
  try {
    return (await stat(file)).size > 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
