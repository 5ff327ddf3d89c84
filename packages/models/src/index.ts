import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import manifest from '../bundles.manifest.json';

/** The three BlazePose GHUM landmark models: speed versus accuracy. */
export const MODEL_VARIANTS = ['lite', 'full', 'heavy'] as const;
export type ModelVariant = (typeof MODEL_VARIANTS)[number];

/** The `@mediapipe/tasks-vision` release these bundles are built and checked for. */
export const TASKS_VISION_VERSION = '0.10.35';

/** The command that writes the bundles into this package's dist/. */
export const BUILD_COMMAND = 'pnpm --filter @reptemple/models build';

export type ModelFileName = `pose_landmarker_${ModelVariant}.task`;

interface ManifestEntry {
  file: string;
  bytes: number;
  sha256: string;
}

const bundles: Record<string, ManifestEntry | undefined> = manifest.bundles;

function entry(variant: ModelVariant): ManifestEntry {
  const e = bundles[variant];
  if (!e) throw new Error(`@reptemple/models: no manifest entry for ${variant}`);
  return e;
}

export function isModelVariant(value: unknown): value is ModelVariant {
  return typeof value === 'string' && (MODEL_VARIANTS as readonly string[]).includes(value);
}

function assertVariant(variant: unknown): asserts variant is ModelVariant {
  if (!isModelVariant(variant)) {
    throw new TypeError(
      `@reptemple/models: unknown model variant ${JSON.stringify(variant)}; expected one of ${MODEL_VARIANTS.join(', ')}`,
    );
  }
}

/** Expected SHA-256 (hex) of each bundle; the build refuses to emit anything else. */
export const MODEL_SHA256: Readonly<Record<ModelVariant, string>> = Object.freeze({
  lite: entry('lite').sha256,
  full: entry('full').sha256,
  heavy: entry('heavy').sha256,
});

/** Expected size in bytes of each bundle. */
export const MODEL_BYTES: Readonly<Record<ModelVariant, number>> = Object.freeze({
  lite: entry('lite').bytes,
  full: entry('full').bytes,
  heavy: entry('heavy').bytes,
});

/** `pose_landmarker_<variant>.task` */
export function modelFileName(variant: ModelVariant): ModelFileName {
  assertVariant(variant);
  return `pose_landmarker_${variant}.task`;
}

/** The bundles sit next to the compiled module in dist/; from the sources (tests) that is ../dist. */
function bundleDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  return basename(here) === 'dist' ? here : join(here, '..', 'dist');
}

/**
 * Absolute path of a bundle in this package (Node only). Throws if the bundle has not been built.
 */
export function modelPath(variant: ModelVariant): string {
  const path = join(bundleDir(), modelFileName(variant));
  if (!existsSync(path)) {
    throw new Error(
      `@reptemple/models: ${path} is missing; build the pose-model bundles with \`${BUILD_COMMAND}\``,
    );
  }
  return path;
}
