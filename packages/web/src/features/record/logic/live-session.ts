// One live attempt's counting: every analysed camera frame goes to the analyser; the session keeps
// what the screen shows (valid and invalid counts, phase, position, the last invalid rep's reason)
// and when the person last moved (a phase change or a counted rep), for the rest rule. Pure:
// frames carry their own times.

import type { FrameSize, PoseFrame, RepRecord } from '@reptemple/pose-sdk';
import { createLiveAnalyzer, type LiveAnalyzer, type LiveCounting } from './live-analyzer';
import { type SessionVerdict, sessionVerdict } from './session-rules';

export interface LiveSnapshot {
  validReps: number;
  invalidReps: number;
  phase: string | null;
  isValidPosition: boolean;
  lastInvalidReason: string | null;
  /** Camera time of the newest analysed frame, from the start of the recording. ms */
  frameMs: number;
  /** Camera time of the last move: the phase changed, or a rep was counted (a fatigued set whose
   * tops no longer reach the up zone stays in one phase while its reps count). ms */
  movedAtMs: number;
  analysedFrames: number;
}

export class LiveSession {
  private readonly analyzer: LiveAnalyzer;
  private originMs: number | undefined;
  private lastPhase: string | null = null;
  private lastRepCount = 0;
  private movedAtMs = 0;
  private frameMs = 0;
  private analysedFrames = 0;
  private finished = false;
  /** Frames stopped coming for a while on purpose: the next one restarts the rest clock. */
  private paused = false;

  constructor(
    readonly counting: LiveCounting,
    frameSize: FrameSize,
  ) {
    this.analyzer = createLiveAnalyzer(
      counting.analyser === 'definition' ? counting.definition : null,
      frameSize,
    );
  }

  /** Feeds one frame; its time is counted from the session's first frame. */
  add(frame: PoseFrame): LiveSnapshot {
    if (this.finished) return this.snapshot;
    this.originMs ??= frame.timestampMs;
    const timestampMs = frame.timestampMs - this.originMs;
    // World landmarks go along: with them the analyser knows the camera's view and judges each
    // rule as it can be judged from there, as the CLI and the video analysis do.
    this.analyzer.process(
      frame.worldLandmarks === undefined
        ? { timestampMs, landmarks: frame.landmarks }
        : { timestampMs, landmarks: frame.landmarks, worldLandmarks: frame.worldLandmarks },
    );
    this.frameMs = timestampMs;
    this.analysedFrames += 1;
    const { currentPhase: phase, repCount, invalidRepCount } = this.analyzer.state;
    const reps = repCount + invalidRepCount;
    if (phase !== this.lastPhase || reps !== this.lastRepCount || this.paused) {
      this.lastPhase = phase;
      this.lastRepCount = reps;
      this.movedAtMs = timestampMs;
      this.paused = false;
    }
    return this.snapshot;
  }

  /** Counting pauses (the diagnostics' inference-only segments): the time without frames is not
   * rest, so the rest rule counts again from the next frame. */
  pause(): void {
    this.paused = true;
  }

  /** The stream has ended: the last frames are judged (a last rep on the final frames counts). */
  finish(): LiveSnapshot {
    if (!this.finished) {
      this.finished = true;
      this.analyzer.finish();
    }
    return this.snapshot;
  }

  verdict(elapsedMs: number): SessionVerdict {
    const state = this.analyzer.state;
    return sessionVerdict({
      elapsedMs,
      reps: state.repCount + state.invalidRepCount,
      frameMs: this.frameMs,
      movedAtMs: this.movedAtMs,
    });
  }

  get reps(): readonly RepRecord[] {
    return this.analyzer.reps;
  }

  get snapshot(): LiveSnapshot {
    const state = this.analyzer.state;
    let lastInvalid: RepRecord | undefined;
    for (const rep of this.analyzer.reps) if (!rep.isValidRep) lastInvalid = rep;
    return {
      validReps: state.repCount,
      invalidReps: state.invalidRepCount,
      phase: state.currentPhase,
      isValidPosition: state.isValidPosition,
      lastInvalidReason: lastInvalid?.invalidReason ?? null,
      frameMs: this.frameMs,
      movedAtMs: this.movedAtMs,
      analysedFrames: this.analysedFrames,
    };
  }
}
