// @ts-check
/**
 * A FlatBuffers builder that lays bytes out exactly like the Python `flatbuffers.Builder`
 * (flatbuffers >= 2.0: trailing-zero vtable trimming, vtable de-duplication keyed by field offsets
 * only, first written vtable wins, vectors aligned to their element size, no `force_align`).
 *
 * Why not the `flatbuffers` npm package: Google's official .task members were written by the
 * TFLite-support Python `MetadataPopulator`, which re-packs the whole model with the Python
 * object API. Emulating that builder is what makes our `full` bundle byte-identical to Google's.
 * The JS builder differs in small ways (e.g. it compares the object size when de-duplicating
 * vtables), so it would produce valid but different bytes.
 */

/** @typedef {'bool' | 'i8' | 'u8' | 'i16' | 'u16' | 'i32' | 'u32' | 'i64' | 'u64' | 'f32' | 'f64'} ScalarType */

/** @type {Readonly<Record<ScalarType, number>>} */
export const SCALAR_SIZE = {
  bool: 1,
  i8: 1,
  u8: 1,
  i16: 2,
  u16: 2,
  i32: 4,
  u32: 4,
  i64: 8,
  u64: 8,
  f32: 4,
  f64: 8,
};

/** @typedef {number | bigint | boolean} ScalarValue */

export class PyFlatBufferBuilder {
  /** @param {number} [initialSize] */
  constructor(initialSize = 1024) {
    /** @type {Uint8Array} */
    this.bytes = new Uint8Array(initialSize);
    /** @type {DataView} */
    this.view = new DataView(this.bytes.buffer);
    /** Index of the first written byte; the buffer grows towards lower addresses. */
    this.head = initialSize;
    this.minAlign = 1;
    /** @type {number[] | null} */
    this.currentVtable = null;
    this.objectEnd = 0;
    /** @type {Map<string, number>} vtable field offsets -> offset of the written vtable */
    this.vtables = new Map();
    this.nested = false;
    this.vectorNumElems = 0;
  }

  /** Bytes written so far (Python `Offset()`). */
  offset() {
    return this.bytes.length - this.head;
  }

  /** @private */
  grow() {
    const old = this.bytes;
    const size = old.length * 2;
    const bytes = new Uint8Array(size);
    bytes.set(old, size - old.length);
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer);
    this.head += size - old.length;
  }

  /** @param {number} n */
  pad(n) {
    for (let i = 0; i < n; i++) this.bytes[--this.head] = 0;
  }

  /**
   * Aligns so that after writing `additionalBytes` the next `size`-byte scalar is aligned.
   * @param {number} size
   * @param {number} additionalBytes
   */
  prep(size, additionalBytes) {
    if (size > this.minAlign) this.minAlign = size;
    const alignSize = -(this.offset() + additionalBytes) & (size - 1);
    while (this.head < alignSize + size + additionalBytes) this.grow();
    this.pad(alignSize);
  }

  /**
   * Writes a scalar without alignment (Python `Place`).
   * @param {ScalarType} type
   * @param {ScalarValue} value
   */
  place(type, value) {
    this.head -= SCALAR_SIZE[type];
    const h = this.head;
    const v = this.view;
    switch (type) {
      case 'bool':
        v.setUint8(h, value ? 1 : 0);
        break;
      case 'u8':
        v.setUint8(h, Number(value));
        break;
      case 'i8':
        v.setInt8(h, Number(value));
        break;
      case 'i16':
        v.setInt16(h, Number(value), true);
        break;
      case 'u16':
        v.setUint16(h, Number(value), true);
        break;
      case 'i32':
        v.setInt32(h, Number(value), true);
        break;
      case 'u32':
        v.setUint32(h, Number(value), true);
        break;
      case 'i64':
        v.setBigInt64(h, BigInt(value), true);
        break;
      case 'u64':
        v.setBigUint64(h, BigInt(value), true);
        break;
      case 'f32':
        v.setFloat32(h, Number(value), true);
        break;
      case 'f64':
        v.setFloat64(h, Number(value), true);
        break;
    }
  }

  /**
   * @param {ScalarType} type
   * @param {ScalarValue} value
   */
  prepend(type, value) {
    this.prep(SCALAR_SIZE[type], 0);
    this.place(type, value);
  }

  /** @param {number} off */
  prependUOffsetTRelative(off) {
    this.prep(4, 0);
    if (off > this.offset()) throw new Error('flatbuffer: offset points forward');
    this.place('u32', this.offset() - off + 4);
  }

  /** @private */
  assertNotNested() {
    if (this.nested) throw new Error('flatbuffer: object or vector already in progress');
  }

  /**
   * @param {number} elemSize
   * @param {number} numElems
   * @param {number} alignment
   */
  startVector(elemSize, numElems, alignment) {
    this.assertNotNested();
    this.nested = true;
    this.vectorNumElems = numElems;
    this.prep(4, elemSize * numElems);
    this.prep(alignment, elemSize * numElems);
    return this.offset();
  }

  endVector() {
    if (!this.nested) throw new Error('flatbuffer: endVector without startVector');
    this.nested = false;
    this.place('u32', this.vectorNumElems);
    return this.offset();
  }

  /**
   * A vector of scalars given as raw little-endian bytes; what Python's `CreateNumpyVector` does
   * (alignment = element size) and, byte for byte, what its element-by-element loop does too.
   * @param {number} elemSize
   * @param {Uint8Array} raw
   */
  createScalarVector(elemSize, raw) {
    if (raw.length % elemSize !== 0) throw new Error('flatbuffer: ragged scalar vector');
    this.startVector(elemSize, raw.length / elemSize, elemSize);
    this.head -= raw.length;
    this.bytes.set(raw, this.head);
    return this.endVector();
  }

  /** @param {Uint8Array} utf8 */
  createString(utf8) {
    this.assertNotNested();
    this.nested = true;
    this.prep(4, utf8.length + 1);
    this.place('u8', 0);
    this.head -= utf8.length;
    this.bytes.set(utf8, this.head);
    this.vectorNumElems = utf8.length;
    return this.endVector();
  }

  /** @param {number[]} offsets */
  createOffsetVector(offsets) {
    this.startVector(4, offsets.length, 4);
    for (let i = offsets.length - 1; i >= 0; i--)
      this.prependUOffsetTRelative(/** @type {number} */ (offsets[i]));
    return this.endVector();
  }

  /** @param {number} numFields */
  startObject(numFields) {
    this.assertNotNested();
    this.currentVtable = new Array(numFields).fill(0);
    this.objectEnd = this.offset();
    this.nested = true;
  }

  /** @private @returns {number[]} */
  vtable() {
    if (!this.currentVtable) throw new Error('flatbuffer: no object in progress');
    return this.currentVtable;
  }

  /** @param {number} slot */
  slot(slot) {
    this.vtable()[slot] = this.offset();
  }

  /**
   * Python `Prepend<T>Slot`: the field is omitted when it equals its default.
   * @param {ScalarType} type
   * @param {number} slot
   * @param {ScalarValue} value
   * @param {ScalarValue} defaultValue
   */
  addScalar(type, slot, value, defaultValue) {
    // biome-ignore lint/suspicious/noDoubleEquals: Python compares with ==, so 0 == -0 and 1 == true.
    if (value != defaultValue) {
      this.prepend(type, value);
      this.slot(slot);
    }
  }

  /**
   * @param {number} slot
   * @param {number} off
   */
  addOffset(slot, off) {
    if (off !== 0) {
      this.prependUOffsetTRelative(off);
      this.slot(slot);
    }
  }

  endObject() {
    const current = this.vtable();
    this.nested = false;
    // The soffset to the vtable; patched below.
    this.prep(4, 0);
    this.place('i32', 0);
    const objectOffset = this.offset();
    let n = current.length;
    while (n > 0 && current[n - 1] === 0) n--;
    /** @type {number[]} */
    const fields = [];
    for (let i = 0; i < n; i++) {
      const at = /** @type {number} */ (current[i]);
      fields.push(at === 0 ? 0 : objectOffset - at);
    }
    const key = fields.join(',');
    const existing = this.vtables.get(key);
    if (existing === undefined) {
      for (let i = n - 1; i >= 0; i--) this.prepend('u16', /** @type {number} */ (fields[i]));
      this.prepend('u16', objectOffset - this.objectEnd);
      this.prepend('u16', (n + 2) * 2);
      this.view.setInt32(this.bytes.length - objectOffset, this.offset() - objectOffset, true);
      this.vtables.set(key, this.offset());
    } else {
      this.head = this.bytes.length - objectOffset;
      this.view.setInt32(this.head, existing - objectOffset, true);
    }
    this.currentVtable = null;
    return objectOffset;
  }

  /**
   * @param {number} rootTable
   * @param {string} fileIdentifier four ASCII characters
   * @returns {Uint8Array}
   */
  finish(rootTable, fileIdentifier) {
    if (fileIdentifier.length !== 4) throw new Error('flatbuffer: file identifier must be 4 chars');
    this.prep(this.minAlign, 8);
    this.prep(4, 4);
    for (let i = 3; i >= 0; i--) this.place('u8', fileIdentifier.charCodeAt(i));
    this.prependUOffsetTRelative(rootTable);
    return this.bytes.slice(this.head);
  }
}
