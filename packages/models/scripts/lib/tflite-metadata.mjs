// @ts-check
/**
 * Adds a TFLite metadata flatbuffer to a .tflite model the way TFLite-support's Python
 * `MetadataPopulator.populate()` does, so the result is byte-identical to what Google ships:
 * 1. the model is unpacked with the object API, the metadata is appended as a new `Buffer` and a
 *    `Metadata { name: "TFLITE_METADATA", buffer: <its index> }` entry, and the whole model is
 *    re-packed (Python builder layout, see py-flatbuffer-builder.mjs);
 * 2. the associated files are appended as a zip archive; there are none here, so Python's zipfile
 *    appends just an empty end-of-central-directory record (22 bytes) whose central-directory
 *    offset is the model's length.
 * Weights are copied verbatim; only the container layout changes (the TFLite converter aligns
 * buffers to 16 bytes, the Python re-pack does not, hence the smaller files).
 */
import { packRoot, readInt32Vector, unpackRoot, utf8 } from './flatbuffer-objects.mjs';
import {
  METADATA_FIELD_NAME,
  TENSOR_FLOAT32,
  TFLITE_FILE_IDENTIFIER,
  TFLITE_SCHEMA,
} from './schemas.mjs';

/** @typedef {import('./flatbuffer-objects.mjs').FbObject} FbObject */
/** @typedef {import('./flatbuffer-objects.mjs').ScalarVector} ScalarVector */

/** @param {FbObject} obj @param {string} key @returns {FbObject[]} */
const list = (obj, key) => /** @type {FbObject[]} */ (obj[key] ?? []);
/** @param {import('./flatbuffer-objects.mjs').FbValue | undefined} v */
const text = (v) => (v instanceof Uint8Array ? new TextDecoder().decode(v) : null);

/**
 * @param {Uint8Array} model a .tflite file
 * @returns {FbObject} the Model as an object tree
 */
export function unpackModel(model) {
  return unpackRoot(TFLITE_SCHEMA, 'Model', model, TFLITE_FILE_IDENTIFIER);
}

/**
 * Checks the model's single subgraph has one float32 [1, size, size, 3] input and `outputs` outputs.
 * @param {FbObject} model
 * @param {{ inputSize: number, outputs: number, label: string }} expect
 */
export function assertModelShape(model, expect) {
  const subgraphs = list(model, 'subgraphs');
  const sg = subgraphs[0];
  if (subgraphs.length !== 1 || !sg) throw new Error(`${expect.label}: expected one subgraph`);
  const inputs = readInt32Vector(/** @type {ScalarVector} */ (sg.inputs));
  const outputs = readInt32Vector(/** @type {ScalarVector} */ (sg.outputs));
  const input = list(sg, 'tensors')[inputs[0] ?? -1];
  const shape = input ? readInt32Vector(/** @type {ScalarVector} */ (input.shape)) : [];
  const want = [1, expect.inputSize, expect.inputSize, 3];
  if (
    inputs.length !== 1 ||
    !input ||
    shape.join() !== want.join() ||
    input.type !== TENSOR_FLOAT32
  ) {
    throw new Error(
      `${expect.label}: expected one float32 input of shape [${want}], got [${shape}]`,
    );
  }
  if (outputs.length !== expect.outputs) {
    throw new Error(`${expect.label}: expected ${expect.outputs} outputs, got ${outputs.length}`);
  }
}

/**
 * @param {Uint8Array} model a .tflite file without TFLITE_METADATA
 * @param {Uint8Array} metadata an "M001" metadata flatbuffer
 * @returns {Uint8Array} the populated .tflite file
 */
export function populateMetadata(model, metadata) {
  const m = unpackModel(model);
  const entries = list(m, 'metadata');
  if (entries.some((e) => text(e.name) === METADATA_FIELD_NAME)) {
    throw new Error(`model already has ${METADATA_FIELD_NAME}; refusing to overwrite it`);
  }
  const buffers = list(m, 'buffers');
  buffers.push({ data: { type: 'u8', raw: metadata }, offset: 0n, size: 0n });
  entries.push({ name: utf8(METADATA_FIELD_NAME), buffer: buffers.length - 1 });
  m.buffers = buffers;
  m.metadata = entries;
  const packed = packRoot(TFLITE_SCHEMA, 'Model', m, TFLITE_FILE_IDENTIFIER);
  return appendEmptyZip(packed);
}

/** @param {Uint8Array} data */
function appendEmptyZip(data) {
  const out = new Uint8Array(data.length + 22);
  out.set(data);
  const view = new DataView(out.buffer, data.length);
  view.setUint32(0, 0x06054b50, true); // end of central directory, 0 entries, 0 bytes
  view.setUint32(16, data.length, true); // offset of the (empty) central directory
  return out;
}

/**
 * Finds a named entry of `Model.metadata` and returns its buffer's bytes.
 * @param {FbObject} model
 * @param {string} name
 */
export function modelMetadataBuffer(model, name) {
  const entry = list(model, 'metadata').find((e) => text(e.name) === name);
  if (!entry) return null;
  const buffer = list(model, 'buffers')[/** @type {number} */ (entry.buffer)];
  const data = /** @type {ScalarVector | null | undefined} */ (buffer?.data);
  return data ? data.raw : null;
}
