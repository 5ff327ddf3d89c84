import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { accessSync, constants as fsConstants, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';
import { FrameSampler } from '../core/sampling/frame-sampler.js';
import type { ColourTags } from '../media/avc-colour.js';
import {
  type FrameWindow,
  type WindowFrameRole,
  WindowFrameSelector,
} from '../media/frame-windows.js';
import { i420Size } from '../media/rotate-i420.js';
import {
  DECODER_THREADS,
  FFPROBE_TIMEOUT_MS,
  FRAME_PIXEL_FORMAT,
  MAX_SPARE_BUFFERS,
  MIN_DECODED_FRACTION,
} from './engine-settings.js';
import { PoseEngineError } from './errors.js';

/** What the pose engine needs to know about a video before decoding it. */
export interface VideoInfo {
  /** Display width (px) after rotation metadata is applied, as decoded frames will be. */
  readonly width: number;
  readonly height: number;
  /** Average frame rate (frames/s); a variable-rate file still reports real per-frame times. */
  readonly fps: number;
  readonly durationMs: number;
  /** Frame count from the container, or duration x fps when the container does not say. */
  readonly frameCountEstimate: number;
  readonly codec: string;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, fsConstants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function findOnPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/** The npm fallback binary, when the optional `@ffmpeg-installer/ffmpeg` is installed. */
function findInstallerFfmpeg(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    const installer = require('@ffmpeg-installer/ffmpeg') as { path?: string };
    return installer.path && isExecutable(installer.path) ? installer.path : undefined;
  } catch {
    return undefined;
  }
}

export interface FfmpegBinaries {
  readonly ffmpeg: string;
  /** ffprobe when one is installed next to ffmpeg or on PATH; otherwise probing parses `ffmpeg -i`. */
  readonly ffprobe: string | undefined;
}

/** Finds ffmpeg: an explicit path, then Debian's `ffmpeg` on PATH, then `@ffmpeg-installer/ffmpeg`. */
export function locateFfmpeg(explicitPath?: string): FfmpegBinaries {
  if (explicitPath !== undefined && !isExecutable(explicitPath)) {
    throw new PoseEngineError(
      'FFMPEG_NOT_FOUND',
      `Expected an executable ffmpeg at ${explicitPath} (from the ffmpegPath option), found none. ` +
        'Pass the path of an installed ffmpeg, or omit the option to use the one on PATH.',
    );
  }
  const ffmpeg = explicitPath ?? findOnPath('ffmpeg') ?? findInstallerFfmpeg();
  if (!ffmpeg) {
    throw new PoseEngineError(
      'FFMPEG_NOT_FOUND',
      'Expected ffmpeg on PATH or the npm package @ffmpeg-installer/ffmpeg, found neither. ' +
        'Install it with `apt-get install ffmpeg` (Debian/Ubuntu).',
    );
  }
  const sibling = join(dirname(ffmpeg), 'ffprobe');
  const ffprobe = isExecutable(sibling) ? sibling : findOnPath('ffprobe');
  return { ffmpeg, ffprobe };
}

/** Throws VIDEO_NOT_FOUND unless `path` is a readable regular file. */
export function assertVideoFileExists(path: string): void {
  let isFile = false;
  try {
    isFile = statSync(path).isFile();
    accessSync(path, fsConstants.R_OK);
  } catch (error) {
    throw new PoseEngineError(
      'VIDEO_NOT_FOUND',
      `Expected a readable video file at ${path}, found nothing there. Check the path (relative ` +
        `paths resolve from ${process.cwd()}).`,
      { cause: error },
    );
  }
  if (!isFile) {
    throw new PoseEngineError(
      'VIDEO_NOT_FOUND',
      `Expected a video file at ${path}, found a directory or special file. Pass a file path.`,
    );
  }
}

function runTool(
  binary: string,
  args: readonly string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      binary,
      args,
      { timeout: FFPROBE_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error && typeof error.code === 'string') {
          reject(error); // spawn failure (ENOENT, EACCES), not a non-zero exit
          return;
        }
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
          stdout,
          stderr,
        });
      },
    );
  });
}

/** The last meaningful lines of ffmpeg's stderr: its reason for failing. */
export function ffmpegReason(stderr: string, maxLines = 3): string {
  const all = stderr.split('\n').filter((line) => line.trim() && !line.includes('showinfo'));
  // Error-level lines explain a failure; without any, the last lines will have to do.
  const errors = all.filter((line) => ERROR_LEVEL.test(line));
  const chosen = (errors.length > 0 ? errors : all)
    .map((line) => line.replace(COMPONENT_PREFIX, '').replace(LEVEL_PREFIX, '').trim())
    .filter((line, index, lines) => lines.indexOf(line) === index);
  return chosen.slice(-maxLines).join(' | ') || 'ffmpeg gave no reason';
}

/** ffmpeg's `-loglevel level+info` marks each line with its level, after any component tag. */
const ERROR_LEVEL = /\[(?:error|fatal|panic)\]/;
const LEVEL_PREFIX = /^\[(?:error|fatal|panic|warning|info)\]\s*/;
/** Component tags like "[mov,mp4,m4a @ 0x55...] ", which mean nothing to a user. */
const COMPONENT_PREFIX = /^(?:\[[^\]]* @ 0x[0-9a-f]+\]\s*)+/;

function decodeFailed(path: string, reason: string): PoseEngineError {
  return new PoseEngineError(
    'VIDEO_DECODE_FAILED',
    `Expected ${path} to be a video ffmpeg can decode; ffmpeg said: ${reason}. ` +
      'Check that the file is complete and really a video (re-encode it with ffmpeg if needed).',
  );
}

function parseRate(rate: string | undefined): number {
  if (!rate) return 0;
  const [num, den] = rate.split('/').map(Number);
  if (num === undefined || !Number.isFinite(num)) return 0;
  if (den === undefined) return num;
  return den > 0 ? num / den : 0;
}

interface FfprobeJson {
  streams?: {
    codec_name?: string;
    width?: number;
    height?: number;
    avg_frame_rate?: string;
    r_frame_rate?: string;
    nb_frames?: string;
    duration?: string;
    side_data_list?: { rotation?: number }[];
    tags?: { rotate?: string };
  }[];
  format?: { duration?: string };
}

/** Reads size, frame rate, duration and frame count of the first video stream. */
export async function probeVideo(path: string, ffmpegPath?: string): Promise<VideoInfo> {
  assertVideoFileExists(path);
  const binaries = locateFfmpeg(ffmpegPath);
  if (!binaries.ffprobe) return probeWithFfmpeg(path, binaries.ffmpeg);
  const { code, stdout, stderr } = await runTool(binaries.ffprobe, [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=codec_name,width,height,avg_frame_rate,r_frame_rate,nb_frames,duration:' +
      'stream_side_data=rotation:stream_tags=rotate:format=duration',
    '-of',
    'json',
    path,
  ]);
  if (code !== 0) throw decodeFailed(path, ffmpegReason(stderr));
  const json = JSON.parse(stdout) as FfprobeJson;
  const stream = json.streams?.[0];
  if (!stream?.width || !stream.height) {
    throw decodeFailed(path, 'the file has no video stream');
  }
  const rotation = Number(
    stream.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ??
      stream.tags?.rotate ??
      0,
  );
  const quarterTurn = Math.abs(Math.round(rotation / 90)) % 2 === 1;
  const fps = parseRate(stream.avg_frame_rate) || parseRate(stream.r_frame_rate);
  const durationS = Number(stream.duration ?? json.format?.duration ?? 0) || 0;
  const frames = Number(stream.nb_frames ?? 0) || Math.round(durationS * fps);
  return {
    width: quarterTurn ? stream.height : stream.width,
    height: quarterTurn ? stream.width : stream.height,
    fps,
    durationMs: durationS * 1000,
    frameCountEstimate: frames,
    codec: stream.codec_name ?? 'unknown',
  };
}

/** Fallback probe for ffmpeg builds without ffprobe: parses the stream summary of `ffmpeg -i`. */
async function probeWithFfmpeg(path: string, ffmpeg: string): Promise<VideoInfo> {
  const { stderr } = await runTool(ffmpeg, ['-hide_banner', '-nostdin', '-i', path]);
  const videoLine = stderr.split('\n').find((line) => /Stream #\d+:\d+.*: Video:/.test(line));
  if (!videoLine) {
    const reason = /Invalid data|moov atom|No such file/.test(stderr)
      ? ffmpegReason(stderr)
      : 'the file has no video stream';
    throw decodeFailed(path, reason);
  }
  const size = /, (\d{2,5})x(\d{2,5})[, []/.exec(videoLine);
  const fps = /, ([\d.]+) fps/.exec(videoLine);
  const codec = /Video: (\w+)/.exec(videoLine);
  const duration = /Duration: (\d+):(\d+):([\d.]+)/.exec(stderr);
  const rotate = /rotate\s*:\s*(-?\d+)|rotation of (-?[\d.]+)/.exec(stderr);
  if (!size) throw decodeFailed(path, `could not read the frame size from "${videoLine.trim()}"`);
  const rotation = Number(rotate?.[1] ?? rotate?.[2] ?? 0);
  const quarterTurn = Math.abs(Math.round(rotation / 90)) % 2 === 1;
  const w = Number(size[1]);
  const h = Number(size[2]);
  const rate = Number(fps?.[1] ?? 0);
  const durationS = duration
    ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])
    : 0;
  return {
    width: quarterTurn ? h : w,
    height: quarterTurn ? w : h,
    fps: rate,
    durationMs: durationS * 1000,
    frameCountEstimate: Math.round(durationS * rate),
    codec: codec?.[1] ?? 'unknown',
  };
}

export interface DecodeOptions {
  /**
   * Keep at most this many frames per second (real timestamps are kept; frames are never
   * duplicated), and always the video's last frame.
   */
  readonly fps?: number | undefined;
  /** Frames decoded ahead of the consumer, so decoding overlaps inference. */
  readonly readAheadFrames?: number | undefined;
  /**
   * Keep only the frames inside these windows, every one of them, each stretch after up to
   * `warmUpFrames` frames before it (see WindowFrameSelector). Not with `fps`.
   */
  readonly windows?: readonly FrameWindow[] | undefined;
  readonly warmUpFrames?: number | undefined;
}

/**
 * ffmpeg arguments that decode the first video stream to raw I420 at its display size. No RGB
 * conversion happens here: Chromium does it from these exact samples, as for a <video> element,
 * so both paths see identical pixels (and 2.7x fewer bytes cross the loopback than with RGBA).
 * Every frame is written, also when sampling: only the reader knows which frame is the last.
 */
export function decodeArguments(path: string): string[] {
  const filters: string[] = [];
  filters.push(`format=${FRAME_PIXEL_FORMAT}`);
  // 4:2:0 needs even sizes: an odd last row or column (rare; H.264 codes even sizes) is cropped.
  filters.push('crop=trunc(iw/2)*2:trunc(ih/2)*2:0:0');
  // showinfo reports each kept frame's pts and colour tags on stderr; checksums are not needed.
  filters.push('showinfo=checksum=0');
  return [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-loglevel',
    'level+info',
    '-threads',
    String(DECODER_THREADS),
    '-i',
    path,
    '-map',
    '0:v:0',
    '-an',
    '-sn',
    '-dn',
    '-filter_threads',
    '1',
    '-vf',
    filters.join(','),
    // One output frame per decoded frame: no duplicates or drops to fake a constant rate.
    '-fps_mode',
    'passthrough',
    '-f',
    'rawvideo',
    '-pix_fmt',
    FRAME_PIXEL_FORMAT,
    'pipe:1',
  ];
}

/** One decoded frame: I420 samples and its presentation time (ms since the start of the video). */
export interface DecodedFrame {
  readonly index: number;
  readonly timestampMs: number;
  readonly i420: Buffer;
  /** Windowed decoding: whether the frame is analysed or only warms tracking up. */
  readonly role?: WindowFrameRole;
  /** Windowed decoding: tracking starts afresh before this frame. */
  readonly reset?: boolean;
}

/**
 * The colour tags of the decoded frames, in ffmpeg's names (undefined when untagged); the page
 * hands them to Chromium so YUV becomes the same RGB as in a <video>.
 */
export type FrameColorTags = ColourTags;

/** What ffmpeg says about the input and the frames it is about to write, before the first frame. */
export interface DecodeHeader {
  /** Size (px) of every decoded frame, after rotation metadata is applied. */
  readonly frameSize: { readonly width: number; readonly height: number };
  /** Input frame rate as ffmpeg prints it (2 decimals), 0 when unknown. */
  readonly fps: number;
  /** Input duration (ms), 0 when unknown. */
  readonly durationMs: number;
}

const SHOWINFO_TIMEBASE = /config in time_base: (\d+)\/(\d+)/;
const SHOWINFO_COLOR = /color_range:(\S+) color_space:(\S+) color_primaries:(\S+) color_trc:(\S+)/;
const SHOWINFO_FRAME = /\bn:\s*(\d+)\s+pts:\s*(-?\d+)\s+pts_time:\s*(\S+)/;
const INPUT_DURATION = /Duration: (\d+):(\d+):([\d.]+)/;
const INPUT_FPS = /Video: .*?, ([\d.]+) fps/;
const OUTPUT_VIDEO = /Video: rawvideo.*?, (\d+)x(\d+)/;

/**
 * A running ffmpeg decode. Frames come out in order with their real timestamps, paired from the
 * raw stdout stream and showinfo's stderr lines. Up to `readAheadFrames` frames are decoded ahead
 * of the consumer; beyond that ffmpeg blocks on its stdout pipe (backpressure).
 */
export class FrameDecoder {
  readonly process: ChildProcess;
  /** Resolves once ffmpeg has opened the input and configured its output; rejects if it cannot. */
  readonly header: Promise<DecodeHeader>;
  private resolveHeader!: (header: DecodeHeader) => void;
  private rejectHeader!: (error: unknown) => void;
  private inputFps = 0;
  private inputDurationMs = 0;
  private seenOutput = false;
  private readonly timestampsMs: number[] = [];
  private timeBase: number | undefined;
  private stderrTail = '';
  private stderrPartial = '';
  private readonly errorLines: string[] = [];
  private exitCode: number | null | undefined;
  private exitSignal: NodeJS.Signals | null = null;
  private readonly exited: Promise<void>;
  private killedByUs = false;
  private spawnError: Error | undefined;
  private stderrWaiter: (() => void) | undefined;
  private lastCpuTimeMs: number | undefined;
  /** Colour tags of the first frame (ffmpeg's names); known once it has been decoded. */
  colorTags: FrameColorTags | undefined;

  constructor(
    readonly path: string,
    ffmpegBinary: string,
    private readonly options: DecodeOptions = {},
  ) {
    this.header = new Promise((resolve, reject) => {
      this.resolveHeader = resolve;
      this.rejectHeader = reject;
    });
    // The header promise may be abandoned when the consumer stops early: never unhandled.
    this.header.catch(() => {});
    this.process = spawn(ffmpegBinary, decodeArguments(path), {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.exited = new Promise((resolve) => {
      this.process.once('error', (error) => {
        this.spawnError = error;
        this.rejectHeader(this.failure());
        resolve();
      });
      this.process.once('close', (code, signal) => {
        this.exitCode = code;
        this.exitSignal = signal;
        this.rejectHeader(this.failure() ?? decodeFailed(path, 'ffmpeg wrote no frame'));
        this.wakeStderrWaiter();
        resolve();
      });
    });
    this.process.stderr?.setEncoding('utf8');
    this.process.stderr?.on('data', (chunk: string) => this.onStderr(chunk));
  }

  private wakeStderrWaiter(): void {
    const waiter = this.stderrWaiter;
    this.stderrWaiter = undefined;
    waiter?.();
  }

  private onStderr(chunk: string): void {
    const text = this.stderrPartial + chunk;
    const lines = text.split('\n');
    this.stderrPartial = lines.pop() ?? '';
    for (const line of lines) this.onStderrLine(line);
    this.wakeStderrWaiter();
  }

  private onStderrLine(line: string): void {
    const frame = SHOWINFO_FRAME.exec(line);
    if (frame) {
      const pts = Number(frame[2]);
      this.timestampsMs.push(
        this.timeBase !== undefined ? pts * this.timeBase * 1000 : Number(frame[3]) * 1000,
      );
      return;
    }
    if (this.colorTags === undefined) {
      const color = SHOWINFO_COLOR.exec(line);
      if (color) {
        const tag = (value: string | undefined) =>
          value === undefined || value === 'unknown' ? undefined : value;
        this.colorTags = {
          range: tag(color[1]),
          matrix: tag(color[2]),
          primaries: tag(color[3]),
          transfer: tag(color[4]),
        };
        return;
      }
    }
    const base = SHOWINFO_TIMEBASE.exec(line);
    if (base && line.includes('showinfo')) {
      this.timeBase = Number(base[1]) / Number(base[2]);
      return;
    }
    const duration = INPUT_DURATION.exec(line);
    if (duration) {
      this.inputDurationMs =
        (Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])) * 1000;
    }
    if (line.includes('Output #0')) this.seenOutput = true;
    if (!this.seenOutput) {
      const fps = INPUT_FPS.exec(line);
      if (fps && this.inputFps === 0) this.inputFps = Number(fps[1]);
    } else {
      const size = OUTPUT_VIDEO.exec(line);
      if (size) {
        this.resolveHeader({
          frameSize: { width: Number(size[1]), height: Number(size[2]) },
          fps: this.inputFps,
          durationMs: this.inputDurationMs,
        });
      }
    }
    if (ERROR_LEVEL.test(line)) this.errorLines.push(line);
    // Keep a bounded tail for error messages (logs can be long on corrupt input).
    this.stderrTail = `${this.stderrTail}${line}\n`.slice(-4000);
  }

  /** Reasons ffmpeg logged at error level, even when it went on decoding. */
  get decodeErrors(): readonly string[] {
    return this.errorLines;
  }

  /** The error that explains ffmpeg's end, or undefined when it ended cleanly or was killed by us. */
  private failure(): PoseEngineError | undefined {
    if (this.killedByUs) return undefined;
    if (this.spawnError) {
      return new PoseEngineError(
        'FFMPEG_NOT_FOUND',
        `Expected to run ffmpeg, but it failed to start: ${this.spawnError.message}. ` +
          'Install it with `apt-get install ffmpeg`.',
        { cause: this.spawnError },
      );
    }
    if (this.exitCode !== undefined && this.exitCode !== 0) {
      if (this.stderrTail.includes("Stream map '0:v:0' matches no streams")) {
        return decodeFailed(this.path, 'the file has no video stream');
      }
      const how = this.exitSignal ? `signal ${this.exitSignal}` : `code ${this.exitCode}`;
      return decodeFailed(
        this.path,
        `${ffmpegReason(this.stderrTail)} (ffmpeg exited with ${how})`,
      );
    }
    return undefined;
  }

  /** Timestamp (ms) of frame `index`, waiting for showinfo's line when stdout ran ahead of stderr. */
  private async timestampOf(index: number): Promise<number | undefined> {
    while (this.timestampsMs.length <= index && this.exitCode === undefined && !this.spawnError) {
      await new Promise<void>((resolve) => {
        this.stderrWaiter = resolve;
      });
    }
    return this.timestampsMs[index];
  }

  /** Buffers of frames already sent, reused so that Node's GC does not churn ~0.5 MB per frame. */
  private readonly spareBuffers: Buffer[] = [];

  private takeBuffer(bytes: number): Buffer {
    const spare = this.spareBuffers.pop();
    return spare && spare.length === bytes ? spare : Buffer.allocUnsafe(bytes);
  }

  /** Hands back a frame's buffer once it has been fully sent; the decoder may overwrite it. */
  recycle(buffer: Buffer): void {
    if (this.spareBuffers.length < MAX_SPARE_BUFFERS) this.spareBuffers.push(buffer);
  }

  /** Frames the container's duration and rate promise (before sampling). */
  private async expectedFrameCount(): Promise<number> {
    const header = await this.header;
    return Math.floor((header.durationMs / 1000) * header.fps);
  }

  /**
   * Frames straight from ffmpeg's stdout, each copied once into its own buffer, sampled to
   * `options.fps` when set. A sampled stream still ends on the video's last frame: a clip cut
   * right after its last rep must not lose the frames that finish it (up to 1/fps s). With
   * `options.windows`, only the windows' frames and their warm-up frames, ffmpeg stopped after
   * the last window.
   */
  private async *rawFrames(): AsyncGenerator<DecodedFrame> {
    const stdout = this.process.stdout;
    if (!stdout) throw new Error('ffmpeg was spawned without a stdout pipe');
    const sampler = this.options.fps === undefined ? undefined : new FrameSampler(this.options.fps);
    const windows =
      this.options.windows === undefined
        ? undefined
        : new WindowFrameSelector<{ timestampMs: number; i420: Buffer }>(
            this.options.windows,
            this.options.warmUpFrames ?? 0,
            (unused) => this.recycle(unused.i420),
          );
    /** The latest frame the sampler dropped, kept until a later frame is kept (it may be the last). */
    let dropped: { timestampMs: number; i420: Buffer } | undefined;
    let frameBytes = 0;
    let frame: Buffer | undefined;
    let filled = 0;
    let index = 0; // of ffmpeg's frames
    let yielded = 0;
    for await (const chunk of stdout as AsyncIterable<Buffer>) {
      if (frameBytes === 0) {
        const { frameSize } = await this.header;
        frameBytes = i420Size(frameSize.width, frameSize.height);
      }
      let offset = 0;
      while (offset < chunk.length) {
        frame ??= this.takeBuffer(frameBytes);
        const take = Math.min(frameBytes - filled, chunk.length - offset);
        chunk.copy(frame, filled, offset, offset + take);
        filled += take;
        offset += take;
        if (filled === frameBytes) {
          const timestampMs = await this.timestampOf(index);
          if (timestampMs === undefined) {
            throw decodeFailed(this.path, `frame ${index} came without a timestamp`);
          }
          this.lastCpuTimeMs = processCpuTimeMs(this.process.pid) ?? this.lastCpuTimeMs;
          if (windows) {
            // Held warm-up frames come out, with their own times, before the window's first.
            for (const chosen of windows.push({ timestampMs, i420: frame }, timestampMs)) {
              yield { index: yielded++, ...chosen.frame, role: chosen.role, reset: chosen.reset };
            }
            if (windows.done) {
              // Every window is behind: the rest of the video need not be decoded.
              this.kill();
              return;
            }
          } else if (sampler === undefined || sampler.keep(timestampMs)) {
            if (dropped) this.recycle(dropped.i420);
            dropped = undefined;
            yield { index: yielded++, timestampMs, i420: frame };
          } else {
            if (dropped) this.recycle(dropped.i420);
            dropped = { timestampMs, i420: frame };
          }
          frame = undefined;
          filled = 0;
          index += 1;
        }
      }
    }
    await this.exited;
    const failure = this.failure();
    if (failure) throw failure;
    if (this.killedByUs) return;
    if (index === 0) {
      throw decodeFailed(this.path, `no frame could be decoded. ${ffmpegReason(this.stderrTail)}`);
    }
    const expected = await this.expectedFrameCount();
    if (this.errorLines.length > 0 && index < expected * MIN_DECODED_FRACTION) {
      // ffmpeg exits 0 on a cut-off file; the missing frames must not pass unnoticed.
      throw decodeFailed(
        this.path,
        `only ${index} of the ~${expected} frames the container announces could be decoded ` +
          `(the file looks truncated or damaged): ${ffmpegReason(this.errorLines.join('\n'), 2)}`,
      );
    }
    if (filled > 0) {
      throw decodeFailed(this.path, `the last frame was cut off after ${filled} bytes`);
    }
    windows?.finish();
    if (dropped) yield { index: yielded, ...dropped };
  }

  /**
   * Yields frames in presentation order, decoding up to `readAheadFrames` ahead of the consumer;
   * throws VIDEO_DECODE_FAILED when ffmpeg fails.
   */
  async *frames(): AsyncGenerator<DecodedFrame> {
    const depth = Math.max(1, this.options.readAheadFrames ?? 1);
    const buffered: DecodedFrame[] = [];
    let finished = false;
    let failure: { error: unknown } | undefined;
    let stopped = false;
    let wakeConsumer: (() => void) | undefined;
    let wakeProducer: (() => void) | undefined;
    const wake = (which: 'consumer' | 'producer') => {
      const waiter = which === 'consumer' ? wakeConsumer : wakeProducer;
      if (which === 'consumer') wakeConsumer = undefined;
      else wakeProducer = undefined;
      waiter?.();
    };
    void (async () => {
      try {
        for await (const frame of this.rawFrames()) {
          buffered.push(frame);
          wake('consumer');
          while (buffered.length >= depth && !stopped) {
            await new Promise<void>((resolve) => {
              wakeProducer = resolve;
            });
          }
          if (stopped) break;
        }
      } catch (error) {
        failure = { error };
      } finally {
        finished = true;
        wake('consumer');
      }
    })();
    try {
      for (;;) {
        const next = buffered.shift();
        if (next) {
          wake('producer');
          yield next;
          continue;
        }
        if (failure) throw failure.error;
        if (finished) return;
        await new Promise<void>((resolve) => {
          wakeConsumer = resolve;
        });
      }
    } finally {
      stopped = true;
      wake('producer');
    }
  }

  /** Stops ffmpeg at once (abort, consumer gone). Safe to call more than once. */
  kill(): void {
    if (this.exitCode === undefined && !this.spawnError) {
      this.killedByUs = true;
      this.process.kill('SIGKILL');
    }
  }

  /** Resolves when the ffmpeg process has exited. */
  waitForExit(): Promise<void> {
    return this.exited;
  }

  /** CPU time (ms) ffmpeg had used by the last frame; undefined where /proc is not available. */
  cpuTimeMs(): number | undefined {
    return this.lastCpuTimeMs;
  }
}

/** user+system CPU time of a process (ms), read from /proc/<pid>/stat on Linux. */
export function processCpuTimeMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]); // utime + stime, in clock ticks
    return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** Linux's USER_HZ; 100 on every mainstream kernel configuration. */
const CLOCK_TICKS_PER_SECOND = 100;
