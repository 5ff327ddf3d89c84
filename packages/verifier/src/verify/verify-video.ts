// One video verified: landmarks from the pose SDK's Node engine (headless Chromium, the same
// model and code as the browser) at the verification rate, the SDK's frame path over them, and a
// contact sheet per rep. Knows nothing of the database: the worker and `reptemple judge` both
// call it.

import type { AnalyzerChoice, FrameSize, PoseFrame } from '@reptemple/pose-sdk';
import {
  type ExtractedFrame,
  type PoseEngine,
  PoseEngineError,
  probeVideo,
} from '@reptemple/pose-sdk/node';
import {
  RecordingAnalyser,
  type RecordingAnalysis,
  type RepEvidence,
} from './analyse-recording.js';
import { renderContactSheet } from './contact-sheet.js';
import type { DrivingAngle } from './driving-angle.js';
import { type GrabbedFrame, grabFrames, scaledSize } from './frame-grab.js';
import { FramePrefetch } from './frame-prefetch.js';
import { verificationFps } from './sampling.js';

/** px: height of each frame in a contact sheet */
export const CONTACT_SHEET_FRAME_HEIGHT = 240;

export interface VideoVerification {
  readonly analysis: RecordingAnalysis;
  /** JPEG per rep number */
  readonly contactSheets: ReadonlyMap<number, Buffer>;
  readonly frameSize: FrameSize;
  /** ms, the video's own */
  readonly durationMs: number;
  /** frames per second analysed; undefined = every frame */
  readonly fps: number | undefined;
  readonly model: string;
  readonly decodeWarnings: readonly string[];
  readonly timing: VerificationTiming;
}

/** Where the time of one verification went (ms). */
export interface VerificationTiming {
  /** from the call to the last contact sheet */
  readonly wallMs: number;
  /** pose inference of the analysed frames (tasks-vision's detect, summed) */
  readonly inferenceMs: number;
  /** landmark extraction, wall time (decode and inference in parallel; the analysis and most of
   * the contact sheets' work run beside it, as frames arrive) */
  readonly extractionMs: number;
  /** after the last frame: the analysis's end (the analyser's finish and the evidence) */
  readonly analysisMs: number;
  /** after the analysis: what the contact sheets still needed (the pass's last seconds, any
   * missing frame, the sheets not drawn yet) */
  readonly contactSheetsMs: number;
  readonly frames: number;
}

export interface VerifyVideoOptions {
  readonly choice: AnalyzerChoice;
  /** Overrides the analyser's verification rate (judges comparing rates); 0 = every frame. */
  readonly fps?: number;
  readonly ffmpegPath?: string;
  /** false skips the contact sheets (a quick count) */
  readonly contactSheets?: boolean;
  readonly onChildProcess?: (pid: number) => void;
  readonly signal?: AbortSignal;
  readonly onProgress?: (framesDone: number, framesExpected: number) => void;
}

function nearestFrame(frames: readonly ExtractedFrame[], t: number | null): PoseFrame | undefined {
  if (t === null) return undefined;
  let best: PoseFrame | undefined;
  for (const frame of frames) {
    if (!best || Math.abs(frame.timestampMs - t) < Math.abs(best.timestampMs - t)) best = frame;
  }
  return best;
}

/** What a contact sheet is drawn from: equal inputs draw the same JPEG. */
interface SheetInputs {
  readonly rep: RepEvidence;
  readonly bottomPicture: GrabbedFrame | undefined;
  readonly topPicture: GrabbedFrame | undefined;
  readonly bottomPose: PoseFrame | undefined;
  readonly topPose: PoseFrame | undefined;
}

/** Whether two sheets would be drawn alike: the rep's fields a sheet shows, the same pictures
 * and the same poses (the very objects). */
function sameSheet(a: SheetInputs, b: SheetInputs): boolean {
  return (
    a.rep.repNumber === b.rep.repNumber &&
    a.rep.isValid === b.rep.isValid &&
    a.rep.invalidReason === b.rep.invalidReason &&
    a.rep.bottomAngle === b.rep.bottomAngle &&
    a.rep.topAngle === b.rep.topAngle &&
    a.rep.bottomMs === b.rep.bottomMs &&
    a.rep.topMs === b.rep.topMs &&
    a.bottomPicture === b.bottomPicture &&
    a.topPicture === b.topPicture &&
    a.bottomPose === b.bottomPose &&
    a.topPose === b.topPose
  );
}

function drawSheet(
  inputs: SheetInputs,
  drivingAngle: DrivingAngle,
  size: { width: number; height: number },
): Promise<Buffer> {
  const { rep, bottomPicture, topPicture, bottomPose, topPose } = inputs;
  return renderContactSheet({
    rep,
    drivingAngle,
    bottom: {
      ...(bottomPicture ? { picture: bottomPicture } : {}),
      ...(bottomPose ? { pose: bottomPose } : {}),
    },
    top: {
      ...(topPicture ? { picture: topPicture } : {}),
      ...(topPose ? { pose: topPose } : {}),
    },
    size,
  });
}

/**
 * Sheets drawn early, in batches of this many. Drawing blocks this process's event loop for about
 * 6 ms a sheet (the JPEG encoding then runs in libuv's pool); in the server that loop also answers
 * the API, and one sheet every second delayed a few per cent of the leaderboard's requests, which is
 * where its p95 lies (busy / idle 2.1-2.6x against 1.6-1.8x with the sheets drawn at the end).
 * In batches, the same work delays a few requests once in a while.
 */
const EARLY_SHEET_BATCH = 8;

/**
 * Contact sheets drawn while the video is still being analysed: a rep ended by the analyser is
 * drawn once the concurrent pass has both its pictures, a batch at a time.
 */
class EarlySheets {
  private readonly waiting: RepEvidence[] = [];
  private readonly drawn = new Map<number, { inputs: SheetInputs; jpeg: Promise<Buffer> }>();
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly prefetch: FramePrefetch,
    private readonly frames: readonly ExtractedFrame[],
    private readonly drivingAngle: DrivingAngle,
    private readonly size: { width: number; height: number },
  ) {}

  ended(reps: readonly RepEvidence[]): void {
    for (const rep of reps) {
      this.prefetch.want([rep.bottomMs, rep.topMs]);
      this.waiting.push(rep);
    }
  }

  /** Draws the waiting reps whose pictures have come, once there are EARLY_SHEET_BATCH of them. */
  drawReady(): void {
    const ready: { rep: RepEvidence; pictures: Map<number, GrabbedFrame> }[] = [];
    for (const rep of this.waiting) {
      const times = [rep.bottomMs, rep.topMs].filter((t): t is number => t !== null);
      const pictures = this.prefetch.pictures(times);
      if (pictures.size === times.length) ready.push({ rep, pictures });
    }
    if (ready.length < EARLY_SHEET_BATCH) return;
    for (const { rep, pictures } of ready) {
      this.waiting.splice(this.waiting.indexOf(rep), 1);
      const inputs: SheetInputs = {
        rep,
        bottomPicture: rep.bottomMs === null ? undefined : pictures.get(rep.bottomMs),
        topPicture: rep.topMs === null ? undefined : pictures.get(rep.topMs),
        bottomPose: nearestFrame(this.frames, rep.bottomMs),
        topPose: nearestFrame(this.frames, rep.topMs),
      };
      const jpeg = this.chain.then(() => drawSheet(inputs, this.drivingAngle, this.size));
      jpeg.catch(() => {}); // drawn again at the end, where a failure is reported
      this.chain = jpeg.catch(() => {});
      this.drawn.set(rep.repNumber, { inputs, jpeg });
    }
  }

  /** The sheet drawn early for these inputs, if it was drawn from the same ones. */
  async take(inputs: SheetInputs): Promise<Buffer | undefined> {
    const early = this.drawn.get(inputs.rep.repNumber);
    if (!early || !sameSheet(early.inputs, inputs)) return undefined;
    return early.jpeg.catch(() => undefined);
  }

  /** Waits for sheets being drawn (a failed verification leaves nothing running). */
  async settle(): Promise<void> {
    await this.chain;
  }
}

export async function verifyVideo(
  engine: PoseEngine,
  file: string,
  options: VerifyVideoOptions,
): Promise<VideoVerification> {
  const started = performance.now();
  const fps = options.fps === 0 ? undefined : (options.fps ?? verificationFps(options.choice));
  const wantSheets = options.contactSheets !== false;
  const ffmpegPath = options.ffmpegPath ?? 'ffmpeg';
  // Header information for the result, read while the frames are being analysed, with the ffmpeg
  // the engine finds for itself (ffmpegPath may be a bare command name, which probeVideo refuses).
  const probing = probeVideo(file);
  probing.catch(() => {}); // a failing file fails the stream first, with the decode error
  const stream = engine.stream(file, {
    ...(fps !== undefined ? { fps } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onProgress
      ? { onProgress: (p) => options.onProgress!(p.framesDone, p.framesExpected) }
      : {}),
  });
  const frames: ExtractedFrame[] = [];
  // The analysis runs as frames arrive, and with it the pictures and drawing of the contact
  // sheets, so that only a short tail is left after the last frame (docs/decisions.md, Verified
  // scores, "Contact sheets are made while the video is analysed").
  let analyser: RecordingAnalyser | undefined;
  let prefetch: FramePrefetch | undefined;
  let early: EarlySheets | undefined;
  const onAbort = () => prefetch?.stop();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for await (const frame of stream) {
      frames.push(frame);
      if (!analyser) {
        // Known from the first frame on (the decoder's header, or the page's first result).
        if (!stream.frameSize) continue;
        analyser = new RecordingAnalyser(options.choice, stream.frameSize);
        for (const earlier of frames.slice(0, -1)) analyser.add(earlier);
        if (wantSheets) {
          prefetch = new FramePrefetch(file, stream.frameSize, {
            ffmpegPath,
            height: CONTACT_SHEET_FRAME_HEIGHT,
            fps,
            durationMs: probing.then(
              (video) => video.durationMs,
              () => 0,
            ),
            ...(options.onChildProcess ? { onChildProcess: options.onChildProcess } : {}),
          });
          early = new EarlySheets(
            prefetch,
            frames,
            analyser.drivingAngle,
            scaledSize(stream.frameSize, CONTACT_SHEET_FRAME_HEIGHT),
          );
        }
      }
      analyser.add(frame);
      if (prefetch && early) {
        early.ended(analyser.takeEndedReps());
        prefetch.advance(analyser.angles, frame.timestampMs);
        early.drawReady();
      }
    }
    const extracted = performance.now();
    const video = await probing;
    const frameSize = stream.frameSize ?? { width: video.width, height: video.height };
    const timing = stream.timing!;
    if (
      !analyser ||
      analyser.frameSize.width !== frameSize.width ||
      analyser.frameSize.height !== frameSize.height
    ) {
      analyser = new RecordingAnalyser(options.choice, frameSize);
      for (const frame of frames) analyser.add(frame);
    }
    const analysis = analyser.finish();
    const analysed = performance.now();
    const contactSheets = new Map<number, Buffer>();
    if (wantSheets && analysis.reps.length > 0) {
      const size = scaledSize(frameSize, CONTACT_SHEET_FRAME_HEIGHT);
      const times = analysis.reps.flatMap((rep) =>
        [rep.bottomMs, rep.topMs].filter((t): t is number => t !== null),
      );
      let pictures = new Map<number, GrabbedFrame>();
      if (prefetch) {
        prefetch.want(times);
        prefetch.finishAnalysis(analysis.angles);
        await prefetch.done;
        pictures = prefetch.pictures(times);
      }
      if (options.signal?.aborted) {
        throw new PoseEngineError(
          'ABORTED',
          `Verifying ${file} was stopped before its contact sheets.`,
          {
            cause: options.signal.reason,
          },
        );
      }
      // Frames the concurrent pass did not keep (or all of them, when it failed or did not run):
      // one more pass over the video, as before.
      const missing = times.filter((t) => !pictures.has(t));
      if (missing.length > 0) {
        const grabbed = await grabFrames(file, missing, frameSize, {
          ffmpegPath,
          height: CONTACT_SHEET_FRAME_HEIGHT,
          ...(options.onChildProcess ? { onChildProcess: options.onChildProcess } : {}),
          ...(options.signal ? { signal: options.signal } : {}),
        });
        for (const [t, picture] of grabbed) pictures.set(t, picture);
      }
      for (const rep of analysis.reps) {
        const picture = (t: number | null) => (t === null ? undefined : pictures.get(t));
        const inputs: SheetInputs = {
          rep,
          bottomPicture: picture(rep.bottomMs),
          topPicture: picture(rep.topMs),
          bottomPose: nearestFrame(frames, rep.bottomMs),
          topPose: nearestFrame(frames, rep.topMs),
        };
        contactSheets.set(
          rep.repNumber,
          (await early?.take(inputs)) ?? (await drawSheet(inputs, analysis.drivingAngle, size)),
        );
      }
    }
    const finished = performance.now();
    return {
      analysis,
      contactSheets,
      frameSize,
      durationMs: video.durationMs,
      fps,
      model: engine.model,
      decodeWarnings: stream.decodeWarnings,
      timing: {
        wallMs: finished - started,
        inferenceMs: timing.inferencePerFrameMs * timing.frames,
        extractionMs: extracted - started,
        analysisMs: analysed - extracted,
        contactSheetsMs: finished - analysed,
        frames: timing.frames,
      },
    };
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    // A failed or aborted verification leaves no ffmpeg and no drawing behind.
    prefetch?.stop();
    await prefetch?.done;
    await early?.settle();
  }
}
