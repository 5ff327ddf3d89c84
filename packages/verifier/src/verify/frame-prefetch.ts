// The pictures for the contact sheets, taken while the video is still being analysed, so that
// little of that work is left once its last frame is (issue 18, "Speed"). One ffmpeg pass, at the
// verification's background priority and on one thread (about 2 s of CPU for a minute of 640x360
// video: the other core's spare time while the first runs inference), follows the analysis a few
// seconds behind and scales the sampled frames exactly as `grabFrames` does (same filter, same
// frames, so the same pixels). Of those it keeps only the frames that are, or may still become, a
// rep's bottom or top:
//   - the bottom and top of every rep the analyser has ended;
//   - every frame whose driving angle is not above (for bottoms) or not below (for tops) any angle
//     after it, up to the point the pass has reached: a rep's extremes are the first lowest and
//     first highest angle inside it, so a frame with a lower angle after it, inside a rep that has
//     not ended yet, can no longer be that rep's bottom. Two monotonic stacks hold these.
// This needs no knowledge of the analyser beyond one bound: a rep the analyser has not reported
// yet ends at most LAG_MS before the latest analysed frame (the push-up analyser reports a rep
// when the next descent passes half-way: at most 0.5 s after its top on the 21 push-up traces at
// 12 frames/s; the definition analyser within 47 ms). When that does not hold, or anything else
// goes wrong here, a frame is simply missing, and verifyVideo takes the missing ones afterwards
// with grabFrames, as it did before for all of them: the pictures, and so the contact sheets, are
// the same either way; only the time differs.

import { type ChildProcessByStdio, spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import type { FrameSize } from '@reptemple/pose-sdk';
import type { AngleSample } from './analyse-recording.js';
import { type GrabbedFrame, scaledSize, showinfoTimeMs } from './frame-grab.js';

type PassProcess = ChildProcessByStdio<null, Readable, Readable>;

/**
 * ms the pass stays behind the latest analysed frame: a rep not yet reported ends no earlier
 * (see the file's comment). Also about what is left to decode after the last frame.
 */
export const LAG_MS = 2000;

/**
 * Pictures kept besides the ended reps' own (about 0.4 MB each at 240 px high): the stacks hold
 * a few dozen on the fixtures; past this, the oldest are dropped and taken afterwards if needed.
 */
export const MAX_CANDIDATE_PICTURES = 96;

/** s before the container's end from which every frame is scaled: the analysed frames end on the
 * video's last frame, which the pass's sampling cannot tell from the others. */
const END_WINDOW_S = 1;

/** ms within which a picture's time (ffmpeg prints 6 decimals of a second) is a sampled frame's */
const SAME_FRAME_MS = 0.5;

export interface FramePrefetchOptions {
  readonly ffmpegPath: string;
  /** px: height of the pictures (width follows the frame's shape), as for grabFrames */
  readonly height: number;
  /** frames per second the analysis samples (the engine's sampler); undefined = every frame */
  readonly fps: number | undefined;
  /** ms: the container's duration (0 when unknown), once probed */
  readonly durationMs: Promise<number>;
  readonly onChildProcess?: (pid: number) => void;
}

interface Candidate {
  readonly t: number;
  readonly angle: number;
  picture?: GrabbedFrame;
  inLows: boolean;
  inHighs: boolean;
  /** a reported rep's bottom or top */
  wanted: boolean;
}

/** The engine's FrameSampler (a frame is kept when it falls in a later 1/fps slot than the last
 * kept one) as an ffmpeg select expression, plus every frame of the video's last second. */
export function prefetchSelectExpression(fps: number | undefined, durationMs: number): string {
  if (fps === undefined) return '1';
  const slot = (time: string) => `floor(${time}*${fps}+0.001)`;
  const sampled = `if(isnan(prev_selected_t)\\,1\\,gt(${slot('t')}\\,${slot('prev_selected_t')}))`;
  if (!(durationMs > 0)) return sampled;
  const endFrom = Math.max(0, durationMs / 1000 - END_WINDOW_S).toFixed(3);
  return `${sampled}+gte(t\\,${endFrom})`;
}

export class FramePrefetch {
  private child: PassProcess | undefined;
  private readonly candidates = new Map<number, Candidate>();
  private readonly lows: Candidate[] = [];
  private readonly highs: Candidate[] = [];
  /** rounded ms of reported reps' bottoms and tops (RepEvidence's times) */
  private readonly wantedMs = new Set<number>();
  /** pictures held by candidates that are not wanted, oldest first */
  private readonly held: Candidate[] = [];
  /** index into the analysis's angles of the next one to feed to the stacks */
  private fed = 0;
  /** ms: frames up to this time may be taken (+Infinity once the analysis has ended) */
  private gateMs = Number.NEGATIVE_INFINITY;
  private wakeGate: (() => void) | undefined;
  private stopped = false;
  private readonly size: { width: number; height: number };
  /** Settles when the pass has ended; never rejects (a failure only leaves frames missing). */
  readonly done: Promise<void>;
  /** Why the pass ended early, if it did: the missing frames are taken afterwards. */
  failure: Error | undefined;

  constructor(
    private readonly file: string,
    frameSize: FrameSize,
    private readonly options: FramePrefetchOptions,
  ) {
    this.size = scaledSize(frameSize, options.height);
    this.done = this.run().catch((error: unknown) => {
      this.failure = error instanceof Error ? error : new Error(String(error));
      this.stop();
    });
  }

  /**
   * The analysis has reached `latestMs` with these angles (the analyser's own list, which only
   * grows): angles up to LAG_MS before it are fed to the stacks, and the pass may go that far.
   */
  advance(angles: readonly AngleSample[], latestMs: number): void {
    this.feed(angles, latestMs - LAG_MS);
  }

  /** The analysis has ended: every angle is known, the pass may run to the end. */
  finishAnalysis(angles: readonly AngleSample[]): void {
    this.feed(angles, Number.POSITIVE_INFINITY);
  }

  /** Keeps the frames at these times (rounded ms, as in RepEvidence) once the pass reaches them. */
  want(timesMs: readonly (number | null)[]): void {
    for (const t of timesMs) {
      if (t === null) continue;
      this.wantedMs.add(t);
      for (const candidate of this.candidates.values()) {
        if (Math.round(candidate.t) === t) this.markWanted(candidate);
      }
    }
  }

  /** The pictures taken at these times (rounded ms); times without one are left out. */
  pictures(timesMs: readonly number[]): Map<number, GrabbedFrame> {
    const found = new Map<number, GrabbedFrame>();
    for (const candidate of this.candidates.values()) {
      const t = Math.round(candidate.t);
      if (candidate.picture && timesMs.includes(t)) found.set(t, candidate.picture);
    }
    return found;
  }

  /** Stops the pass (a failed or aborted verification); `done` settles once ffmpeg has exited. */
  stop(): void {
    this.stopped = true;
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill('SIGKILL');
    }
    this.openGate();
  }

  private openGate(): void {
    const wake = this.wakeGate;
    this.wakeGate = undefined;
    wake?.();
  }

  private feed(angles: readonly AngleSample[], untilMs: number): void {
    for (; this.fed < angles.length && angles[this.fed]!.t <= untilMs; this.fed++) {
      const { t, angle } = angles[this.fed]!;
      // A frame is a candidate while no later angle is lower (bottoms) or higher (tops) than its
      // own; equal ones stay, as a rep's first lowest and first highest angle count.
      while (this.lows.length > 0 && this.lows.at(-1)!.angle > angle)
        this.release(this.lows.pop()!, 'lows');
      while (this.highs.length > 0 && this.highs.at(-1)!.angle < angle)
        this.release(this.highs.pop()!, 'highs');
      const candidate: Candidate = { t, angle, inLows: true, inHighs: true, wanted: false };
      this.lows.push(candidate);
      this.highs.push(candidate);
      this.candidates.set(t, candidate);
      if (this.wantedMs.has(Math.round(t))) this.markWanted(candidate);
    }
    if (untilMs > this.gateMs) {
      this.gateMs = untilMs;
      this.openGate();
    }
  }

  private release(candidate: Candidate, from: 'lows' | 'highs'): void {
    if (from === 'lows') candidate.inLows = false;
    else candidate.inHighs = false;
    if (candidate.inLows || candidate.inHighs || candidate.wanted) return;
    this.candidates.delete(candidate.t);
    if (candidate.picture) {
      candidate.picture = undefined;
      const index = this.held.indexOf(candidate);
      if (index >= 0) this.held.splice(index, 1);
    }
  }

  private markWanted(candidate: Candidate): void {
    if (candidate.wanted) return;
    candidate.wanted = true;
    const index = this.held.indexOf(candidate);
    if (index >= 0) this.held.splice(index, 1);
  }

  /** A picture the pass produced: kept (true) when its frame is a candidate, dropped otherwise. */
  private offer(t: number, picture: GrabbedFrame): boolean {
    let candidate = this.candidates.get(t);
    if (!candidate) {
      for (const other of this.candidates.values()) {
        if (Math.abs(other.t - t) <= SAME_FRAME_MS) candidate = other;
      }
    }
    if (!candidate || candidate.picture) return false;
    candidate.picture = picture;
    if (candidate.wanted) return true;
    this.held.push(candidate);
    if (this.held.length > MAX_CANDIDATE_PICTURES) this.held.shift()!.picture = undefined;
    return true;
  }

  private async waitForGate(t: number): Promise<void> {
    while (t > this.gateMs && !this.stopped) {
      await new Promise<void>((resolve) => {
        this.wakeGate = resolve;
      });
    }
  }

  private async run(): Promise<void> {
    const durationMs = await this.options.durationMs;
    if (this.stopped) return;
    const { width, height } = this.size;
    const filters = [
      `select='${prefetchSelectExpression(this.options.fps, durationMs)}'`,
      'showinfo',
      `scale=${width}:${height}`,
      'format=rgba',
    ];
    const child = spawn(
      this.options.ffmpegPath,
      [
        '-hide_banner', '-nostdin', '-v', 'info', '-threads', '1', '-i', this.file, '-an',
        '-filter_threads', '1', '-vf', filters.join(','), '-fps_mode', 'passthrough',
        '-f', 'rawvideo', 'pipe:1',
      ], // biome-ignore format: one command line
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child = child;
    // The caller sets its priority with the verification's other processes (the worker runs them
    // all at the background priority, its browser included).
    if (child.pid !== undefined) this.options.onChildProcess?.(child.pid);
    const exited = new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (code) => resolve(code));
    });
    exited.catch(() => {}); // reported through the read loop below
    try {
      await this.readPictures(child);
      const code = await exited;
      if (code !== 0 && !this.stopped) throw new Error(`ffmpeg ended with code ${code}`);
    } finally {
      // Never leave ffmpeg behind: a pass stopped early, or failing here, ends with its process.
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited.catch(() => {});
    }
  }

  /** Reads the pictures in order, pairing each with its time from showinfo's lines. */
  private async readPictures(child: PassProcess): Promise<void> {
    const { width, height } = this.size;
    const times: number[] = [];
    let stderr = '';
    let wakeTimes: (() => void) | undefined;
    let stderrEnded = false;
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
      let newline = stderr.indexOf('\n');
      while (newline >= 0) {
        const t = showinfoTimeMs(stderr.slice(0, newline));
        if (t !== undefined) times.push(t);
        stderr = stderr.slice(newline + 1);
        newline = stderr.indexOf('\n');
      }
      wakeTimes?.();
    });
    child.stderr.once('close', () => {
      stderrEnded = true;
      wakeTimes?.();
    });
    const frameBytes = width * height * 4;
    let frame = Buffer.allocUnsafe(frameBytes);
    let filled = 0;
    let index = 0;
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      let offset = 0;
      while (offset < chunk.length) {
        const take = Math.min(frameBytes - filled, chunk.length - offset);
        chunk.copy(frame, filled, offset, offset + take);
        filled += take;
        offset += take;
        if (filled < frameBytes) continue;
        while (times.length <= index && !stderrEnded) {
          await new Promise<void>((resolve) => {
            wakeTimes = resolve;
          });
        }
        wakeTimes = undefined;
        const t = times[index];
        if (t === undefined) throw new Error(`ffmpeg gave picture ${index} without its time`);
        // Not past the analysis: whether this frame may be a rep's extreme is known only then.
        // Meanwhile ffmpeg waits on its full pipe.
        await this.waitForGate(t + SAME_FRAME_MS);
        if (this.stopped) return;
        const picture = {
          t,
          width,
          height,
          rgba: new Uint8ClampedArray(frame.buffer, frame.byteOffset, frameBytes),
        };
        // A kept picture owns its buffer; a dropped one's takes the next frame.
        if (this.offer(t, picture)) frame = Buffer.allocUnsafe(frameBytes);
        filled = 0;
        index += 1;
      }
    }
  }
}
