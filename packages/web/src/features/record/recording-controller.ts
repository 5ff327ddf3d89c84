// One attempt, from Start Recording to its video (spec 02 §4 "Recording flow"): acquires the
// camera, counts down 5 s, starts the recorder and the live counting at 1, ends on Finish, at the
// 5-minute limit or after a rest over 3 s, and stops recorder, analysis loop and camera.

import type { LiveLoopStats, PoseDetector } from '@reptemple/pose-sdk/browser';
import { startLiveCameraLoop } from '@reptemple/pose-sdk/browser';
import { loadPoseDetector } from '../../analysis/pose-runtime';
import { type Facing, facesUser, openCameraStream, stopStream } from './camera';
import type { LiveCounting } from './logic/live-analyzer';
import { LiveSession, type LiveSnapshot } from './logic/live-session';
import type { SessionEndReason, SessionVerdict } from './logic/session-rules';
import { attemptSeconds, type FinishedAttempt, newSessionId } from './logic/submission';
import {
  COUNTDOWN_SECONDS,
  COUNTDOWN_STEP_MS,
  LIVE_POSE_MODEL,
  RECORDER_STARTS_AT,
} from './messages';
import { AttemptRecorder, type RecorderStats } from './recorder';

/** How often the limit and rest rules are checked between frames. ms */
const RULE_CHECK_INTERVAL_MS = 250;
/** The screen is redrawn at once when a count, the phase or the position changes, and otherwise
 * at most this often: a redraw per analysed frame took time from inference. ms */
const VIEW_REFRESH_MS = 200;

export type RecordingStage = 'acquiring' | 'countdown' | 'recording' | 'finishing';

export interface RecordingView {
  stage: RecordingStage;
  countdown: number | null;
  snapshot: LiveSnapshot | null;
  verdict: SessionVerdict;
  elapsedMs: number;
  stats: LiveLoopStats | null;
  recorder: RecorderStats | null;
  modelReady: boolean;
  mirrored: boolean;
}

export interface FinishedRecording {
  attempt: FinishedAttempt;
  video: Blob;
  mimeType: string;
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
  private recorder: AttemptRecorder | null = null;
  private detector: PoseDetector | null = null;
  private session: LiveSession | null = null;
  private stopLoop: (() => void) | null = null;
  private timers: ReturnType<typeof setTimeout>[] = [];
  private ruleTimer: ReturnType<typeof setInterval> | undefined;
  private recordingStartedMs = 0;
  private finishing = false;
  private cancelled = false;
  private view: RecordingView = {
    stage: 'acquiring',
    countdown: null,
    snapshot: null,
    verdict: { kind: 'running' },
    elapsedMs: 0,
    stats: null,
    recorder: null,
    modelReady: false,
    mirrored: false,
  };

  constructor(private readonly options: RecordingControllerOptions) {}

  private lastEmitMs = 0;

  private update(change: Partial<RecordingView>, urgent = true): void {
    this.view = { ...this.view, ...change };
    const nowMs = performance.now();
    if (!urgent && nowMs - this.lastEmitMs < VIEW_REFRESH_MS) return;
    this.lastEmitMs = nowMs;
    this.options.onView(this.view);
  }

  /** Start Recording: the camera into `video`, the countdown, then recorder and counting. */
  async start(video: HTMLVideoElement): Promise<void> {
    this.update({ stage: 'acquiring' });
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
    this.ruleTimer = setInterval(() => this.checkRules(false), RULE_CHECK_INTERVAL_MS);
    if (this.detector) this.startCounting(video);
  }

  private startCounting(video: HTMLVideoElement): void {
    if (this.stopLoop || !this.detector) return;
    const frameSize = { width: video.videoWidth, height: video.videoHeight };
    this.session = new LiveSession(this.options.counting, frameSize);
    const loop = startLiveCameraLoop({
      video,
      detector: this.detector,
      onDetection: (detection, stats) => {
        const previous = this.view.snapshot;
        const snapshot = this.session!.add(detection);
        const changed =
          !previous ||
          previous.validReps !== snapshot.validReps ||
          previous.invalidReps !== snapshot.invalidReps ||
          previous.phase !== snapshot.phase ||
          previous.isValidPosition !== snapshot.isValidPosition;
        this.update({ snapshot, stats, recorder: this.recorder?.stats ?? null }, changed);
        this.checkRules(false);
      },
      onError: (error) => {
        console.error('Live counting stopped', error);
      },
    });
    this.stopLoop = () => loop.stop();
  }

  private checkRules(urgent = true): void {
    if (this.view.stage !== 'recording' || this.finishing) return;
    const elapsedMs = performance.now() - this.recordingStartedMs;
    const verdict: SessionVerdict = this.session
      ? this.session.verdict(elapsedMs)
      : { kind: 'running' };
    const changedKind = verdict.kind !== this.view.verdict.kind;
    this.update(
      { elapsedMs, verdict, recorder: this.recorder?.stats ?? null },
      urgent || changedKind,
    );
    if (verdict.kind === 'ended') void this.finish(verdict.reason);
  }

  /** Finish Recording (or a rule): stops recorder, analysis loop and camera; answers the video. */
  async finish(endedBy: SessionEndReason | 'user'): Promise<void> {
    if (this.finishing || this.view.stage !== 'recording') return;
    this.finishing = true;
    const durationMs = performance.now() - this.recordingStartedMs;
    this.update({ stage: 'finishing' });
    this.stopLoop?.();
    const snapshot = this.session?.finish() ?? null;
    let video: Blob;
    try {
      video = await this.recorder!.stop();
    } finally {
      this.cleanUp();
    }
    const { counting } = this.options;
    const stats = this.view.stats;
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
      analysedFrames: stats?.analysedFrames ?? 0,
      analysedFps: durationSeconds > 0 ? (stats?.analysedFrames ?? 0) / durationSeconds : 0,
      definition: counting.definition,
      exerciseName: this.options.exerciseName,
    };
    this.options.onFinished({ attempt, video, mimeType: this.recorder?.mimeType ?? video.type });
  }

  /** Leaves without a result (the page unmounts, or the start failed). */
  cancel(): void {
    this.cancelled = true;
    this.stopLoop?.();
    void this.recorder?.stop().catch(() => undefined);
    this.cleanUp();
  }

  private cleanUp(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    clearInterval(this.ruleTimer);
    this.stopLoop?.();
    this.stopLoop = null;
    stopStream(this.stream);
    this.stream = null;
    this.detector?.close();
    this.detector = null;
  }
}
