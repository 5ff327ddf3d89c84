/**
 * Playback rules of the analysis screen (spec 01 §4 "Video loading", §9), as pure decisions the
 * component applies to its <video>.
 */
import {
  ANALYSIS_MESSAGES,
  DURATION_WORKAROUND_DELAY_MS,
  DURATION_WORKAROUND_SEEK_S,
  DURATION_WORKAROUND_TIMEOUT_MS,
  FRAME_STEP_S,
} from './constants';

/** Files from MediaRecorder (and some streams) report an infinite or zero duration until played through. */
export function needsDurationWorkaround(duration: number): boolean {
  return !Number.isFinite(duration) || duration === 0;
}

/** A duration the seek bar can use. */
export function isUsableDuration(duration: number): boolean {
  return Number.isFinite(duration) && duration > 0;
}

/** The workaround's steps: wait, seek far past the end, wait for a real duration or time out. */
export const DURATION_WORKAROUND = {
  delayMs: DURATION_WORKAROUND_DELAY_MS,
  seekToS: DURATION_WORKAROUND_SEEK_S,
  timeoutMs: DURATION_WORKAROUND_TIMEOUT_MS,
  timeoutMessage: ANALYSIS_MESSAGES.durationTimeout,
} as const;

/** Previous/next frame target, clamped to the video (spec: 1/30 s steps). s */
export function steppedTime(currentS: number, direction: -1 | 1, durationS: number): number {
  const target = currentS + direction * FRAME_STEP_S;
  const end = isUsableDuration(durationS) ? durationS : Number.POSITIVE_INFINITY;
  return Math.min(end, Math.max(0, target));
}

/** While one rep plays on its own: pause once playback reaches the rep's end. */
export function repPlaybackFinished(currentS: number, repEndMs: number): boolean {
  return currentS * 1000 >= repEndMs;
}

/**
 * Playback never runs ahead of the analysis, so every frame shown has been analysed (the counts
 * on screen are the ones the CLI gives). 'wait' pauses until the analysis has passed the current
 * time by `leadMs` (or finished), then playback resumes.
 */
export function playbackGate(
  currentMs: number,
  analysedUntilMs: number,
  analysisDone: boolean,
  leadMs = 0,
): 'play' | 'wait' {
  if (analysisDone) return 'play';
  return analysedUntilMs >= currentMs + leadMs ? 'play' : 'wait';
}

/** Least lead (ms) the analysis must have over playback before playback resumes after waiting. */
export const ANALYSIS_RESUME_LEAD_MS = 1000;

/**
 * The lead (ms) to wait for before resuming, so playback does not have to stop again before the
 * end: when the analysis runs at `speed` media seconds per second (below 1 on a slow machine),
 * playback gains (1 - speed) of the remaining time on it.
 */
export function resumeLeadMs(remainingMs: number, speed: number | null): number {
  if (speed === null || !(speed > 0) || speed >= 1 || !Number.isFinite(remainingMs))
    return ANALYSIS_RESUME_LEAD_MS;
  return Math.max(ANALYSIS_RESUME_LEAD_MS, remainingMs * (1 - speed));
}

/** What a failed video.play() means for the screen. */
export function playFailure(error: unknown): {
  message: string;
  /** AbortError: a pause or a new source interrupted play(); the controls go back to paused. */
  reset: boolean;
} {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'AbortError') return { message: ANALYSIS_MESSAGES.playInterrupted, reset: true };
  const detail = error instanceof Error ? error.message : String(error);
  return { message: `${ANALYSIS_MESSAGES.playInterrupted}: ${detail}`, reset: false };
}

/** Upload rule (spec 01 §5): video files only. */
export function isVideoFile(file: { type: string }): boolean {
  return file.type.startsWith('video/');
}
