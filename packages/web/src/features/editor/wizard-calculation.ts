// The wizard's angle calculation (spec 01 §5, §8): each captured frame is loaded, its pose
// detected and every angle measured. Loading and detection are injected, so the order of checks
// and the exact messages are tested without a browser.

import {
  type AngleDefinition,
  type CameraPosition,
  PHASE_NAMES,
  type PhaseName,
} from '@reptemple/definitions';
import type { FrameSize, Landmark } from '@reptemple/pose-sdk';
import { EDITOR_SPEC_TEXT } from './constants';
import { type MeasuredAngles, measureAngle } from './frame-angles';
import type { CapturedFrame } from './wizard-state';

/** Why a frame gave no angles; the message is the spec's cause text. */
export class FrameAnglesError extends Error {
  constructor(
    readonly code: 'FRAME_LOAD_FAILED' | 'NO_LANDMARKS',
    readonly phase: PhaseName,
    options?: { cause?: unknown },
  ) {
    super(
      code === 'FRAME_LOAD_FAILED'
        ? EDITOR_SPEC_TEXT.frameLoadFailed(phase)
        : EDITOR_SPEC_TEXT.noLandmarksAt(phase),
      options,
    );
    this.name = 'FrameAnglesError';
  }
}

export interface FrameAnglesIO<Image, Loaded> {
  /** Turns a captured still into something the detector reads; throws when it cannot. */
  loadFrame(frame: CapturedFrame<Image>): Promise<Loaded>;
  /** The pose in one loaded still (no tracking from the previous frame). */
  detect(image: Loaded): Promise<{ landmarks: readonly Landmark[]; frameSize: FrameSize }>;
}

export async function calculateFrameAngles<Image, Loaded>(
  angles: readonly AngleDefinition[],
  cameraPosition: CameraPosition,
  frames: Readonly<Record<PhaseName, CapturedFrame<Image> | null>>,
  io: FrameAnglesIO<Image, Loaded>,
): Promise<MeasuredAngles> {
  const measured = { start: {}, transition: {}, end: {} } as MeasuredAngles;
  for (const phase of PHASE_NAMES) {
    const frame = frames[phase];
    if (!frame) throw new Error(EDITOR_SPEC_TEXT.framesMissing);
    let loaded: Loaded;
    try {
      loaded = await io.loadFrame(frame);
    } catch (error) {
      throw new FrameAnglesError('FRAME_LOAD_FAILED', phase, { cause: error });
    }
    const { landmarks, frameSize } = await io.detect(loaded);
    if (landmarks.length === 0) throw new FrameAnglesError('NO_LANDMARKS', phase);
    for (const angle of angles) {
      measured[phase][angle.id] = measureAngle(landmarks, angle, frameSize, cameraPosition);
    }
  }
  return measured;
}

/** The alert text for a failed calculation: 'Error calculating angles: {message}'. */
export function calculationErrorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return EDITOR_SPEC_TEXT.calculationError(message);
}
