import { existsSync } from 'node:fs';
import type { PoseModelVariant } from '../media/model-settings.js';
import { PoseEngineError } from './errors.js';

/**
 * Where the model bundles come from by default: @reptemple/models, which builds the lite, full and
 * heavy `.task` bundles for the pinned tasks-vision. Imported lazily so that a missing build is a
 * MODEL_NOT_FOUND error with instructions, not a failure to load this module.
 */
async function defaultModelPath(variant: PoseModelVariant): Promise<string> {
  const models = await import('@reptemple/models');
  return models.modelPath(variant);
}

/**
 * Path of the `.task` bundle for a variant: an explicit path wins, else @reptemple/models.
 * Throws MODEL_NOT_FOUND saying what to do.
 */
export async function resolveModelPath(
  variant: PoseModelVariant,
  explicitPath?: string,
): Promise<string> {
  if (explicitPath !== undefined) {
    if (existsSync(explicitPath)) return explicitPath;
    throw new PoseEngineError(
      'MODEL_NOT_FOUND',
      `Expected a ${variant} pose model bundle at ${explicitPath} (the modelPath option), found ` +
        'nothing. Pass the path of a pose_landmarker_<variant>.task file.',
    );
  }
  try {
    return await defaultModelPath(variant);
  } catch (error) {
    throw new PoseEngineError(
      'MODEL_NOT_FOUND',
      `Expected the ${variant} pose model bundle from @reptemple/models, but: ` +
        `${(error as Error).message}. Build it with \`pnpm --filter @reptemple/models build\`, ` +
        'or pass modelPath.',
      { cause: error },
    );
  }
}
