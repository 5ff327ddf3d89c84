import { FbTable } from './flatbuffer-reader.js';

export const DETECTOR_MEMBER = 'pose_detector.tflite';
export const LANDMARKS_MEMBER = 'pose_landmarks_detector.tflite';

// Field numbers, from tensorflow/lite/schema/schema.fbs and metadata_schema.fbs.
export const Model = {
  operatorCodes: 1,
  subgraphs: 2,
  description: 3,
  buffers: 4,
  metadata: 6,
} as const;
export const SubGraph = { tensors: 0, inputs: 1, outputs: 2, operators: 3 } as const;
export const Tensor = { shape: 0, type: 1, buffer: 2, name: 3 } as const;
export const Operator = { opcodeIndex: 0, inputs: 1, outputs: 2, optionsType: 3 } as const;
export const Buffer = { data: 0 } as const;
export const Metadata = { name: 0, buffer: 1 } as const;

/** Returns the tflite Model root table. */
export function tfliteModel(bytes: Uint8Array): FbTable {
  return FbTable.root(bytes, 'TFL3');
}

/** The `Model.metadata` entry `name` and the bytes of the buffer it points at. */
export function metadataBuffer(model: FbTable, name: string): Uint8Array | null {
  const entry = (model.tables(Model.metadata) ?? []).find((e) => e.string(Metadata.name) === name);
  if (!entry) return null;
  const buffer = model.tables(Model.buffers)?.[entry.u32(Metadata.buffer)];
  return buffer?.ubytes(Buffer.data) ?? null;
}

export interface InputImageMetadata {
  name: string | null;
  contentType: number;
  colorSpace: number | null;
  normalization: { mean: number[] | null; std: number[] | null } | null;
}

/** What tasks-vision reads from a model's TFLITE_METADATA: the input image's content and normalization. */
export function readPoseMetadata(tflite: Uint8Array) {
  const model = tfliteModel(tflite);
  const raw = metadataBuffer(model, 'TFLITE_METADATA');
  if (!raw) throw new Error('no TFLITE_METADATA');
  const md = FbTable.root(raw, 'M001');
  const subgraphs = md.tables(3) ?? [];
  const sg = subgraphs[0];
  if (subgraphs.length !== 1 || !sg) throw new Error('expected one SubGraphMetadata');
  const inputs = sg.tables(2) ?? [];
  const outputs = sg.tables(3) ?? [];
  const input = inputs[0];
  if (!input) throw new Error('no input tensor metadata');
  const content = input.table(3);
  const units = input.tables(4) ?? [];
  const normUnit = units.find((u) => u.u8(0) === 1); // ProcessUnitOptions.NormalizationOptions
  const norm = normUnit?.table(1) ?? null;
  const image: InputImageMetadata = {
    name: input.string(0),
    contentType: content?.u8(0) ?? 0, // ContentProperties: 1 Feature, 2 Image
    colorSpace: content?.u8(0) === 2 ? (content.table(1)?.i8(0) ?? 0) : null, // 1 = RGB
    normalization: norm ? { mean: norm.float32s(0), std: norm.float32s(1) } : null,
  };
  const modelSubgraph = model.tables(Model.subgraphs)?.[0];
  return {
    name: md.string(0),
    minParserVersion: md.string(7),
    inputCount: inputs.length,
    input: image,
    processUnitTypes: units.map((u) => u.u8(0)),
    outputNames: outputs.map((o) => o.string(0)),
    modelInputCount: modelSubgraph?.int32s(SubGraph.inputs)?.length ?? 0,
    modelOutputCount: modelSubgraph?.int32s(SubGraph.outputs)?.length ?? 0,
  };
}
