// The preview's rotation (spec 02 §2, §9): turned 180° when the screen is (a phone lying upside
// down), plus the manual 180° steps. The recording is never turned. Pure.

import { AUTO_ROTATE_SCREEN_ANGLE, ROTATE_STEP_DEGREES } from '../messages';

/** degrees, 0 or 180 */
export function previewRotation(screenAngle: number, manualSteps: number): number {
  const auto = screenAngle === AUTO_ROTATE_SCREEN_ANGLE ? 180 : 0;
  return (((auto + manualSteps * ROTATE_STEP_DEGREES) % 360) + 360) % 360;
}

/** The preview's CSS transform: mirrored for a camera facing the person (front camera), turned. */
export function previewTransform(mirrored: boolean, rotationDegrees: number): string {
  const parts: string[] = [];
  if (rotationDegrees) parts.push(`rotate(${rotationDegrees}deg)`);
  if (mirrored) parts.push('scaleX(-1)');
  return parts.join(' ') || 'none';
}
