import { crc32 } from 'node:zlib';

/** One member of a zip, with both its central-directory and local-header fields cross-checked. */
export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  crc32: number;
  compressedSize: number;
  size: number;
  versionMadeBy: number;
  externalAttributes: number;
  dosTime: number;
  dosDate: number;
  headerOffset: number;
  dataOffset: number;
  data: Uint8Array;
}

export interface ZipFile {
  entries: ZipEntry[];
  centralDirectoryOffset: number;
  centralDirectorySize: number;
  comment: Uint8Array;
}

/**
 * Reads a zip without zip64 or data descriptors, strictly: signatures, sizes, CRCs and the
 * agreement of local headers with the central directory are all checked (the tests' own reader,
 * independent of the build's writer; CRCs come from node:zlib).
 */
export function readZip(bytes: Uint8Array): ZipFile {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = bytes.length - 22;
  if (eocd < 0 || view.getUint32(eocd, true) !== 0x06054b50) {
    throw new Error('zip: no end-of-central-directory record at the end (or a comment follows it)');
  }
  const count = view.getUint16(eocd + 10, true);
  if (view.getUint16(eocd + 8, true) !== count || view.getUint16(eocd + 4, true) !== 0) {
    throw new Error('zip: multi-disk archives are not supported');
  }
  const centralDirectorySize = view.getUint32(eocd + 12, true);
  const centralDirectoryOffset = view.getUint32(eocd + 16, true);
  const comment = bytes.subarray(eocd + 22, eocd + 22 + view.getUint16(eocd + 20, true));
  if (centralDirectoryOffset + centralDirectorySize !== eocd) {
    throw new Error('zip: central directory does not end where the end record starts');
  }
  const entries: ZipEntry[] = [];
  let p = centralDirectoryOffset;
  for (let i = 0; i < count; i++) {
    if (view.getUint32(p, true) !== 0x02014b50) throw new Error(`zip: bad central header #${i}`);
    const nameLength = view.getUint16(p + 28, true);
    const extraLength = view.getUint16(p + 30, true);
    const commentLength = view.getUint16(p + 32, true);
    const name = new TextDecoder().decode(bytes.subarray(p + 46, p + 46 + nameLength));
    const headerOffset = view.getUint32(p + 42, true);
    const entry = {
      name,
      versionMadeBy: view.getUint16(p + 4, true),
      flags: view.getUint16(p + 8, true),
      method: view.getUint16(p + 10, true),
      dosTime: view.getUint16(p + 12, true),
      dosDate: view.getUint16(p + 14, true),
      crc32: view.getUint32(p + 16, true),
      compressedSize: view.getUint32(p + 20, true),
      size: view.getUint32(p + 24, true),
      externalAttributes: view.getUint32(p + 38, true),
      headerOffset,
    };
    if (view.getUint32(headerOffset, true) !== 0x04034b50)
      throw new Error(`zip: bad local header for ${name}`);
    const localNameLength = view.getUint16(headerOffset + 26, true);
    const localExtraLength = view.getUint16(headerOffset + 28, true);
    const localName = new TextDecoder().decode(
      bytes.subarray(headerOffset + 30, headerOffset + 30 + localNameLength),
    );
    const local = {
      flags: view.getUint16(headerOffset + 6, true),
      method: view.getUint16(headerOffset + 8, true),
      dosTime: view.getUint16(headerOffset + 10, true),
      dosDate: view.getUint16(headerOffset + 12, true),
      crc32: view.getUint32(headerOffset + 14, true),
      compressedSize: view.getUint32(headerOffset + 18, true),
      size: view.getUint32(headerOffset + 22, true),
    };
    for (const [key, value] of Object.entries(local)) {
      if (entry[key as keyof typeof local] !== value) {
        throw new Error(
          `zip: ${name}: local header ${key} ${value} != central ${entry[key as keyof typeof local]}`,
        );
      }
    }
    if (localName !== name) throw new Error(`zip: local name ${localName} != central name ${name}`);
    const dataOffset = headerOffset + 30 + localNameLength + localExtraLength;
    const data = bytes.subarray(dataOffset, dataOffset + entry.compressedSize);
    if (entry.method === 0 && crc32(data) >>> 0 !== entry.crc32)
      throw new Error(`zip: CRC mismatch for ${name}`);
    entries.push({ ...entry, dataOffset, data });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return { entries, centralDirectoryOffset, centralDirectorySize, comment };
}
