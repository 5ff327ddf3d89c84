// The pictures of chosen moments of a video, for contact sheets: one ffmpeg pass that keeps only
// the frames at the given times (within a frame), scaled down, as RGBA. ffmpeg reports each kept
// frame's time (showinfo), so each picture is matched to the moment it shows.

import { spawn } from 'node:child_process';
import type { FrameSize } from '@reptemple/pose-sdk';

export interface GrabbedFrame {
  /** ms of the frame in the video */
  readonly t: number;
  readonly width: number;
  readonly height: number;
  /** RGBA, width x height x 4 bytes */
  readonly rgba: Uint8ClampedArray;
}

export interface FrameGrabOptions {
  readonly ffmpegPath: string;
  /** px: height of the pictures (width follows the frame's shape) */
  readonly height: number;
  /** Called with ffmpeg's pid once started (the server registers it with its watchdog). */
  readonly onChildProcess?: (pid: number) => void;
  readonly signal?: AbortSignal;
}

/** Wanted times per select filter (ffmpeg's parser gave up between 60 and 100). */
const SELECT_TERMS_PER_FILTER = 40;
/** s either side of a wanted time that still selects a frame (half a frame at 60 fps). */
const SELECT_TOLERANCE_S = 0.008;

export function scaledSize(
  frameSize: FrameSize,
  height: number,
): { width: number; height: number } {
  const width = Math.max(2, Math.round((frameSize.width * height) / frameSize.height / 2) * 2);
  return { width, height };
}

/** ms: the time of the frame a showinfo filter reports on this line of ffmpeg's log, if it does */
export function showinfoTimeMs(line: string): number | undefined {
  if (!line.includes('Parsed_showinfo')) return undefined;
  const match = /\bpts_time:\s*(-?[\d.]+)/.exec(line);
  return match ? Number(match[1]) * 1000 : undefined;
}

/** The frames shown at `timesMs` (each matched to its nearest kept frame); missing ones are left out. */
export async function grabFrames(
  file: string,
  timesMs: readonly number[],
  frameSize: FrameSize,
  options: FrameGrabOptions,
): Promise<Map<number, GrabbedFrame>> {
  const wanted = [...new Set(timesMs)].sort((a, b) => a - b);
  const found = new Map<number, GrabbedFrame>();
  if (wanted.length === 0) return found;
  const { width, height } = scaledSize(frameSize, options.height);
  // ffmpeg's expression parser refuses long expressions (somewhere past 60 terms), so the wanted
  // times are split into groups, each selected on its own copy of the decoded stream and merged
  // back in time order (interleave): still one decode of the video.
  const groups: number[][] = [];
  for (let index = 0; index < wanted.length; index += SELECT_TERMS_PER_FILTER) {
    groups.push(wanted.slice(index, index + SELECT_TERMS_PER_FILTER));
  }
  const selects = groups.map((group, index) => {
    const expression = group
      .map((t) => `lt(abs(t-${(t / 1000).toFixed(4)})\\,${SELECT_TOLERANCE_S})`)
      .join('+');
    return `[copy${index}]select='${expression}'[kept${index}]`;
  });
  const graph = [
    `[0:v]split=${groups.length}${groups.map((_, index) => `[copy${index}]`).join('')}`,
    ...selects,
    `${groups.map((_, index) => `[kept${index}]`).join('')}interleave=nb_inputs=${groups.length},showinfo,scale=${width}:${height},format=rgba[pictures]`,
  ].join(';');
  const args = [
    '-hide_banner',
    '-nostdin',
    '-v',
    'info',
    '-i',
    file,
    '-an',
    '-filter_complex',
    graph,
    '-map',
    '[pictures]',
    '-fps_mode',
    'passthrough',
    '-f',
    'rawvideo',
    'pipe:1',
  ];
  const child = spawn(options.ffmpegPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid !== undefined) options.onChildProcess?.(child.pid);
  const onAbort = () => child.kill('SIGKILL');
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const frameBytes = width * height * 4;
  const chunks: Buffer[] = [];
  let stderr = '';
  let lastError = '';
  const times: number[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
    // Keep only what is still to be parsed, plus the times found so far.
    let newline = stderr.indexOf('\n');
    while (newline >= 0) {
      const line = stderr.slice(0, newline);
      stderr = stderr.slice(newline + 1);
      const t = showinfoTimeMs(line);
      if (t !== undefined) times.push(t);
      else if (/error/i.test(line)) lastError = line.trim();
      newline = stderr.indexOf('\n');
    }
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (exitCode) => resolve(exitCode));
  });
  options.signal?.removeEventListener('abort', onAbort);
  if (code !== 0) {
    throw new Error(`ffmpeg could not take frames from ${file} (exit ${code}): ${lastError}`);
  }
  const all = Buffer.concat(chunks);
  const count = Math.min(times.length, Math.floor(all.length / frameBytes));
  const frames: GrabbedFrame[] = [];
  for (let index = 0; index < count; index++) {
    const bytes = all.subarray(index * frameBytes, (index + 1) * frameBytes);
    frames.push({
      t: times[index]!,
      width,
      height,
      rgba: new Uint8ClampedArray(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    });
  }
  for (const t of wanted) {
    let best: GrabbedFrame | undefined;
    for (const frame of frames) {
      if (!best || Math.abs(frame.t - t) < Math.abs(best.t - t)) best = frame;
    }
    if (best && Math.abs(best.t - t) <= SELECT_TOLERANCE_S * 1000 * 2) found.set(t, best);
  }
  return found;
}
