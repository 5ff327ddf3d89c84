/**
 * BlazePose model variants, the spec's "model complexity" 0, 1 and 2. The core knows them because
 * measurements are calibrated per model (core/calibration): each reads a straight arm a little
 * differently. Hosts load them (media/model-settings.ts).
 */
export type PoseModelVariant = 'lite' | 'full' | 'heavy';

export const POSE_MODEL_VARIANTS: readonly PoseModelVariant[] = ['lite', 'full', 'heavy'];

/** Complexity 1 is the spec's default: the best accuracy/speed trade-off on a laptop CPU. */
export const DEFAULT_POSE_MODEL: PoseModelVariant = 'full';

/**
 * The variant a model's name names, or undefined for another description (a trace's header may
 * say "custom.task"): measurements then use the default model's calibration.
 */
export function poseModelVariantOf(name: string): PoseModelVariant | undefined {
  return (POSE_MODEL_VARIANTS as readonly string[]).includes(name)
    ? (name as PoseModelVariant)
    : undefined;
}
