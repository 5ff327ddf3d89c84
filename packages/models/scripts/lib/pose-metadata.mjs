// @ts-check
/**
 * The TFLite metadata that tasks-vision's PoseLandmarker needs, written the way Google's official
 * `pose_landmarker_*.task` carries it. The strings (including the detector output description
 * that mentions "face" bboxes, copied from MediaPipe's face detector) are Google's, verbatim, so
 * that the flatbuffer bytes match the official bundle.
 *
 * What tasks-vision actually reads from it: the input tensor's ImageProperties (color space) and
 * its NormalizationOptions (mean/std, used to turn 0..255 pixels into the float range the model
 * was trained on). Without them ImageToTensor fails with "requires specifying
 * NormalizationOptions metadata". Stats and output descriptions are informational.
 */
import { float32Vector, packRoot, utf8 } from './flatbuffer-objects.mjs';
import {
  COLOR_SPACE_RGB,
  CONTENT_FEATURE,
  CONTENT_IMAGE,
  METADATA_FILE_IDENTIFIER,
  METADATA_SCHEMA,
  PROCESS_UNIT_NORMALIZATION,
} from './schemas.mjs';

/** @typedef {import('./flatbuffer-objects.mjs').FbObject} FbObject */

/**
 * @typedef {{
 *   name: string,
 *   description: string,
 *   inputDescription: string,
 *   inputSize: number,
 *   mean: number,
 *   std: number,
 *   outputs: ReadonlyArray<readonly [name: string, description: string]>,
 * }} PoseModelMetadataSpec
 */

/**
 * BlazePose detector: pixels p -> (p - 127.5) / 127.5, i.e. [-1, 1].
 * @type {Readonly<PoseModelMetadataSpec>}
 */
export const POSE_DETECTOR_METADATA = {
  name: 'Pose Detection',
  description: 'Detects human poses',
  inputDescription: 'Input image to be detected',
  inputSize: 224,
  mean: 127.5,
  std: 127.5,
  outputs: [
    ['raw boxes/keypoints', 'Undecoded face bboxes location and keypoints'],
    ['scores', 'Scores of the detected bboxes.'],
  ],
};

/**
 * BlazePose GHUM landmark model (lite, full and heavy share it): p -> p / 255, i.e. [0, 1].
 * @type {Readonly<PoseModelMetadataSpec>}
 */
export const POSE_LANDMARKS_METADATA = {
  name: 'Pose Landmark',
  description: 'Detects human pose landmarks with frontal camera.',
  inputDescription: 'Input image to be landmarked',
  inputSize: 256,
  mean: 0,
  std: 255,
  outputs: [
    ['landmarks', 'Pose landmarks'],
    ['presence', 'Presence of pose.'],
    ['segmentation_mask', 'Segmentation mask for pose.'],
    ['heat_map', 'Heat map for pose.'],
    ['world_landmarks', 'World landmarks for pose.'],
  ],
};

/**
 * The metadata as a `ModelMetadataT`-like object; every field the Python object API would hold,
 * `null` where Google's writer left it unset.
 * @param {Readonly<PoseModelMetadataSpec>} spec
 * @returns {FbObject}
 */
export function poseModelMetadata(spec) {
  /** @type {FbObject} */
  const input = {
    name: utf8('image'),
    description: utf8(spec.inputDescription),
    dimension_names: null,
    content: {
      content_properties_type: CONTENT_IMAGE,
      content_properties: { color_space: COLOR_SPACE_RGB, default_size: null },
      range: null,
    },
    process_units: [
      {
        options_type: PROCESS_UNIT_NORMALIZATION,
        options: { mean: float32Vector([spec.mean]), std: float32Vector([spec.std]) },
      },
    ],
    stats: {
      max: float32Vector([(255 - spec.mean) / spec.std]),
      min: float32Vector([(0 - spec.mean) / spec.std]),
    },
    associated_files: null,
  };
  const outputs = spec.outputs.map(([name, description]) => ({
    name: utf8(name),
    description: utf8(description),
    dimension_names: null,
    content: { content_properties_type: CONTENT_FEATURE, content_properties: {}, range: null },
    process_units: null,
    stats: { max: null, min: null },
    associated_files: null,
  }));
  return {
    name: utf8(spec.name),
    description: utf8(spec.description),
    version: utf8('1'),
    subgraph_metadata: [
      {
        name: null,
        description: null,
        input_tensor_metadata: [input],
        output_tensor_metadata: outputs,
        associated_files: null,
        input_process_units: null,
        output_process_units: null,
      },
    ],
    author: utf8('MediaPipe'),
    license: null,
    associated_files: null,
    // What MetadataPopulator computes for these fields (all from schema 1.0.0).
    min_parser_version: utf8('1.0.0'),
  };
}

/**
 * The metadata flatbuffer ("M001"), as stored in the model's TFLITE_METADATA buffer.
 * @param {Readonly<PoseModelMetadataSpec>} spec
 */
export function poseModelMetadataBuffer(spec) {
  return packRoot(
    METADATA_SCHEMA,
    'ModelMetadata',
    poseModelMetadata(spec),
    METADATA_FILE_IDENTIFIER,
  );
}
