// One video verified: landmarks from the pose SDK's Node engine (headless Chromium, the same
// model and code as the browser) at the verification rate, the SDK's frame path over them, and a
// contact sheet per rep. Knows nothing of the database: the worker and `reptemple judge` both
// call it.

import type { AnalyzerChoice, FrameSize, PoseFrame } from '@reptemple/pose-sdk';
import {
  DEFAULT_WARM_UP_FRAMES,
  type ExtractedFrame,
  type FrameWindow,
  type PoseEngine,
  PoseEngineError,
  probeVideo,
} from '@reptemple/pose-sdk/node';
import {
  type FullRateTest,
  RecordingAnalyser,
  type RecordingAnalysis,
  type RepEvidence,
} from './analyse-recording.js';
import { renderContactSheet } from './contact-sheet.js';
import type { DrivingAngle } from './driving-angle.js';
import { type GrabbedFrame, grabFrames, scaledSize } from './frame-grab.js';
import { FramePrefetch } from './frame-prefetch.js';
import { type RefinementSummary, refineAnalysis } from './refine-analysis.js';
import { REFINEMENT, verificationFps } from './sampling.js';
import { seedWindowVisibility } from './seed-window-visibility.js';

/** px: height of each frame in a contact sheet */
export const CONTACT_SHEET_FRAME_HEIGHT = 240;

export interface VideoVerification {
  readonly analysis: RecordingAnalysis;
  /** JPEG per rep number; a rep whose sheet could not be drawn has none (see contactSheetFailures) */
  readonly contactSheets: ReadonlyMap<number, Buffer>;
  /** Reps whose contact sheet could not be drawn: their counts and evidence stand without it. */
  readonly contactSheetFailures: readonly ContactSheetFailure[];
  readonly frameSize: FrameSize;
  /** ms, the video's own */
  readonly durationMs: number;
  /** frames per second analysed; undefined = every frame */
  readonly fps: number | undefined;
  /**
   * What was looked at again at the video's own rate after a sampled pass, and the sampled pass's
   * own counts; null for an every-frame pass or when refinement was off.
   */
  readonly refinement: RefinementSummary | null;
  readonly model: string;
  readonly decodeWarnings: readonly string[];
  readonly timing: VerificationTiming;
}

/** Where the time of one verification went (ms). */
export interface VerificationTiming {
  /** from the call to the last contact sheet */
  readonly wallMs: number;
  /** pose inference of the analysed frames (tasks-vision's detect, summed), refinement included */
  readonly inferenceMs: number;
  /** of inferenceMs: the refinement's (its windows and their warm-up frames) */
  readonly refinementInferenceMs: number;
  /** wall time of the refinement (its extractions and analyses), after the sampled pass */
  readonly refinementMs: number;
  /** landmark extraction, wall time (decode and inference in parallel; the analysis and most of
   * the contact sheets' work run beside it, as frames arrive) */
  readonly extractionMs: number;
  /** of the extraction: the inference page waiting for frames (decoding and transfer not hidden
   * behind inference), the first frame's wait included */
  readonly frameWaitMs: number;
  /** after the last frame: the analysis's end (the analyser's finish and the evidence) */
  readonly analysisMs: number;
  /** after the analysis: what the contact sheets still needed (the pass's last seconds, any
   * missing frame, the sheets not drawn yet) */
  readonly contactSheetsMs: number;
  /** frames of the sampled (or every-frame) pass */
  readonly frames: number;
  /** frames inferred by the refinement, warm-up frames included */
  readonly refinementFrames: number;
}

export interface VerifyVideoOptions {
  readonly choice: AnalyzerChoice;
  /** Overrides the analyser's verification rate (judges comparing rates); 0 = every frame. */
  readonly fps?: number;
  /**
   * false keeps a sampled pass as it is: no second look at the video's own rate where a verdict
   * is close (refineAnalysis). Default true; nothing to refine at every frame.
   */
  readonly refine?: boolean;
  readonly ffmpegPath?: string;
  /** false skips the contact sheets (a quick count) */
  readonly contactSheets?: boolean;
  readonly onChildProcess?: (pid: number) => void;
  readonly signal?: AbortSignal;
  readonly onProgress?: (framesDone: number, framesExpected: number) => void;
}

function nearestFrame(frames: readonly PoseFrame[], t: number | null): PoseFrame | undefined {
  if (t === null) return undefined;
  let best: PoseFrame | undefined;
  for (const frame of frames) {
    if (!best || Math.abs(frame.timestampMs - t) < Math.abs(best.timestampMs - t)) best = frame;
  }
  return best;
}

/** A rep whose contact sheet could not be drawn, and why. */
export interface ContactSheetFailure {
  readonly repNumber: number;
  readonly reason: string;
}

/** What a contact sheet is drawn from. */
export interface SheetInputs {
  readonly rep: RepEvidence;
  readonly bottomPicture: GrabbedFrame | undefined;
  readonly topPicture: GrabbedFrame | undefined;
  readonly bottomPose: PoseFrame | undefined;
  readonly topPose: PoseFrame | undefined;
}

/** ms: the frames a rep's contact sheet shows, its bottom and its top. */
function sheetTimes(rep: RepEvidence): number[] {
  return [rep.bottomMs, rep.topMs].filter((t): t is number => t !== null);
}

export type SheetDrawer = (
  inputs: SheetInputs,
  drivingAngle: DrivingAngle,
  size: { width: number; height: number },
) => Promise<Buffer>;

const drawSheet: SheetDrawer = (inputs, drivingAngle, size) => {
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
};

/**
 * Sheets drawn ahead of the oldest one still encoding: drawing runs on this thread (~6 ms a sheet,
 * blocking its event loop), the JPEG encoding on libuv's threads (~9 ms), so with two in flight
 * one sheet is encoded while the next is drawn. More would only queue encodings.
 */
export const SHEETS_IN_FLIGHT = 2;

/**
 * Draws each rep's contact sheet, in order, SHEETS_IN_FLIGHT at a time. A sheet that fails to
 * draw (a damaged picture, the drawing library failing) costs that rep its picture, not the
 * verification: the counts and the evidence are the judge's record, the sheet only illustrates
 * it, and retrying the whole video would not draw it better. The failure is returned for the
 * caller to report.
 */
export async function drawContactSheets(
  reps: readonly RepEvidence[],
  inputsOf: (rep: RepEvidence) => SheetInputs,
  drivingAngle: DrivingAngle,
  size: { width: number; height: number },
  draw: SheetDrawer = drawSheet,
): Promise<{ sheets: Map<number, Buffer>; failures: ContactSheetFailure[] }> {
  const outcomes: ({ sheet: Buffer } | { reason: string })[] = [];
  const settle = async (index: number, rep: RepEvidence) => {
    try {
      outcomes[index] = { sheet: await draw(inputsOf(rep), drivingAngle, size) };
    } catch (error) {
      outcomes[index] = { reason: error instanceof Error ? error.message : String(error) };
    }
  };
  const inFlight: Promise<void>[] = [];
  for (const [index, rep] of reps.entries()) {
    if (inFlight.length >= SHEETS_IN_FLIGHT) await inFlight.shift();
    inFlight.push(settle(index, rep));
  }
  await Promise.all(inFlight);
  const sheets = new Map<number, Buffer>();
  const failures: ContactSheetFailure[] = [];
  for (const [index, rep] of reps.entries()) {
    const outcome = outcomes[index]!;
    if ('sheet' in outcome) sheets.set(rep.repNumber, outcome.sheet);
    else failures.push({ repNumber: rep.repNumber, reason: outcome.reason });
  }
  return { sheets, failures };
}

export async function verifyVideo(
  engine: PoseEngine,
  file: string,
  options: VerifyVideoOptions,
): Promise<VideoVerification> {
  const started = performance.now();
  const fps = options.fps === 0 ? undefined : (options.fps ?? verificationFps(options.choice));
  // Every frame is the video's own rate: its checks need no second look.
  const sampledRate: FullRateTest = () => fps === undefined;
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
  // The analysis runs as frames arrive, and with it the pass that takes the contact sheets'
  // pictures, so that only a short tail is left after the last frame (docs/decisions.md, Verified
  // scores, "Contact sheets are made while the video is analysed"). The sheets are drawn after
  // the last frame: drawing blocks this process's event loop about 6 ms a sheet, and in the server
  // that loop answers the API (drawn during the job, the leaderboard's busy p95 rose).
  let analyser: RecordingAnalyser | undefined;
  let prefetch: FramePrefetch | undefined;
  const onAbort = () => prefetch?.stop();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for await (const frame of stream) {
      frames.push(frame);
      if (!analyser) {
        // Known from the first frame on (the decoder's header, or the page's first result).
        if (!stream.frameSize) continue;
        analyser = new RecordingAnalyser(options.choice, stream.frameSize, sampledRate);
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
        }
      }
      analyser.add(frame);
      if (prefetch) {
        // An ended rep's bottom and top are known: the pass keeps their pictures.
        for (const rep of analyser.takeEndedReps()) prefetch.want(sheetTimes(rep));
        prefetch.advance(analyser.angles, frame.timestampMs);
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
      analyser = new RecordingAnalyser(options.choice, frameSize, sampledRate);
      for (const frame of frames) analyser.add(frame);
    }
    let analysis = analyser.finish();
    // A sampled pass is looked at again at the video's own rate where a verdict is close.
    let refinement: RefinementSummary | null = null;
    let refinementFrames: readonly PoseFrame[] = [];
    let refinementInferenceMs = 0;
    let refinementInferred = 0;
    const refineStarted = performance.now();
    if (fps !== undefined && options.refine !== false && video.fps > fps) {
      const refined = await refineAnalysis(frames, analysis, options.choice, frameSize, {
        sampledFps: fps,
        videoFps: video.fps,
        warmUpFrames: DEFAULT_WARM_UP_FRAMES,
        budgetFrames: REFINEMENT.budgetShare * frames.length,
        framesOf: async (windows: readonly FrameWindow[]) => {
          const windowStream = engine.stream(file, {
            windows,
            warmUpFrames: DEFAULT_WARM_UP_FRAMES,
            reportWarmUp: true,
            ...(options.signal ? { signal: options.signal } : {}),
          });
          const got: ExtractedFrame[] = [];
          for await (const frame of windowStream) got.push(frame);
          refinementInferenceMs += windowStream.timing!.inferenceMs;
          refinementInferred += windowStream.timing!.frames + windowStream.timing!.warmUpFrames;
          // Each window's visibility smoothing carries on from the sampled pass's.
          return seedWindowVisibility(got, frames);
        },
      });
      analysis = refined.analysis;
      refinement = refined.refinement;
      refinementFrames = refined.frames;
    }
    const refineEnded = performance.now();
    // The poses drawn on the sheets: the frames the final analysis stood on.
    const poses: readonly PoseFrame[] =
      refinementFrames.length === 0
        ? frames
        : [...frames, ...refinementFrames].sort((a, b) => a.timestampMs - b.timestampMs);
    const analysed = performance.now();
    let contactSheets = new Map<number, Buffer>();
    let contactSheetFailures: ContactSheetFailure[] = [];
    if (wantSheets && analysis.reps.length > 0) {
      const size = scaledSize(frameSize, CONTACT_SHEET_FRAME_HEIGHT);
      const times = analysis.reps.flatMap(sheetTimes);
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
      const picture = (t: number | null) => (t === null ? undefined : pictures.get(t));
      const drawn = await drawContactSheets(
        analysis.reps,
        (rep) => ({
          rep,
          bottomPicture: picture(rep.bottomMs),
          topPicture: picture(rep.topMs),
          bottomPose: nearestFrame(poses, rep.bottomMs),
          topPose: nearestFrame(poses, rep.topMs),
        }),
        analysis.drivingAngle,
        size,
      );
      contactSheets = drawn.sheets;
      contactSheetFailures = drawn.failures;
    }
    const finished = performance.now();
    return {
      analysis,
      contactSheets,
      contactSheetFailures,
      frameSize,
      durationMs: video.durationMs,
      fps,
      refinement,
      model: engine.model,
      decodeWarnings: stream.decodeWarnings,
      timing: {
        wallMs: finished - started,
        inferenceMs: timing.inferenceMs + refinementInferenceMs,
        refinementInferenceMs,
        refinementMs: refineEnded - refineStarted,
        refinementFrames: refinementInferred,
        extractionMs: extracted - started,
        frameWaitMs: timing.transferWaitPerFrameMs * timing.frames,
        analysisMs: refineStarted - extracted + (analysed - refineEnded),
        contactSheetsMs: finished - analysed,
        frames: timing.frames,
      },
    };
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    // A failed or aborted verification leaves no ffmpeg and no drawing behind.
    prefetch?.stop();
    await prefetch?.done;
  }
}
