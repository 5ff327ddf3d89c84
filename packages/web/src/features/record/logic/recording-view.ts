// What the attempt's screen shows, and when it has changed (spec 02 §4: the live count, phase,
// position, last invalid reason, the clock and the warnings). Pure.

import type { LiveSnapshot } from './live-session';
import type { SessionVerdict } from './session-rules';

export type RecordingStage = 'acquiring' | 'countdown' | 'recording' | 'finishing';

/** What the attempt's screen shows. It is handed to the page only when something on it changes
 * (a count, the phase, the position, the last invalid reason, a warning's seconds, the clock's
 * whole seconds): re-rendering the page on every analysed frame took time from inference. */
export interface RecordingView {
  stage: RecordingStage;
  countdown: number | null;
  snapshot: LiveSnapshot | null;
  verdict: SessionVerdict;
  elapsedMs: number;
  /** Counting paused while the loop only detects (Diagnostics: inference only). */
  inferenceOnly: boolean;
  modelReady: boolean;
  mirrored: boolean;
}

/** The screen of an attempt that is acquiring its camera. */
export function acquiringView(mirrored: boolean): RecordingView {
  return {
    stage: 'acquiring',
    countdown: null,
    snapshot: null,
    verdict: { kind: 'running' },
    elapsedMs: 0,
    inferenceOnly: false,
    modelReady: false,
    mirrored,
  };
}

/** Everything of the view the screen shows, as one string: equal strings, equal screens. */
export function shownOnScreen(view: RecordingView): string {
  const { snapshot, verdict } = view;
  const warningSeconds =
    verdict.kind === 'warning' ? Math.ceil(verdict.remainingMs / 1000) : verdict.kind;
  return [
    view.stage,
    view.countdown,
    view.inferenceOnly,
    view.modelReady,
    view.mirrored,
    verdict.kind === 'running' ? '' : `${verdict.reason}:${warningSeconds}`,
    Math.floor(view.elapsedMs / 1000), // the clock shows whole seconds
    snapshot?.validReps,
    snapshot?.invalidReps,
    snapshot?.phase,
    snapshot?.isValidPosition,
    snapshot?.lastInvalidReason,
  ].join('|');
}
