// One video verified: landmarks from the pose SDK's Node engine (headless Chromium, the same
// model and code as the browser) at the verification rate, the SDK's frame path over them, and a
// contact sheet per rep. Knows nothing of the database: the worker and `reptemple judge` both
// call it.

import type { AnalyzerChoice, FrameSize, PoseFrame } from '@reptemple/pose-sdk';
import type { ExtractedFrame, PoseEngine } from '@reptemple/pose-sdk/node';
import { analyseRecording, type RecordingAnalysis } from './analyse-recording.js';
import { renderContactSheet } from './contact-sheet.js';
import { grabFrames, scaledSize } from './frame-grab.js';
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
  /** landmark extraction, wall time (decode and inference in parallel) */
  readonly extractionMs: number;
  readonly analysisMs: number;
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

export async function verifyVideo(
  engine: PoseEngine,
  file: string,
  options: VerifyVideoOptions,
): Promise<VideoVerification> {
  const started = performance.now();
  const fps = options.fps === 0 ? undefined : (options.fps ?? verificationFps(options.choice));
  const extraction = await engine.extract(file, {
    ...(fps !== undefined ? { fps } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onProgress
      ? { onProgress: (p) => options.onProgress!(p.framesDone, p.framesExpected) }
      : {}),
  });
  const extracted = performance.now();
  const analysis = analyseRecording(extraction.frames, options.choice, extraction.frameSize);
  const analysed = performance.now();
  const contactSheets = new Map<number, Buffer>();
  if (options.contactSheets !== false && analysis.reps.length > 0) {
    const size = scaledSize(extraction.frameSize, CONTACT_SHEET_FRAME_HEIGHT);
    const times = analysis.reps.flatMap((rep) =>
      [rep.bottomMs, rep.topMs].filter((t): t is number => t !== null),
    );
    const pictures = await grabFrames(file, times, extraction.frameSize, {
      ffmpegPath: options.ffmpegPath ?? 'ffmpeg',
      height: CONTACT_SHEET_FRAME_HEIGHT,
      ...(options.onChildProcess ? { onChildProcess: options.onChildProcess } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    for (const rep of analysis.reps) {
      const picture = (t: number | null) => (t === null ? undefined : pictures.get(t));
      const bottomPicture = picture(rep.bottomMs);
      const topPicture = picture(rep.topMs);
      const bottomPose = nearestFrame(extraction.frames, rep.bottomMs);
      const topPose = nearestFrame(extraction.frames, rep.topMs);
      contactSheets.set(
        rep.repNumber,
        await renderContactSheet({
          rep,
          drivingAngle: analysis.drivingAngle,
          bottom: {
            ...(bottomPicture ? { picture: bottomPicture } : {}),
            ...(bottomPose ? { pose: bottomPose } : {}),
          },
          top: {
            ...(topPicture ? { picture: topPicture } : {}),
            ...(topPose ? { pose: topPose } : {}),
          },
          size,
        }),
      );
    }
  }
  const finished = performance.now();
  const { timing } = extraction;
  return {
    analysis,
    contactSheets,
    frameSize: extraction.frameSize,
    durationMs: extraction.video.durationMs,
    fps,
    model: extraction.model,
    decodeWarnings: extraction.decodeWarnings,
    timing: {
      wallMs: finished - started,
      inferenceMs: timing.inferencePerFrameMs * timing.frames,
      extractionMs: extracted - started,
      analysisMs: analysed - extracted,
      contactSheetsMs: finished - analysed,
      frames: timing.frames,
    },
  };
}
