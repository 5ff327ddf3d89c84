/**
 * A small read-only FlatBuffers accessor for the tests, written independently of the build's
 * packer (scripts/lib) so that the tests do not check the build against itself.
 */
export class FbTable {
  private readonly view: DataView;
  private readonly vtable: number;
  private readonly vtableSize: number;

  constructor(
    readonly bytes: Uint8Array,
    readonly pos: number,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.vtable = pos - this.view.getInt32(pos, true);
    this.vtableSize = this.view.getUint16(this.vtable, true);
  }

  /** The root table, after checking the 4-character file identifier. */
  static root(bytes: Uint8Array, identifier: string): FbTable {
    const found = new TextDecoder().decode(bytes.subarray(4, 8));
    if (found !== identifier) throw new Error(`expected identifier ${identifier}, got ${found}`);
    return new FbTable(bytes, new DataView(bytes.buffer, bytes.byteOffset).getUint32(0, true));
  }

  private offset(field: number): number {
    const at = 4 + 2 * field;
    return at < this.vtableSize ? this.view.getUint16(this.vtable + at, true) : 0;
  }

  has(field: number): boolean {
    return this.offset(field) !== 0;
  }

  /** Number of field slots in this table's vtable. */
  get slots(): number {
    return (this.vtableSize - 4) / 2;
  }

  u8(field: number, dflt = 0): number {
    const o = this.offset(field);
    return o ? this.view.getUint8(this.pos + o) : dflt;
  }

  i8(field: number, dflt = 0): number {
    const o = this.offset(field);
    return o ? this.view.getInt8(this.pos + o) : dflt;
  }

  u32(field: number, dflt = 0): number {
    const o = this.offset(field);
    return o ? this.view.getUint32(this.pos + o, true) : dflt;
  }

  private target(field: number): number | null {
    const o = this.offset(field);
    if (!o) return null;
    const at = this.pos + o;
    return at + this.view.getUint32(at, true);
  }

  string(field: number): string | null {
    const t = this.target(field);
    if (t === null) return null;
    return new TextDecoder().decode(
      this.bytes.subarray(t + 4, t + 4 + this.view.getUint32(t, true)),
    );
  }

  table(field: number): FbTable | null {
    const t = this.target(field);
    return t === null ? null : new FbTable(this.bytes, t);
  }

  /** Elements of a vector: [position of first element, count]. */
  private vector(field: number): [number, number] | null {
    const t = this.target(field);
    return t === null ? null : [t + 4, this.view.getUint32(t, true)];
  }

  tables(field: number): FbTable[] | null {
    const v = this.vector(field);
    if (!v) return null;
    const [start, n] = v;
    return Array.from({ length: n }, (_, k) => {
      const at = start + 4 * k;
      return new FbTable(this.bytes, at + this.view.getUint32(at, true));
    });
  }

  int32s(field: number): number[] | null {
    const v = this.vector(field);
    return v
      ? Array.from({ length: v[1] }, (_, k) => this.view.getInt32(v[0] + 4 * k, true))
      : null;
  }

  float32s(field: number): number[] | null {
    const v = this.vector(field);
    return v
      ? Array.from({ length: v[1] }, (_, k) => this.view.getFloat32(v[0] + 4 * k, true))
      : null;
  }

  ubytes(field: number): Uint8Array | null {
    const v = this.vector(field);
    return v ? this.bytes.subarray(v[0], v[0] + v[1]) : null;
  }
}
