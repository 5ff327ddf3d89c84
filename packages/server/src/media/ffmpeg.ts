// ffmpeg jobs of the media API: measure a recording, make its thumbnail and its share GIF.
// Uses the system's ffmpeg (Debian package; FFMPEG_PATH to override): ffmpeg-static downloads its
// binary from outside the npm registry at install time, which this project cannot do.

import { spawn } from 'node:child_process';
import {
  FFMPEG_TIMEOUT_MS,
  GIF_FRAME_COUNT,
  GIF_PLAYBACK_FPS,
  GIF_WIDTH_PX,
  THUMBNAIL_WIDTH_PX,
} from '../constants.js';
import { AppError } from '../errors.js';

export interface FfmpegResult {
  stdout: string;
  stderr: string;
}

export function runFfmpeg(
  ffmpegPath: string,
  args: string[],
  timeoutMs = FFMPEG_TIMEOUT_MS,
): Promise<FfmpegResult> {
  return new Promise((resolve, reject) => {
    // Own process group: a Ctrl-C on the server must not kill a job that shutdown waits for.
    const child = spawn(ffmpegPath, ['-hide_banner', '-nostdin', ...args], {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      // Keep the tail only: errors come last. chars
      stderr = (stderr + chunk).slice(-8000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(
        new AppError({
          code: 'ffmpeg_unavailable',
          status: 500,
          message: `ffmpeg could not be started (${ffmpegPath}).`,
          expected: 'ffmpeg on the PATH (apt-get install ffmpeg) or FFMPEG_PATH',
          received: error.message,
          cause: error,
        }),
      );
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) {
        resolve({ stdout, stderr });
        return;
      }
      const lastLine = stderr.trim().split('\n').slice(-3).join(' | ') || `exit ${code ?? signal}`;
      reject(
        new AppError({
          code: signal === 'SIGKILL' ? 'ffmpeg_timeout' : 'ffmpeg_failed',
          status: 500,
          message:
            signal === 'SIGKILL'
              ? `ffmpeg took longer than ${timeoutMs} ms`
              : `ffmpeg failed: ${lastLine}`,
          expected: 'a decodable video',
          received: lastLine,
        }),
      );
    });
  });
}

/** Duration in seconds, read by copying the video stream to nowhere: browser recordings (webm
 * from MediaRecorder) have no duration in their header, so the last packet's time is measured. */
export async function measureDurationSeconds(ffmpegPath: string, file: string): Promise<number> {
  const { stdout } = await runFfmpeg(ffmpegPath, [
    '-v',
    'error',
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
  ]);
  const times = [...stdout.matchAll(/^out_time_us=(\d+)$/gm)].map((match) => Number(match[1]));
  const last = times.at(-1);
  if (last === undefined || !Number.isFinite(last) || last <= 0) {
    throw new AppError({
      code: 'video_without_frames',
      status: 422,
      message: 'The video has no frames that can be read.',
      expected: 'at least one video frame',
      received: 'no video packets',
    });
  }
  // µs -> s
  return last / 1_000_000;
}

export async function makeThumbnail(
  ffmpegPath: string,
  input: string,
  output: string,
  durationSeconds: number | undefined,
): Promise<void> {
  // One second in, or the middle of a shorter clip: the first frames are often the countdown. s
  const at = Math.max(0, Math.min(1, (durationSeconds ?? 0) / 2));
  await runFfmpeg(ffmpegPath, [
    '-v',
    'error',
    '-y',
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
    output,
  ]);
}

/** A looping time-lapse of the whole recording: GIF_FRAME_COUNT frames spread evenly over it,
 * played at GIF_PLAYBACK_FPS, with a palette made for the clip. */
export async function makeGif(
  ffmpegPath: string,
  input: string,
  output: string,
  durationSeconds: number | undefined,
): Promise<void> {
  // frames/s taken from the recording
  const sampleRate =
    durationSeconds && durationSeconds > 0 ? Math.max(0.05, GIF_FRAME_COUNT / durationSeconds) : 2;
  const frames = `fps=${sampleRate.toFixed(4)},setpts=N/${GIF_PLAYBACK_FPS}/TB,scale=${GIF_WIDTH_PX}:-2:flags=bilinear`;
  const filter = `${frames},split[frames][copy];[copy]palettegen=max_colors=128:stats_mode=diff[palette];[frames][palette]paletteuse=dither=bayer:bayer_scale=3`;
  await runFfmpeg(ffmpegPath, [
    '-v',
    'error',
    '-y',
    '-i',
    input,
    '-filter_complex',
    filter,
    '-frames:v',
    String(GIF_FRAME_COUNT),
    '-loop',
    '0',
    output,
  ]);
}
