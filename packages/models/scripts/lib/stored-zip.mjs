// @ts-check
/**
 * A deterministic writer for uncompressed ("stored") zip files, in the exact layout of Google's
 * official MediaPipe .task bundles: entries in the given order, every member's data aligned to 4
 * bytes by zero padding placed *before* its local header (so the TFLite flatbuffers can be used
 * in place), one fixed DOS timestamp, Unix mode 0600, no extra fields, no data descriptors.
 * Nothing depends on the clock, the file system or the platform.
 */

/** DOS date/time of the entries in Google's pose_landmarker_full.task: 2023-04-28 00:45:14. */
export const TASK_DOS_TIME = (0 << 11) | (45 << 5) | (14 >> 1);
export const TASK_DOS_DATE = ((2023 - 1980) << 9) | (4 << 5) | 28;
const MEMBER_ALIGNMENT = 4;
/** Permission bits only (no file-type bits), as in Google's bundle: rw------- */
const UNIX_MODE_0600 = 0o600;

/** @type {Uint32Array | undefined} */
let crcTable;
/** @param {Uint8Array} data */
export function crc32(data) {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (let i = 0; i < data.length; i++) {
    c = /** @type {number} */ (crcTable[(c ^ /** @type {number} */ (data[i])) & 0xff]) ^ (c >>> 8);
  }
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * @param {ReadonlyArray<{ name: string, data: Uint8Array }>} entries
 * @returns {Uint8Array}
 */
export function writeStoredZip(entries) {
  /** @type {Uint8Array[]} */
  const parts = [];
  /** @type {Uint8Array[]} */
  const central = [];
  let offset = 0;
  /** @param {Uint8Array} p */
  const push = (p) => {
    parts.push(p);
    offset += p.length;
  };
  const seen = new Set();
  for (const { name, data } of entries) {
    if (seen.has(name)) throw new Error(`zip: duplicate entry ${name}`);
    seen.add(name);
    const nameBytes = new TextEncoder().encode(name);
    if (data.length >= 0xffffffff || offset >= 0xffffffff)
      throw new Error('zip: zip64 not supported');
    const crc = crc32(data);
    const padding = -(offset + 30 + nameBytes.length) & (MEMBER_ALIGNMENT - 1);
    push(new Uint8Array(padding));
    const headerOffset = offset;

    const local = new Uint8Array(30 + nameBytes.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true); // version needed: 2.0
    lv.setUint16(6, 0, true); // flags
    lv.setUint16(8, 0, true); // method: stored
    lv.setUint16(10, TASK_DOS_TIME, true);
    lv.setUint16(12, TASK_DOS_DATE, true);
    lv.setUint32(14, crc, true);
    lv.setUint32(18, data.length, true);
    lv.setUint32(22, data.length, true);
    lv.setUint16(26, nameBytes.length, true);
    lv.setUint16(28, 0, true); // extra length
    local.set(nameBytes, 30);
    push(local);
    push(data);

    const cd = new Uint8Array(46 + nameBytes.length);
    const cv = new DataView(cd.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, (3 << 8) | 20, true); // made by: Unix, 2.0
    cv.setUint16(6, 20, true);
    cv.setUint16(8, 0, true);
    cv.setUint16(10, 0, true);
    cv.setUint16(12, TASK_DOS_TIME, true);
    cv.setUint16(14, TASK_DOS_DATE, true);
    cv.setUint32(16, crc, true);
    cv.setUint32(20, data.length, true);
    cv.setUint32(24, data.length, true);
    cv.setUint16(28, nameBytes.length, true);
    // extra, comment, disk, internal attributes: 0
    cv.setUint32(38, (UNIX_MODE_0600 << 16) >>> 0, true);
    cv.setUint32(42, headerOffset, true);
    cd.set(nameBytes, 46);
    central.push(cd);
  }
  const cdOffset = offset;
  for (const cd of central) push(cd);
  const eocd = new Uint8Array(22);
  const ev = new DataView(eocd.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, entries.length, true);
  ev.setUint16(10, entries.length, true);
  ev.setUint32(12, offset - cdOffset, true);
  ev.setUint32(16, cdOffset, true);
  push(eocd);

  const out = new Uint8Array(offset);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
