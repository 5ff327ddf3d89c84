// ffmpeg work of the media API: check that an upload is a playable video and measure it, make its
// thumbnail and its share GIF. Uses the system's ffmpeg (Debian package; FFMPEG_PATH to override):
// ffmpeg-static downloads its binary from outside the npm registry at install time, which this
// project cannot do. Every process runs through the server's FfmpegPool (a bounded number at
// once), at a lower CPU priority than the server, and is registered with the child watchdog.

import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import {
  FFMPEG_NICENESS,
  FFMPEG_TIMEOUT_MS,
  GIF_FRAME_COUNT,
  GIF_PLAYBACK_FPS,
  GIF_WIDTH_PX,
  THUMBNAIL_WIDTH_PX,
} from '../constants.js';
import { AppError, describeError } from '../errors.js';
import { type ChildGuard, STOP_AT_ONCE } from '../process/child-guard.js';
import type { FfmpegPool, FfmpegPriority } from './ffmpeg-pool.js';

export interface FfmpegResult {
  stdout: string;
  stderr: string;
}

/** What runs ffmpeg: the binary, the pool that bounds how many run at once, the watchdog. */
export interface FfmpegRunner {
  path: string;
  pool: FfmpegPool;
  guard: ChildGuard;
}

export function runFfmpeg(
  runner: FfmpegRunner,
  priority: FfmpegPriority,
  args: string[],
  timeoutMs = FFMPEG_TIMEOUT_MS,
): Promise<FfmpegResult> {
  return runner.pool.run(priority, () => spawnFfmpeg(runner, args, timeoutMs));
}

function spawnFfmpeg(
  runner: FfmpegRunner,
  args: string[],
  timeoutMs: number,
): Promise<FfmpegResult> {
  return new Promise((resolve, reject) => {
    // Own process group: a Ctrl-C on the server must not kill a job that shutdown waits for; the
    // timeout and the watchdog stop the whole group.
    const child = spawn(runner.path, ['-hide_banner', '-nostdin', ...args], {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (child.pid !== undefined) {
      try {
        // Below the server and PostgreSQL: under load, media work waits, requests do not.
        setPriority(child.pid, FFMPEG_NICENESS);
      } catch {
        // It may have exited already; its result says how it went.
      }
    }
    const watched = runner.guard.watch(child.pid, STOP_AT_ONCE);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      // Keep the tail only: errors come last. chars
      stderr = (stderr + chunk).slice(-8000);
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(
        new AppError({
          code: 'ffmpeg_unavailable',
          status: 500,
          message: `ffmpeg could not be started (${runner.path}).`,
          expected: 'ffmpeg on the PATH (apt-get install ffmpeg) or FFMPEG_PATH',
          received: error.message,
          cause: error,
        }),
      );
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      void watched.then(() => runner.guard.forget(child.pid));
      if (code === 0) {
        resolve({ stdout, stderr });
        return;
      }
      const lastLine = stderr.trim().split('\n').slice(-3).join(' | ') || `exit ${code ?? signal}`;
      reject(
        new AppError({
          code: timedOut ? 'ffmpeg_timeout' : 'ffmpeg_failed',
          status: 500,
          message: timedOut
            ? `ffmpeg took longer than ${timeoutMs} ms`
            : `ffmpeg failed: ${lastLine}`,
          expected: 'a decodable video',
          received: lastLine,
        }),
      );
    });
  });
}

/** ffmpeg's message without the server's file path (the client needs the reason, not the path). */
function withoutPath(error: unknown, file: string): string {
  return describeError(error).replaceAll(file, 'the upload');
}

function unreadable(reason: string): AppError {
  return new AppError({
    code: 'unreadable_video',
    status: 422,
    message: 'The file is not a playable video.',
    expected: 'a WebM or MP4 recording whose frames can be decoded',
    received: reason,
    hint: 'Record again; a damaged or unfinished recording cannot be submitted.',
  });
}

/** Checks that an upload is a playable video and measures it: its length (the last packet's
 * time; browser recordings have no duration in their header) and its first frame decoded. A file
 * that fails either is refused: an unreadable length must not skip the length limit. s */
export async function probeVideo(runner: FfmpegRunner, file: string): Promise<number> {
  let stdout: string;
  try {
    ({ stdout } = await runFfmpeg(runner, 'upload-check', [
      '-v',
      'error',
      // Every packet must be read to the end: an MP4 cut short (its index points past the end of
      // the file) would otherwise pass on its header's length and fail verification later.
      '-xerror',
      '-i',
      file,
      '-map',
      '0:v:0',
      '-c',
      'copy',
      '-f',
      'null',
      '-progress',
      'pipe:1',
      '-nostats',
      '-',
    ]));
  } catch (error) {
    if (error instanceof AppError && error.code === 'ffmpeg_unavailable') throw error;
    throw unreadable(`its container cannot be read (${withoutPath(error, file)})`);
  }
  const times = [...stdout.matchAll(/^out_time_us=(\d+)$/gm)].map((match) => Number(match[1]));
  const last = times.at(-1);
  if (last === undefined || !Number.isFinite(last) || last <= 0) {
    throw unreadable('no video frames');
  }
  try {
    await runFfmpeg(runner, 'upload-check', [
      '-v',
      'error',
      '-xerror',
      '-threads',
      '1',
      '-i',
      file,
      '-map',
      '0:v:0',
      '-frames:v',
      '1',
      '-f',
      'null',
      '-',
    ]);
  } catch (error) {
    if (error instanceof AppError && error.code === 'ffmpeg_unavailable') throw error;
    throw unreadable(`its first frame cannot be decoded (${withoutPath(error, file)})`);
  }
  // µs -> s
  return last / 1_000_000;
}

export async function makeThumbnail(
  runner: FfmpegRunner,
  input: string,
  output: string,
  durationSeconds: number | undefined,
): Promise<void> {
  // One second in, or the middle of a shorter clip: the first frames are often the countdown. s
  const at = Math.max(0, Math.min(1, (durationSeconds ?? 0) / 2));
  await runFfmpeg(runner, 'media-job', [
    '-v',
    'error',
    '-y',
    '-threads',
    '1',
    '-i',
    input,
    '-ss',
    at.toFixed(3),
    '-frames:v',
    '1',
    '-vf',
    `scale=${THUMBNAIL_WIDTH_PX}:-2`,
    '-q:v',
    '3',
    '-f',
    'image2',
    output,
  ]);
}

/** A looping time-lapse of the whole recording: GIF_FRAME_COUNT frames spread evenly over it,
 * played at GIF_PLAYBACK_FPS, with a palette made for the clip. */
export async function makeGif(
  runner: FfmpegRunner,
  input: string,
  output: string,
  durationSeconds: number | undefined,
): Promise<void> {
  // frames/s taken from the recording
  const sampleRate =
    durationSeconds && durationSeconds > 0 ? Math.max(0.05, GIF_FRAME_COUNT / durationSeconds) : 2;
  const frames = `fps=${sampleRate.toFixed(4)},setpts=N/${GIF_PLAYBACK_FPS}/TB,scale=${GIF_WIDTH_PX}:-2:flags=bilinear`;
  const filter = `${frames},split[frames][copy];[copy]palettegen=max_colors=128:stats_mode=diff[palette];[frames][palette]paletteuse=dither=bayer:bayer_scale=3`;
  await runFfmpeg(runner, 'media-job', [
    '-v',
    'error',
    '-y',
    '-threads',
    '1',
    '-i',
    input,
    '-filter_threads',
    '1',
    '-filter_complex',
    filter,
    '-frames:v',
    String(GIF_FRAME_COUNT),
    '-loop',
    '0',
    '-f',
    'gif',
    output,
  ]);
}
