// @ts-check
/**
 * Schema-driven FlatBuffers "object API": `unpackTable` reads a table into plain objects the way
 * Python's generated `XxxT.InitFromObj` does, `packTable` writes them back the way Python's
 * generated `XxxT.Pack` does (children first, in field order, then the table's fields in field
 * order). Together with `PyFlatBufferBuilder` this reproduces the Python MetadataPopulator's bytes.
 *
 * Unlike the Python object API, `unpackTable` is strict: a field, union member or deprecated field
 * that the schema below does not describe makes it throw instead of silently dropping data.
 */
import { PyFlatBufferBuilder, SCALAR_SIZE } from './py-flatbuffer-builder.mjs';

/** @typedef {import('./py-flatbuffer-builder.mjs').ScalarType} ScalarType */
/** @typedef {import('./py-flatbuffer-builder.mjs').ScalarValue} ScalarValue */
/** @typedef {{ type: ScalarType, raw: Uint8Array }} ScalarVector raw little-endian elements */
/**
 * @typedef {ScalarValue | Uint8Array | ScalarVector | FbObject | FbObject[] | Uint8Array[] | null} FbValue
 * @typedef {{ [field: string]: FbValue }} FbObject
 */
/**
 * @typedef {{ name: string, kind: 'scalar', type: ScalarType, default: ScalarValue }
 *   | { name: string, kind: 'string' }
 *   | { name: string, kind: 'strings' }
 *   | { name: string, kind: 'table', table: string }
 *   | { name: string, kind: 'tables', table: string }
 *   | { name: string, kind: 'scalars', type: ScalarType }
 *   | { name: string, kind: 'union-type' }
 *   | { name: string, kind: 'union', tables: Readonly<Record<number, string>> }
 *   | { name: string, kind: 'deprecated' }} Field
 * @typedef {Readonly<Record<string, readonly Field[]>>} Schema
 */

/** @param {string} name @param {ScalarType} type @param {ScalarValue} [def] @returns {Field} */
export const scalar = (
  name,
  type,
  def = type === 'bool' ? false : type.endsWith('64') ? 0n : 0,
) => ({
  name,
  kind: 'scalar',
  type,
  default: def,
});
/** @param {string} name @returns {Field} */
export const string = (name) => ({ name, kind: 'string' });
/** @param {string} name @returns {Field} */
export const strings = (name) => ({ name, kind: 'strings' });
/** @param {string} name @param {string} table @returns {Field} */
export const table = (name, table) => ({ name, kind: 'table', table });
/** @param {string} name @param {string} table @returns {Field} */
export const tables = (name, table) => ({ name, kind: 'tables', table });
/** @param {string} name @param {ScalarType} type @returns {Field} */
export const scalars = (name, type) => ({ name, kind: 'scalars', type });
/**
 * A union takes two slots: `<name>_type` then `<name>`.
 * @param {string} name @param {Readonly<Record<number, string>>} members @returns {Field[]}
 */
export const union = (name, members) => [
  { name: `${name}_type`, kind: 'union-type' },
  { name, kind: 'union', tables: members },
];
/** @param {string} name @returns {Field} */
export const deprecated = (name) => ({ name, kind: 'deprecated' });

/**
 * @param {DataView} view
 * @param {ScalarType} type
 * @param {number} at
 * @returns {ScalarValue}
 */
function readScalar(view, type, at) {
  switch (type) {
    case 'bool':
      return view.getUint8(at) !== 0;
    case 'u8':
      return view.getUint8(at);
    case 'i8':
      return view.getInt8(at);
    case 'i16':
      return view.getInt16(at, true);
    case 'u16':
      return view.getUint16(at, true);
    case 'i32':
      return view.getInt32(at, true);
    case 'u32':
      return view.getUint32(at, true);
    case 'i64':
      return view.getBigInt64(at, true);
    case 'u64':
      return view.getBigUint64(at, true);
    case 'f32':
      return view.getFloat32(at, true);
    case 'f64':
      return view.getFloat64(at, true);
  }
}

/** @param {Schema} schema @param {string} name */
function fieldsOf(schema, name) {
  const fields = schema[name];
  if (!fields) throw new Error(`flatbuffer schema: unknown table ${name}`);
  return fields;
}

/**
 * Reads the table at `pos` (absolute position in `buf`).
 * @param {Schema} schema
 * @param {string} tableName
 * @param {Uint8Array} buf
 * @param {number} pos
 * @returns {FbObject}
 */
export function unpackTable(schema, tableName, buf, pos) {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const fields = fieldsOf(schema, tableName);
  const vtable = pos - view.getInt32(pos, true);
  const vtableSize = view.getUint16(vtable, true);
  /** @param {number} i */
  const fieldOffset = (i) =>
    4 + 2 * i < vtableSize ? view.getUint16(vtable + 4 + 2 * i, true) : 0;
  for (let i = fields.length; 4 + 2 * i < vtableSize; i++) {
    if (fieldOffset(i)) throw new Error(`${tableName}: field #${i} is set but not in our schema`);
  }
  /** @param {number} at */
  const deref = (at) => at + view.getUint32(at, true);
  /** @param {number} at */
  const bytesAt = (at) => buf.slice(at + 4, at + 4 + view.getUint32(at, true));

  /** @type {FbObject} */
  const out = {};
  fields.forEach((field, i) => {
    const f = fieldOffset(i);
    switch (field.kind) {
      case 'deprecated':
        if (f) throw new Error(`${tableName}.${field.name} is deprecated but set`);
        return;
      case 'union-type':
        out[field.name] = f ? view.getUint8(pos + f) : 0;
        return;
      case 'scalar':
        out[field.name] = f ? readScalar(view, field.type, pos + f) : field.default;
        return;
    }
    if (!f) {
      out[field.name] = null;
      return;
    }
    const at = deref(pos + f);
    switch (field.kind) {
      case 'string':
        out[field.name] = bytesAt(at);
        return;
      case 'table':
        out[field.name] = unpackTable(schema, field.table, buf, at);
        return;
      case 'union': {
        const tag = /** @type {number} */ (out[/** @type {Field} */ (fields[i - 1]).name]);
        const member = field.tables[tag];
        if (!member)
          throw new Error(`${tableName}.${field.name}: union member #${tag} not in our schema`);
        out[field.name] = unpackTable(schema, member, buf, at);
        return;
      }
    }
    const count = view.getUint32(at, true);
    switch (field.kind) {
      case 'tables':
        out[field.name] = Array.from({ length: count }, (_, k) =>
          unpackTable(schema, field.table, buf, deref(at + 4 + 4 * k)),
        );
        return;
      case 'strings':
        out[field.name] = Array.from({ length: count }, (_, k) => bytesAt(deref(at + 4 + 4 * k)));
        return;
      case 'scalars':
        out[field.name] = {
          type: field.type,
          raw: buf.slice(at + 4, at + 4 + count * SCALAR_SIZE[field.type]),
        };
        return;
    }
  });
  return out;
}

/**
 * Reads the root table of a finished buffer, checking its file identifier.
 * @param {Schema} schema
 * @param {string} tableName
 * @param {Uint8Array} buf
 * @param {string} fileIdentifier
 */
export function unpackRoot(schema, tableName, buf, fileIdentifier) {
  const ident = new TextDecoder().decode(buf.subarray(4, 8));
  if (ident !== fileIdentifier) {
    throw new Error(
      `expected a ${fileIdentifier} flatbuffer, found identifier ${JSON.stringify(ident)}`,
    );
  }
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  return unpackTable(schema, tableName, buf, view.getUint32(0, true));
}

/**
 * @param {FbValue | undefined} v
 * @returns {v is ScalarVector}
 */
function isScalarVector(v) {
  return typeof v === 'object' && v !== null && 'raw' in v && 'type' in v && !Array.isArray(v);
}

/**
 * Writes `obj` as a `tableName` table and returns its offset.
 * @param {Schema} schema
 * @param {string} tableName
 * @param {FbObject} obj
 * @param {PyFlatBufferBuilder} b
 * @returns {number}
 */
export function packTable(schema, tableName, obj, b) {
  const fields = fieldsOf(schema, tableName);
  for (const key of Object.keys(obj)) {
    if (!fields.some((f) => f.name === key)) throw new Error(`${tableName}: unknown field ${key}`);
  }
  /** @type {number[]} */
  const offsets = [];
  fields.forEach((field, i) => {
    const v = obj[field.name];
    if (v === null || v === undefined) return;
    switch (field.kind) {
      case 'string':
        if (!(v instanceof Uint8Array))
          throw new Error(`${tableName}.${field.name}: expected bytes`);
        offsets[i] = b.createString(v);
        return;
      case 'table':
        offsets[i] = packTable(schema, field.table, /** @type {FbObject} */ (v), b);
        return;
      case 'union': {
        const tag = /** @type {number} */ (obj[/** @type {Field} */ (fields[i - 1]).name]);
        const member = field.tables[tag];
        if (!member)
          throw new Error(`${tableName}.${field.name}: union member #${tag} not in our schema`);
        offsets[i] = packTable(schema, member, /** @type {FbObject} */ (v), b);
        return;
      }
      case 'tables': {
        const list = /** @type {FbObject[]} */ (v).map((x) => packTable(schema, field.table, x, b));
        offsets[i] = b.createOffsetVector(list);
        return;
      }
      case 'strings': {
        const list = /** @type {Uint8Array[]} */ (v).map((x) => b.createString(x));
        offsets[i] = b.createOffsetVector(list);
        return;
      }
      case 'scalars':
        if (!isScalarVector(v) || v.type !== field.type) {
          throw new Error(`${tableName}.${field.name}: expected a vector of ${field.type}`);
        }
        offsets[i] = b.createScalarVector(SCALAR_SIZE[field.type], v.raw);
        return;
    }
  });
  b.startObject(fields.length);
  fields.forEach((field, i) => {
    const v = obj[field.name];
    switch (field.kind) {
      case 'deprecated':
        return;
      case 'union-type':
        b.addScalar('u8', i, /** @type {number} */ (v ?? 0), 0);
        return;
      case 'scalar':
        b.addScalar(field.type, i, /** @type {ScalarValue} */ (v ?? field.default), field.default);
        return;
      default:
        if (v !== null && v !== undefined) b.addOffset(i, /** @type {number} */ (offsets[i]));
    }
  });
  return b.endObject();
}

/**
 * Packs `obj` as the root of a fresh buffer, like Python's
 * `b = flatbuffers.Builder(0); b.Finish(obj.Pack(b), ident); b.Output()`.
 * @param {Schema} schema
 * @param {string} tableName
 * @param {FbObject} obj
 * @param {string} fileIdentifier
 */
export function packRoot(schema, tableName, obj, fileIdentifier) {
  const b = new PyFlatBufferBuilder();
  return b.finish(packTable(schema, tableName, obj, b), fileIdentifier);
}

/** @param {string} s */
export const utf8 = (s) => new TextEncoder().encode(s);

/** @param {number[]} values @returns {ScalarVector} */
export function float32Vector(values) {
  const raw = new Uint8Array(4 * values.length);
  const view = new DataView(raw.buffer);
  values.forEach((x, k) => {
    view.setFloat32(4 * k, x, true);
  });
  return { type: 'f32', raw };
}

/** @param {ScalarVector} v */
export function readFloat32Vector(v) {
  const view = new DataView(v.raw.buffer, v.raw.byteOffset, v.raw.byteLength);
  return Array.from({ length: v.raw.length / 4 }, (_, k) => view.getFloat32(4 * k, true));
}

/** @param {ScalarVector} v */
export function readInt32Vector(v) {
  const view = new DataView(v.raw.buffer, v.raw.byteOffset, v.raw.byteLength);
  return Array.from({ length: v.raw.length / 4 }, (_, k) => view.getInt32(4 * k, true));
}
