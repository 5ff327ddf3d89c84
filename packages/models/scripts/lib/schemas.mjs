// @ts-check
/**
 * The parts of two FlatBuffers schemas that the pose models use, transcribed field by field (the
 * order of fields is the wire format, so it must match the upstream .fbs files exactly):
 * - TFLite's model schema (`tensorflow/lite/schema/schema.fbs`, file identifier "TFL3");
 * - TFLite-support's metadata schema (`tensorflow_lite_support/metadata/metadata_schema.fbs`,
 *   file identifier "M001").
 * Union members and trailing fields that these models never set are left out on purpose:
 * `unpackTable` throws if a model sets one, so nothing is silently dropped.
 */
import {
  deprecated,
  scalar,
  scalars,
  string,
  strings,
  table,
  tables,
  union,
} from './flatbuffer-objects.mjs';

/** @typedef {import('./flatbuffer-objects.mjs').Schema} Schema */

/** SparseIndexVector union (schema.fbs). */
const SPARSE_INDEX_VECTOR = { 1: 'Int32Vector', 2: 'Uint16Vector', 3: 'Uint8Vector' };

/** BuiltinOptions union members used by the pose models (ids from schema.fbs). */
const BUILTIN_OPTIONS = {
  1: 'Conv2DOptions',
  2: 'DepthwiseConv2DOptions',
  5: 'Pool2DOptions',
  10: 'ConcatenationOptions',
  11: 'AddOptions',
  15: 'ResizeBilinearOptions',
  17: 'ReshapeOptions',
  22: 'PadOptions',
  38: 'DequantizeOptions',
  94: 'DepthToSpaceOptions',
};

/** @type {Schema} */
export const TFLITE_SCHEMA = {
  Model: [
    scalar('version', 'u32'),
    tables('operator_codes', 'OperatorCode'),
    tables('subgraphs', 'SubGraph'),
    string('description'),
    tables('buffers', 'Buffer'),
    scalars('metadata_buffer', 'i32'),
    tables('metadata', 'Metadata'),
  ],
  OperatorCode: [
    scalar('deprecated_builtin_code', 'i8'),
    string('custom_code'),
    scalar('version', 'i32', 1),
    scalar('builtin_code', 'i32'),
  ],
  SubGraph: [
    tables('tensors', 'Tensor'),
    scalars('inputs', 'i32'),
    scalars('outputs', 'i32'),
    tables('operators', 'Operator'),
    string('name'),
  ],
  Tensor: [
    scalars('shape', 'i32'),
    scalar('type', 'i8'),
    scalar('buffer', 'u32'),
    string('name'),
    table('quantization', 'QuantizationParameters'),
    scalar('is_variable', 'bool'),
    table('sparsity', 'SparsityParameters'),
    scalars('shape_signature', 'i32'),
  ],
  QuantizationParameters: [
    scalars('min', 'f32'),
    scalars('max', 'f32'),
    scalars('scale', 'f32'),
    scalars('zero_point', 'i64'),
    ...union('details', {}),
    scalar('quantized_dimension', 'i32'),
  ],
  SparsityParameters: [
    scalars('traversal_order', 'i32'),
    scalars('block_map', 'i32'),
    tables('dim_metadata', 'DimensionMetadata'),
  ],
  DimensionMetadata: [
    scalar('format', 'i8'),
    scalar('dense_size', 'i32'),
    ...union('array_segments', SPARSE_INDEX_VECTOR),
    ...union('array_indices', SPARSE_INDEX_VECTOR),
  ],
  Int32Vector: [scalars('values', 'i32')],
  Uint16Vector: [scalars('values', 'u16')],
  Uint8Vector: [scalars('values', 'u8')],
  Operator: [
    scalar('opcode_index', 'u32'),
    scalars('inputs', 'i32'),
    scalars('outputs', 'i32'),
    ...union('builtin_options', BUILTIN_OPTIONS),
    scalars('custom_options', 'u8'),
    scalar('custom_options_format', 'i8'),
    scalars('mutating_variable_inputs', 'bool'),
    scalars('intermediates', 'i32'),
  ],
  Conv2DOptions: [
    scalar('padding', 'i8'),
    scalar('stride_w', 'i32'),
    scalar('stride_h', 'i32'),
    scalar('fused_activation_function', 'i8'),
    scalar('dilation_w_factor', 'i32', 1),
    scalar('dilation_h_factor', 'i32', 1),
  ],
  DepthwiseConv2DOptions: [
    scalar('padding', 'i8'),
    scalar('stride_w', 'i32'),
    scalar('stride_h', 'i32'),
    scalar('depth_multiplier', 'i32'),
    scalar('fused_activation_function', 'i8'),
    scalar('dilation_w_factor', 'i32', 1),
    scalar('dilation_h_factor', 'i32', 1),
  ],
  Pool2DOptions: [
    scalar('padding', 'i8'),
    scalar('stride_w', 'i32'),
    scalar('stride_h', 'i32'),
    scalar('filter_width', 'i32'),
    scalar('filter_height', 'i32'),
    scalar('fused_activation_function', 'i8'),
  ],
  ConcatenationOptions: [scalar('axis', 'i32'), scalar('fused_activation_function', 'i8')],
  AddOptions: [scalar('fused_activation_function', 'i8'), scalar('pot_scale_int16', 'bool', true)],
  ResizeBilinearOptions: [
    deprecated('new_height'),
    deprecated('new_width'),
    scalar('align_corners', 'bool'),
    scalar('half_pixel_centers', 'bool'),
  ],
  ReshapeOptions: [scalars('new_shape', 'i32')],
  PadOptions: [],
  DequantizeOptions: [],
  DepthToSpaceOptions: [scalar('block_size', 'i32')],
  Buffer: [scalars('data', 'u8'), scalar('offset', 'u64'), scalar('size', 'u64')],
  Metadata: [string('name'), scalar('buffer', 'u32')],
};

/** ContentProperties union (metadata_schema.fbs). */
const CONTENT_PROPERTIES = {
  1: 'FeatureProperties',
  2: 'ImageProperties',
  3: 'BoundingBoxProperties',
};
/** ProcessUnitOptions union (metadata_schema.fbs). */
const PROCESS_UNIT_OPTIONS = {
  1: 'NormalizationOptions',
  2: 'ScoreCalibrationOptions',
  3: 'ScoreThresholdingOptions',
};

/** @type {Schema} */
export const METADATA_SCHEMA = {
  ModelMetadata: [
    string('name'),
    string('description'),
    string('version'),
    tables('subgraph_metadata', 'SubGraphMetadata'),
    string('author'),
    string('license'),
    tables('associated_files', 'AssociatedFile'),
    string('min_parser_version'),
  ],
  SubGraphMetadata: [
    string('name'),
    string('description'),
    tables('input_tensor_metadata', 'TensorMetadata'),
    tables('output_tensor_metadata', 'TensorMetadata'),
    tables('associated_files', 'AssociatedFile'),
    tables('input_process_units', 'ProcessUnit'),
    tables('output_process_units', 'ProcessUnit'),
  ],
  TensorMetadata: [
    string('name'),
    string('description'),
    strings('dimension_names'),
    table('content', 'Content'),
    tables('process_units', 'ProcessUnit'),
    table('stats', 'Stats'),
    tables('associated_files', 'AssociatedFile'),
  ],
  Content: [...union('content_properties', CONTENT_PROPERTIES), table('range', 'ValueRange')],
  FeatureProperties: [],
  ImageProperties: [scalar('color_space', 'i8'), table('default_size', 'ImageSize')],
  ImageSize: [scalar('width', 'u32'), scalar('height', 'u32')],
  BoundingBoxProperties: [
    scalars('index', 'u32'),
    scalar('type', 'i8'),
    scalar('coordinate_type', 'i8'),
  ],
  ValueRange: [scalar('min', 'i32'), scalar('max', 'i32')],
  ProcessUnit: [...union('options', PROCESS_UNIT_OPTIONS)],
  NormalizationOptions: [scalars('mean', 'f32'), scalars('std', 'f32')],
  ScoreCalibrationOptions: [scalar('score_transformation', 'i8'), scalar('default_score', 'f32')],
  ScoreThresholdingOptions: [scalar('global_score_threshold', 'f32')],
  Stats: [scalars('max', 'f32'), scalars('min', 'f32')],
  AssociatedFile: [string('name'), string('description'), scalar('type', 'i8'), string('locale')],
};

/** Enum values used below (metadata_schema.fbs). */
export const COLOR_SPACE_RGB = 1;
export const CONTENT_FEATURE = 1;
export const CONTENT_IMAGE = 2;
export const PROCESS_UNIT_NORMALIZATION = 1;
/** TensorType.FLOAT32 (schema.fbs). */
export const TENSOR_FLOAT32 = 0;

export const TFLITE_FILE_IDENTIFIER = 'TFL3';
export const METADATA_FILE_IDENTIFIER = 'M001';
/** Name of the `Model.metadata` entry that holds the metadata flatbuffer (MetadataPopulator). */
export const METADATA_FIELD_NAME = 'TFLITE_METADATA';
