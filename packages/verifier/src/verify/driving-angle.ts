// The angle a judge looks at, per frame: the push-up analyser's elbow, or a definition's first
// phase-driving angle. Measured as the analysers measure it (in pixels, both sides averaged where
// both are visible), but without their glitch filter: it is for pictures and plots (the bottom
// and top frames of a rep, the angle-over-time plot). The counted extremes of a push-up rep are
// the analyser's own (its rep record).

import {
  type ExerciseDefinition,
  type LandmarkId,
  mirrorLandmark,
  phaseDrivingAngleIds,
} from '@reptemple/definitions';
import {
  type AnalyzerChoice,
  angleAtVertex,
  type FrameSize,
  isLandmarkVisible,
  type Landmark,
  type PoseFrame,
} from '@reptemple/pose-sdk';

export interface DrivingAngle {
  readonly id: string;
  readonly name: string;
  /** One side's landmarks: first end, vertex, second end. */
  readonly landmarks: readonly [LandmarkId, LandmarkId, LandmarkId];
}

/** BlazePose's left shoulder, elbow and wrist. */
const PUSHUP_ELBOW: DrivingAngle = { id: 'elbow', name: 'Elbow', landmarks: [11, 13, 15] };

export function drivingAngleFor(choice: AnalyzerChoice): DrivingAngle {
  if (choice.kind === 'pushup') return PUSHUP_ELBOW;
  return definitionDrivingAngle(choice.definition);
}

function definitionDrivingAngle(definition: ExerciseDefinition): DrivingAngle {
  const [firstId] = phaseDrivingAngleIds(definition);
  const angle = definition.angles.find((candidate) => candidate.id === firstId);
  if (!angle) throw new Error(`definition "${definition.name}" has no phase-driving angle`);
  return { id: angle.id, name: angle.name, landmarks: angle.landmarks };
}

/** The spec's landmark gate (0.5), as the analysers use it. */
export const MIN_VISIBILITY = 0.5;

function sideAngle(
  landmarks: readonly Landmark[],
  ids: readonly [LandmarkId, LandmarkId, LandmarkId],
  size: FrameSize,
): number | undefined {
  const points = ids.map((id) => landmarks[id]);
  if (points.some((point) => !isLandmarkVisible(point, MIN_VISIBILITY))) return undefined;
  const [a, b, c] = points as [Landmark, Landmark, Landmark];
  const angle = angleAtVertex(a, b, c, size);
  return Number.isFinite(angle) ? angle : undefined;
}

/** degrees, or undefined when neither side is visible in the frame */
export function measureDrivingAngle(
  frame: PoseFrame,
  angle: DrivingAngle,
  size: FrameSize,
): number | undefined {
  if (frame.landmarks.length === 0) return undefined;
  const mirrored = angle.landmarks.map(mirrorLandmark) as [LandmarkId, LandmarkId, LandmarkId];
  const sides = [
    sideAngle(frame.landmarks, angle.landmarks, size),
    sideAngle(frame.landmarks, mirrored, size),
  ].filter((value): value is number => value !== undefined);
  if (sides.length === 0) return undefined;
  return sides.reduce((sum, value) => sum + value, 0) / sides.length;
}
