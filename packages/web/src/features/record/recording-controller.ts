// One attempt, from Start Recording to its video (spec 02 §4 "Recording flow"): acquires the
// camera, counts down 5 s, starts the recorder and the live counting at 1, ends on Finish, at the
// 5-minute limit or after a rest over 3 s, and stops recorder, analysis loop and camera.

import type {
  LiveCameraLoop,
  LiveLoopMode,
  LiveLoopModeTotals,
  LiveLoopStats,
  PoseDetector,
} from '@reptemple/pose-sdk/browser';
import { startLiveCameraLoop } from '@reptemple/pose-sdk/browser';
import { browserTimeZone } from '../../lib/time-zone';
import { loadPoseDetector } from '../analysis/pose-runtime';
import { type Facing, facesUser, openCameraStream, stopStream } from './camera';
import type { LiveCounting } from './logic/live-analyzer';
import { LiveSession } from './logic/live-session';
import { acquiringView, type RecordingView, shownOnScreen } from './logic/recording-view';
import type { SessionEndReason, SessionVerdict } from './logic/session-rules';
import { attemptSeconds, type FinishedAttempt, newSessionId } from './logic/submission';
import {
  COUNTDOWN_SECONDS,
  COUNTDOWN_STEP_MS,
  LIVE_POSE_MODEL,
  RECORDER_STARTS_AT,
} from './messages';
import { AttemptRecorder, type RecorderStats } from './recorder';
import { stillFrame } from './still-frame';

/** How often the limit and rest rules are checked between frames. ms */
const RULE_CHECK_INTERVAL_MS = 250;

export type { RecordingStage, RecordingView } from './logic/recording-view';

/** The diagnostics panel's figures, read when it asks (it polls while open). */
export interface RecordingDiagnostics {
  stats: LiveLoopStats | null;
  /** The live loop's rate in each mode (the diagnostics' A/B comparison). */
  modeTotals: Readonly<Record<LiveLoopMode, LiveLoopModeTotals>> | null;
  recorder: RecorderStats | null;
}

export interface FinishedRecording {
  attempt: FinishedAttempt;
  video: Blob;
  mimeType: string;
  /** A still of the attempt's last camera picture, the video's poster; null without one. */
  poster: Blob | null;
}

export interface RecordingControllerOptions {
  counting: LiveCounting;
  challengeId: string;
  userId: string;
  exerciseName: string;
  facing: Facing;
  onView: (view: RecordingView) => void;
  onFinished: (recording: FinishedRecording) => void;
  /** The attempt could not start (camera, recorder): the page resets the recording state. */
  onStartFailed: (error: unknown) => void;
}

export class RecordingController {
  private stream: MediaStream | null = null;
  private video: HTMLVideoElement | null = null;
  private recorder: AttemptRecorder | null = null;
  private detector: PoseDetector | null = null;
  private session: LiveSession | null = null;
  private loop: LiveCameraLoop | null = null;
  private timers: ReturnType<typeof setTimeout>[] = [];
  private ruleTimer: ReturnType<typeof setInterval> | undefined;
  private recordingStartedMs = 0;
  /** When the first counted frame came, in ms from the recorder's start. */
  private countingStartMs: number | undefined;
  private finishing = false;
  private cancelled = false;
  private view: RecordingView = acquiringView(false);
  private shown = '';

  constructor(private readonly options: RecordingControllerOptions) {}

  /** Hands the view to the page when what it shows has changed. */
  private update(change: Partial<RecordingView>): void {
    this.view = { ...this.view, ...change };
    const shown = shownOnScreen(this.view);
    if (shown === this.shown) return;
    this.shown = shown;
    this.options.onView(this.view);
  }

  /** The diagnostics panel's figures, now. */
  diagnostics(): RecordingDiagnostics {
    return {
      stats: this.loop?.stats ?? null,
      modeTotals: this.loop?.modeTotals ?? null,
      recorder: this.recorder?.stats ?? null,
    };
  }

  /** Start Recording: the camera into `video`, the countdown, then recorder and counting. */
  async start(video: HTMLVideoElement): Promise<void> {
    this.update({ stage: 'acquiring' });
    this.video = video;
    const detectorReady = loadPoseDetector({ model: LIVE_POSE_MODEL });
    try {
      this.stream = await openCameraStream(this.options.facing);
      video.srcObject = this.stream;
      video.muted = true;
      video.playsInline = true;
      await video.play();
      this.recorder = new AttemptRecorder(this.stream);
    } catch (error) {
      this.cleanUp();
      void detectorReady.then(
        (detector) => detector.close(),
        () => undefined,
      );
      this.options.onStartFailed(error);
      return;
    }
    if (this.cancelled) return;
    this.update({ mirrored: facesUser(this.stream, this.options.facing) });
    detectorReady.then(
      (detector) => {
        if (this.cancelled || this.finishing) {
          detector.close();
          return;
        }
        this.detector = detector;
        this.update({ modelReady: true });
        if (this.view.stage === 'recording') this.startCounting(video);
      },
      (error: unknown) => {
        console.error(
          'The pose model did not load; recording goes on without live counting',
          error,
        );
      },
    );
    this.runCountdown(video);
  }

  private runCountdown(video: HTMLVideoElement): void {
    for (let step = 0; step < COUNTDOWN_SECONDS; step++) {
      const shown = COUNTDOWN_SECONDS - step;
      this.timers.push(
        setTimeout(() => {
          if (this.cancelled) return;
          this.update({
            stage: shown === COUNTDOWN_SECONDS ? 'countdown' : this.view.stage,
            countdown: shown,
          });
          if (shown === RECORDER_STARTS_AT) this.startRecording(video);
        }, step * COUNTDOWN_STEP_MS),
      );
    }
    this.timers.push(
      setTimeout(() => {
        if (!this.cancelled) this.update({ countdown: null });
      }, COUNTDOWN_SECONDS * COUNTDOWN_STEP_MS),
    );
  }

  private startRecording(video: HTMLVideoElement): void {
    try {
      this.recorder!.start();
    } catch (error) {
      this.cleanUp();
      this.options.onStartFailed(error);
      return;
    }
    this.recordingStartedMs = performance.now();
    this.update({ stage: 'recording' });
    this.ruleTimer = setInterval(() => this.checkRules(), RULE_CHECK_INTERVAL_MS);
    if (this.detector) this.startCounting(video);
  }

  private startCounting(video: HTMLVideoElement): void {
    if (this.loop || !this.detector) return;
    const frameSize = { width: video.videoWidth, height: video.videoHeight };
    this.session = new LiveSession(this.options.counting, frameSize);
    this.loop = startLiveCameraLoop({
      video,
      detector: this.detector,
      mode: this.view.inferenceOnly ? 'inference-only' : 'live',
      onDetection: (detection) => {
        // The live clock starts at the first analysed frame (its timestamps count from there).
        this.countingStartMs ??= performance.now() - this.recordingStartedMs;
        this.checkRules({ snapshot: this.session!.add(detection) });
      },
      onError: (error) => {
        console.error('Live counting stopped', error);
      },
    });
  }

  /**
   * Diagnostics: the loop only detects (counting pauses) or counts again. Alternating the two
   * measures what the app adds to inference on this device, in this page and attempt.
   */
  setInferenceOnly(inferenceOnly: boolean): void {
    if (inferenceOnly === this.view.inferenceOnly) return;
    if (inferenceOnly) this.session?.pause();
    this.loop?.setMode(inferenceOnly ? 'inference-only' : 'live');
    this.update({ inferenceOnly });
  }

  /** The limit and rest rules, with what else changed on this frame (the new snapshot). */
  private checkRules(change: Partial<RecordingView> = {}): void {
    if (this.view.stage !== 'recording' || this.finishing) return;
    const elapsedMs = performance.now() - this.recordingStartedMs;
    const verdict: SessionVerdict = this.session
      ? this.session.verdict(elapsedMs)
      : { kind: 'running' };
    this.update({ ...change, elapsedMs, verdict });
    if (verdict.kind === 'ended') void this.finish(verdict.reason);
  }

  /** Finish Recording (or a rule): stops recorder, analysis loop and camera; answers the video. */
  async finish(endedBy: SessionEndReason | 'user'): Promise<void> {
    if (this.finishing || this.view.stage !== 'recording') return;
    this.finishing = true;
    const durationMs = performance.now() - this.recordingStartedMs;
    this.update({ stage: 'finishing' });
    this.loop?.stop();
    const snapshot = this.session?.finish() ?? null;
    // Before the camera stops: the picture the participant ended on.
    const poster = this.video
      ? await stillFrame(this.video).catch((error: unknown) => {
          console.warn('Taking a still for the video failed', error);
          return null;
        })
      : null;
    let video: Blob;
    try {
      video = await this.recorder!.stop();
    } finally {
      this.cleanUp();
    }
    const { counting } = this.options;
    // The frames counted (the diagnostics' inference-only frames are not).
    const analysedFrames = snapshot?.analysedFrames ?? 0;
    const durationSeconds = attemptSeconds(durationMs);
    const attempt: FinishedAttempt = {
      id: newSessionId(this.options.challengeId, Date.now(), Math.random),
      challengeId: this.options.challengeId,
      userId: this.options.userId,
      recordedAt: new Date().toISOString(),
      validReps: snapshot?.validReps ?? 0,
      invalidReps: snapshot?.invalidReps ?? 0,
      durationSeconds,
      endedBy,
      reps: this.session?.reps ?? [],
      analyser: counting.analyser,
      model: LIVE_POSE_MODEL,
      analysedFrames,
      analysedFps: durationSeconds > 0 ? analysedFrames / durationSeconds : 0,
      definition: counting.definition,
      exerciseName: this.options.exerciseName,
      timeZone: browserTimeZone(),
      ...(this.countingStartMs === undefined ? {} : { countingStartMs: this.countingStartMs }),
    };
    this.options.onFinished({
      attempt,
      video,
      mimeType: this.recorder?.mimeType ?? video.type,
      poster,
    });
  }

  /** Leaves without a result (the page unmounts, or the start failed). */
  cancel(): void {
    this.cancelled = true;
    this.loop?.stop();
    void this.recorder?.stop().catch(() => undefined);
    this.cleanUp();
  }

  private cleanUp(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    clearInterval(this.ruleTimer);
    this.loop?.stop();
    this.loop = null;
    stopStream(this.stream);
    this.stream = null;
    this.detector?.close();
    this.detector = null;
  }
}
