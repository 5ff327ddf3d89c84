// A fake camera for the record flow: Chromium plays a .y4m file as the camera
// (--use-file-for-fake-video-capture). The file is made at test time from a fixture clip with
// ffmpeg (never committed): 24 fps at 640x360, as the record page asks, with the clip's first frame
// held before it and its last frame held after it, so the person is still while the countdown
// runs and the attempt ends by itself (the rest rule) once the clip is over.

import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type Browser, chromium } from 'playwright-core';

const run = promisify(execFile);
export const REPO_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The camera's rate and size (spec 02 §9). */
export const FAKE_CAMERA_FPS = 24;

export async function makeFakeCameraClip(
  clip: string,
  output: string,
  options: { leadInS: number; tailS: number },
): Promise<string> {
  const input = path.join(REPO_DIR, 'fixtures/videos/pushup', clip);
  const filter = [
    `fps=${FAKE_CAMERA_FPS}`,
    'scale=640:360',
    `tpad=start_mode=clone:start_duration=${options.leadInS}:stop_mode=clone:stop_duration=${options.tailS}`,
  ].join(',');
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-i',
    input,
    '-vf',
    filter,
    '-pix_fmt',
    'yuv420p',
    output,
  ]);
  return output;
}

/** Debian Chromium with the fake camera; camera permission is granted per context. `more` adds
 * flags and environment (a phone's name resolved here, its own trusted roots). */
export function launchWithFakeCamera(
  y4m: string,
  more: { args?: string[]; env?: NodeJS.ProcessEnv } = {},
): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    ...(more.env ? { env: more.env } : {}),
    args: [
      ...(more.args ?? []),
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${y4m}`,
      // Rendering and timers must not be throttled while a page waits in the background.
      '--disable-background-timer-throttling',
      '--disable-renderer-backgrounding',
    ],
  });
}

export interface CliCount {
  valid_reps: number;
  invalid_reps: number;
}

/** `reptemple analyze` on a fixture clip with the lite model (the live page's model), at the fake
 * camera's rate: the frames the camera shows, not the clip's own 30 a second. */
export async function cliCount(
  clip: string,
  analyser: 'pushup' | 'definition',
  cacheDir: string,
): Promise<CliCount> {
  const { stdout } = await run(
    process.execPath,
    [
      path.join(REPO_DIR, 'packages/cli/dist/bin.js'),
      'analyze',
      path.join(REPO_DIR, 'fixtures/videos/pushup', clip),
      '--analyser',
      analyser,
      '--model',
      'lite',
      '--fps',
      String(FAKE_CAMERA_FPS),
      '--json',
      '--cache-dir',
      cacheDir,
    ],
    { cwd: REPO_DIR, maxBuffer: 16 * 1024 * 1024 },
  );
  const [record] = JSON.parse(stdout) as CliCount[];
  if (!record) throw new Error(`the CLI printed no record for ${clip}: ${stdout}`);
  return record;
}

/**
 * `reptemple judge` on any file: the server's verification of it, exactly (the full model, the
 * push-up analyser at 12 frames per second, and the reps' close moments looked at again at the
 * video's own rate). A plain 12 frames/s count is not the verification: the refinement may
 * credit a rep the sampled pass fails (a CI run's recording of clip 08: 5 valid verified, 4 at a
 * plain 12 frames/s).
 */
export async function cliCountOfFile(file: string, cacheDir: string): Promise<CliCount> {
  const { stdout } = await run(
    process.execPath,
    [
      path.join(REPO_DIR, 'packages/cli/dist/bin.js'),
      'judge',
      file,
      '--json',
      '--out',
      path.join(cacheDir, `${path.basename(file)}.judge.html`),
    ],
    { cwd: REPO_DIR, maxBuffer: 64 * 1024 * 1024 },
  );
  const record = JSON.parse(stdout) as Partial<CliCount>;
  if (typeof record.valid_reps !== 'number' || typeof record.invalid_reps !== 'number') {
    throw new Error(`reptemple judge printed no counts for ${file}: ${stdout.slice(0, 500)}`);
  }
  return { valid_reps: record.valid_reps, invalid_reps: record.invalid_reps };
}

/** The video stream of a recording, as ffprobe reads it. */
export interface ProbedVideo {
  codec: string;
  width: number;
  height: number;
  /** video packets per second of their own timestamps */
  framesPerSecond: number;
  /** bits/s over the file, container included */
  bitsPerSecond: number;
}

export async function probeVideo(file: string, bytes: number): Promise<ProbedVideo> {
  const stream = await run('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=codec_name,width,height',
    '-of',
    'json',
    file,
  ]);
  const [{ codec_name, width, height }] = JSON.parse(stream.stdout).streams as [
    { codec_name: string; width: number; height: number },
  ];
  // MediaRecorder's WebM has no duration in its header: the packets' times say how long it is.
  const packets = await run(
    'ffprobe',
    [
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-show_entries',
      'packet=pts_time',
      '-of',
      'csv=p=0',
      file,
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const times = packets.stdout
    .split('\n')
    .map(Number.parseFloat)
    .filter((t) => Number.isFinite(t))
    .sort((a, b) => a - b);
  const spanS = times[times.length - 1]! - times[0]!;
  return {
    codec: codec_name,
    width,
    height,
    framesPerSecond: (times.length - 1) / spanS,
    bitsPerSecond: (bytes * 8) / spanS,
  };
}

/** Size of the grey thumbnails frames are compared at. px */
const THUMB = { width: 64, height: 36 };

/** The last frame of a video as a small grey picture, one byte a pixel, row by row. */
export async function lastFrameThumbnail(file: string): Promise<Buffer> {
  const frameBytes = THUMB.width * THUMB.height;
  const { stdout } = await run(
    'ffmpeg',
    [
      '-v',
      'error',
      '-i',
      file,
      '-vf',
      `scale=${THUMB.width}:${THUMB.height},format=gray`,
      '-f',
      'rawvideo',
      '-',
    ],
    { encoding: 'buffer', maxBuffer: 512 * 1024 * 1024 },
  );
  const frames = Math.floor(stdout.length / frameBytes);
  if (frames === 0)
    throw new Error(`Expected frames in ${file}, ffmpeg gave ${stdout.length} bytes`);
  return stdout.subarray((frames - 1) * frameBytes, frames * frameBytes);
}

/** Mean absolute grey difference of two thumbnails; `mirrored` flips the second left to right. */
export function thumbnailDifference(a: Buffer, b: Buffer, mirrored = false): number {
  let sum = 0;
  for (let y = 0; y < THUMB.height; y++) {
    for (let x = 0; x < THUMB.width; x++) {
      const bx = mirrored ? THUMB.width - 1 - x : x;
      sum += Math.abs(a[y * THUMB.width + x]! - b[y * THUMB.width + bx]!);
    }
  }
  return sum / (THUMB.width * THUMB.height);
}
