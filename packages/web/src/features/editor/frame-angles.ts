// Angles at one captured frame, measured the way the definition analyser measures them, so the
// ranges the wizard proposes fit what the analyser will see: in pixels (aspect-correct), from
// landmarks visible enough for the analyser, and in a side view averaged over both sides.

import {
  type AngleDefinition,
  type CameraPosition,
  mirrorLandmark,
  type PhaseName,
} from '@reptemple/definitions';
import {
  angleAtVertex,
  DEFINITION_ANALYZER_CONSTANTS,
  type FrameSize,
  type Landmark,
} from '@reptemple/pose-sdk';

export interface AngleMeasurement {
  /** degrees, 0-180 */
  readonly degrees: number;
  /** No side of the body showed all three landmarks clearly; the angle is the written side's
   * best guess. */
  readonly lowVisibility: boolean;
}

/** Measured angles by phase, then by angle id. */
export type MeasuredAngles = Record<PhaseName, Record<string, AngleMeasurement>>;

function angleOn(
  landmarks: readonly Landmark[],
  ids: readonly number[],
  frameSize: FrameSize,
  minVisibility: number,
): number {
  const [a, b, c] = ids.map((id) => landmarks[id]);
  if (!a || !b || !c) return Number.NaN;
  if (Math.min(a.visibility, b.visibility, c.visibility) < minVisibility) return Number.NaN;
  return angleAtVertex(a, b, c, frameSize);
}

export function measureAngle(
  landmarks: readonly Landmark[],
  angle: AngleDefinition,
  frameSize: FrameSize,
  cameraPosition: CameraPosition,
): AngleMeasurement {
  const threshold = DEFINITION_ANALYZER_CONSTANTS.angleVisibility;
  const written = angleOn(landmarks, angle.landmarks, frameSize, threshold);
  const mirrored =
    cameraPosition === 'side'
      ? angleOn(landmarks, angle.landmarks.map(mirrorLandmark), frameSize, threshold)
      : Number.NaN;
  const seen = [written, mirrored].filter((value) => !Number.isNaN(value));
  if (seen.length > 0) {
    return {
      degrees: seen.reduce((sum, value) => sum + value, 0) / seen.length,
      lowVisibility: false,
    };
  }
  return { degrees: angleOn(landmarks, angle.landmarks, frameSize, 0), lowVisibility: true };
}
