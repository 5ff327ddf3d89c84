// @ts-check
/**
 * Builds the three PoseLandmarker .task bundles from the pinned `@mediapipe/pose` npm package.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { extractPackedFile, parsePackageMetadata } from './emscripten-package.mjs';
import {
  POSE_DETECTOR_METADATA,
  POSE_LANDMARKS_METADATA,
  poseModelMetadataBuffer,
} from './pose-metadata.mjs';
import { writeStoredZip } from './stored-zip.mjs';
import { assertModelShape, populateMetadata, unpackModel } from './tflite-metadata.mjs';

export const MODEL_VARIANTS = /** @type {const} */ (['lite', 'full', 'heavy']);
/** @typedef {(typeof MODEL_VARIANTS)[number]} ModelVariant */

export const POSE_PACKAGE = '@mediapipe/pose';
export const POSE_PACKAGE_VERSION = '0.5.1675469404';
/** Member names that tasks-vision's PoseLandmarker looks up inside the .task zip. */
export const DETECTOR_MEMBER = 'pose_detector.tflite';
export const LANDMARKS_MEMBER = 'pose_landmarks_detector.tflite';

/** @param {ModelVariant} variant */
export const bundleFileName = (variant) => `pose_landmarker_${variant}.task`;

/** @param {Uint8Array} data */
export const sha256 = (data) => createHash('sha256').update(data).digest('hex');

/**
 * Locates the pinned `@mediapipe/pose` install (resolved from this package) and checks its version.
 * @returns {string} its directory
 */
export function posePackageDir() {
  const require = createRequire(import.meta.url);
  const pkgJson = require.resolve(`${POSE_PACKAGE}/package.json`);
  const { version } = JSON.parse(readFileSync(pkgJson, 'utf8'));
  if (version !== POSE_PACKAGE_VERSION) {
    throw new Error(
      `${POSE_PACKAGE} ${version} is installed, the bundles are pinned to ${POSE_PACKAGE_VERSION}`,
    );
  }
  return dirname(pkgJson);
}

/**
 * The unmodified source models, straight from the npm package.
 * @param {string} dir `@mediapipe/pose` directory
 */
export function readSourceModels(dir) {
  /** @param {string} f */
  const read = (f) => new Uint8Array(readFileSync(join(dir, f)));
  // pose_solution_packed_assets.data is an Emscripten file-packager blob; today it holds exactly
  // one file, pose_detection.tflite, spanning the whole blob, but we read the loader's table.
  const loader = readFileSync(join(dir, 'pose_solution_packed_assets_loader.js'), 'utf8');
  const detector = extractPackedFile(
    read('pose_solution_packed_assets.data'),
    parsePackageMetadata(loader),
    'pose_detection.tflite',
  );
  /** @type {Record<ModelVariant, Uint8Array>} */
  const landmarks = {
    lite: read('pose_landmark_lite.tflite'),
    full: read('pose_landmark_full.tflite'),
    heavy: read('pose_landmark_heavy.tflite'),
  };
  return { detector, landmarks };
}

/**
 * @param {Uint8Array} model
 * @param {typeof POSE_DETECTOR_METADATA} spec
 * @param {string} label
 */
function withMetadata(model, spec, label) {
  assertModelShape(unpackModel(model), {
    inputSize: spec.inputSize,
    outputs: spec.outputs.length,
    label,
  });
  return populateMetadata(model, poseModelMetadataBuffer(spec));
}

/**
 * Builds every bundle in memory.
 * @param {ReturnType<typeof readSourceModels>} sources
 * @returns {Record<ModelVariant, Uint8Array>}
 */
export function buildPoseBundles(sources) {
  const detector = withMetadata(sources.detector, POSE_DETECTOR_METADATA, 'pose_detection.tflite');
  /** @param {ModelVariant} variant */
  const bundle = (variant) =>
    writeStoredZip([
      { name: DETECTOR_MEMBER, data: detector },
      {
        name: LANDMARKS_MEMBER,
        data: withMetadata(
          sources.landmarks[variant],
          POSE_LANDMARKS_METADATA,
          `pose_landmark_${variant}.tflite`,
        ),
      },
    ]);
  return { lite: bundle('lite'), full: bundle('full'), heavy: bundle('heavy') };
}
