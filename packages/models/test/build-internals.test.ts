import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 as zlibCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { extractPackedFile, parsePackageMetadata } from '../scripts/lib/emscripten-package.mjs';
import {
  packRoot,
  packTable,
  unpackRoot,
  unpackTable,
} from '../scripts/lib/flatbuffer-objects.mjs';
import {
  POSE_DETECTOR_METADATA,
  POSE_LANDMARKS_METADATA,
  poseModelMetadataBuffer,
} from '../scripts/lib/pose-metadata.mjs';
import { PyFlatBufferBuilder } from '../scripts/lib/py-flatbuffer-builder.mjs';
import { METADATA_SCHEMA, TFLITE_SCHEMA } from '../scripts/lib/schemas.mjs';
import { crc32, writeStoredZip } from '../scripts/lib/stored-zip.mjs';
import { populateMetadata, unpackModel } from '../scripts/lib/tflite-metadata.mjs';
import {
  DETECTOR_MEMBER,
  LANDMARKS_MEMBER,
  metadataBuffer,
  tfliteModel,
} from './helpers/models.js';
import { dependencyDir, oracleFullTaskPath, readBytes } from './helpers/paths.js';
import { readZip } from './helpers/zip-reader.js';

const oracleMember = (name: string) => {
  const e = readZip(readBytes(oracleFullTaskPath())).entries.find((x) => x.name === name);
  if (!e) throw new Error(name);
  return e.data;
};
const poseDir = dependencyDir('@mediapipe/pose');
const equalBytes = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

describe('Python FlatBuffers emulation', () => {
  it.each([DETECTOR_MEMBER, LANDMARKS_MEMBER])(
    're-packing Google’s own Python-written %s reproduces it exactly',
    (name) => {
      const member = oracleMember(name);
      // The member is a flatbuffer followed by a 22-byte empty zip (MetadataPopulator's doing).
      const flatbuffer = member.subarray(0, member.length - 22);
      const repacked = packRoot(TFLITE_SCHEMA, 'Model', unpackModel(member), 'TFL3');
      expect(repacked.length).toBe(flatbuffer.length);
      expect(equalBytes(repacked, flatbuffer)).toBe(true);
    },
  );

  it.each([
    [DETECTOR_MEMBER, POSE_DETECTOR_METADATA],
    [LANDMARKS_MEMBER, POSE_LANDMARKS_METADATA],
  ] as const)('writes the metadata flatbuffer of %s exactly as Google’s', (name, spec) => {
    const theirs = metadataBuffer(tfliteModel(oracleMember(name)), 'TFLITE_METADATA');
    expect(theirs).not.toBeNull();
    expect(equalBytes(poseModelMetadataBuffer(spec), theirs ?? new Uint8Array())).toBe(true);
    // And the metadata schema round-trips it.
    const md = unpackRoot(METADATA_SCHEMA, 'ModelMetadata', theirs ?? new Uint8Array(), 'M001');
    expect(
      equalBytes(
        packRoot(METADATA_SCHEMA, 'ModelMetadata', md, 'M001'),
        theirs ?? new Uint8Array(),
      ),
    ).toBe(true);
  });

  it('de-duplicates vtables by field offsets only, like Python (not by object size)', () => {
    const b = new PyFlatBufferBuilder();
    b.startObject(2);
    b.addScalar('u8', 0, 1, 0);
    const first = b.endObject();
    b.prep(8, 0); // different padding before the next object
    b.startObject(2);
    b.addScalar('u8', 0, 2, 0);
    const second = b.endObject();
    const root = b.finish(second, 'TEST');
    const view = new DataView(root.buffer);
    const vtableOf = (tableOffset: number) => {
      const pos = root.length - tableOffset;
      return pos - view.getInt32(pos, true);
    };
    expect(vtableOf(first)).toBe(vtableOf(second));
  });

  it('refuses to read fields, union members or deprecated fields it does not know', () => {
    const withExtraField = () => {
      const b = new PyFlatBufferBuilder();
      b.startObject(3);
      b.addScalar('u32', 2, 7, 0); // Metadata has two fields; slot 2 is unknown
      return b.finish(b.endObject(), 'TFL3');
    };
    const buf = withExtraField();
    expect(() =>
      unpackTable(TFLITE_SCHEMA, 'Metadata', buf, new DataView(buf.buffer).getUint32(0, true)),
    ).toThrow(/Metadata: field #2 is set but not in our schema/);

    const withUnknownUnion = () => {
      const b = new PyFlatBufferBuilder();
      const options = (() => {
        b.startObject(0);
        return b.endObject();
      })();
      b.startObject(5);
      b.addScalar('u8', 3, 9, 0); // builtin_options_type 9 (SoftmaxOptions): not used by pose models
      b.addOffset(4, options);
      return b.finish(b.endObject(), 'TFL3');
    };
    const op = withUnknownUnion();
    expect(() =>
      unpackTable(TFLITE_SCHEMA, 'Operator', op, new DataView(op.buffer).getUint32(0, true)),
    ).toThrow(/union member #9 not in our schema/);

    const withDeprecated = () => {
      const b = new PyFlatBufferBuilder();
      b.startObject(4);
      b.addScalar('i32', 0, 256, 0); // ResizeBilinearOptions.new_height (deprecated)
      return b.finish(b.endObject(), 'TFL3');
    };
    const rb = withDeprecated();
    expect(() =>
      unpackTable(
        TFLITE_SCHEMA,
        'ResizeBilinearOptions',
        rb,
        new DataView(rb.buffer).getUint32(0, true),
      ),
    ).toThrow(/new_height is deprecated but set/);
  });

  it('refuses to pack fields the schema does not have', () => {
    const b = new PyFlatBufferBuilder();
    expect(() =>
      packTable(TFLITE_SCHEMA, 'Metadata', { name: null, buffer: 1, extra: 2 }, b),
    ).toThrow(/unknown field extra/);
  });

  it('checks the file identifier', () => {
    const md = poseModelMetadataBuffer(POSE_LANDMARKS_METADATA);
    expect(() => unpackModel(md)).toThrow(/expected a TFL3 flatbuffer, found identifier "M001"/);
  });
});

describe('populateMetadata', () => {
  const detector = () => readBytes(join(poseDir, 'pose_solution_packed_assets.data'));

  it('appends the metadata buffer and entry and an empty zip, and keeps the rest', () => {
    const md = poseModelMetadataBuffer(POSE_DETECTOR_METADATA);
    const out = populateMetadata(detector(), md);
    const eocd = out.subarray(out.length - 22);
    expect([...eocd.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x05, 0x06]);
    expect(new DataView(eocd.buffer, eocd.byteOffset).getUint32(16, true)).toBe(out.length - 22);
    const model = tfliteModel(out);
    expect(equalBytes(metadataBuffer(model, 'TFLITE_METADATA') ?? new Uint8Array(), md)).toBe(true);
    const names = (model.tables(6) ?? []).map((e) => e.string(0));
    expect(names).toEqual(['min_runtime_version', 'TFLITE_METADATA']);
  });

  it('refuses a model that already has TFLITE_METADATA', () => {
    const md = poseModelMetadataBuffer(POSE_DETECTOR_METADATA);
    const once = populateMetadata(detector(), md);
    expect(() => populateMetadata(once, md)).toThrow(/already has TFLITE_METADATA/);
  });
});

describe('stored zip writer', () => {
  const entries = [
    { name: 'a.bin', data: new Uint8Array([1, 2, 3]) },
    { name: 'long-name.tflite', data: new Uint8Array(1001).map((_, i) => i & 0xff) },
    { name: 'empty', data: new Uint8Array() },
  ];

  it('writes what a strict reader reads back, every member 4-byte aligned', () => {
    const zip = readZip(writeStoredZip(entries));
    expect(zip.entries.map((e) => e.name)).toEqual(entries.map((e) => e.name));
    zip.entries.forEach((e, i) => {
      expect(e.method).toBe(0);
      expect(e.dataOffset % 4).toBe(0);
      expect(equalBytes(e.data, entries[i]?.data ?? new Uint8Array(1))).toBe(true);
      expect(e.versionMadeBy).toBe(0x0314);
    });
  });

  it('is deterministic', () => {
    expect(equalBytes(writeStoredZip(entries), writeStoredZip(entries))).toBe(true);
  });

  it('rejects duplicate names', () => {
    expect(() => writeStoredZip([entries[0]!, entries[0]!])).toThrow(/duplicate entry a.bin/);
  });

  it('computes the standard CRC-32', () => {
    const data = new TextEncoder().encode('123456789');
    expect(crc32(data)).toBe(0xcbf43926);
    const big = readBytes(join(poseDir, 'pose_landmark_lite.tflite'));
    expect(crc32(big)).toBe(zlibCrc32(big) >>> 0);
  });
});

describe('Emscripten packed assets', () => {
  it('pose_solution_packed_assets.data is exactly one file, pose_detection.tflite', () => {
    const loader = readFileSync(join(poseDir, 'pose_solution_packed_assets_loader.js'), 'utf8');
    const meta = parsePackageMetadata(loader);
    const data = readBytes(join(poseDir, 'pose_solution_packed_assets.data'));
    expect(meta.files.map((f) => f.filename.split('/').pop())).toEqual(['pose_detection.tflite']);
    expect(meta.files[0]).toMatchObject({ start: 0, end: data.length });
    const detector = extractPackedFile(data, meta, 'pose_detection.tflite');
    expect(equalBytes(detector, data)).toBe(true);
    expect(new TextDecoder().decode(detector.subarray(4, 8))).toBe('TFL3');
  });

  it('extracts by the loader’s table and checks sizes', () => {
    const loader =
      'x;loadPackage({"files": [{"filename": "/a/b.txt", "start": 2, "end": 5}, {"filename": "/c.txt", "start": 0, "end": 2}], "remote_package_size": 6});';
    const meta = parsePackageMetadata(loader);
    const data = new Uint8Array([0, 1, 2, 3, 4, 5]);
    expect([...extractPackedFile(data, meta, 'b.txt')]).toEqual([2, 3, 4]);
    expect(() => extractPackedFile(data, meta, 'd.txt')).toThrow(/expected one d.txt, found 0/);
    expect(() => extractPackedFile(data.subarray(1), meta, 'b.txt')).toThrow(/loader says 6/);
    expect(() => parsePackageMetadata('nothing here')).toThrow(/no loadPackage/);
  });
});
