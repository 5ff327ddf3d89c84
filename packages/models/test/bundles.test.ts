import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import manifest from '../bundles.manifest.json';
import {
  MODEL_BYTES,
  MODEL_SHA256,
  MODEL_VARIANTS,
  type ModelVariant,
  modelPath,
} from '../src/index.js';
import type { FbTable } from './helpers/flatbuffer-reader.js';
import {
  Buffer,
  DETECTOR_MEMBER,
  LANDMARKS_MEMBER,
  Model,
  Operator,
  readPoseMetadata,
  SubGraph,
  Tensor,
  tfliteModel,
} from './helpers/models.js';
import { dependencyDir, packageDir, readBytes } from './helpers/paths.js';
import { readZip } from './helpers/zip-reader.js';

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const bundle = (v: ModelVariant) => readBytes(modelPath(v));
const members = (v: ModelVariant) => {
  const zip = readZip(bundle(v));
  const get = (name: string) => {
    const e = zip.entries.find((x) => x.name === name);
    if (!e) throw new Error(`${v}: no ${name}`);
    return e.data;
  };
  return { detector: get(DETECTOR_MEMBER), landmarks: get(LANDMARKS_MEMBER) };
};

const poseDir = dependencyDir('@mediapipe/pose');
const sourceLandmarks = (v: ModelVariant) => readBytes(join(poseDir, `pose_landmark_${v}.tflite`));
// The packed-assets blob is exactly pose_detection.tflite (checked in build-internals.test.ts).
const sourceDetector = () => readBytes(join(poseDir, 'pose_solution_packed_assets.data'));

describe.each(MODEL_VARIANTS)('pose_landmarker_%s.task', (variant) => {
  it('is built and matches the committed manifest', () => {
    const path = modelPath(variant);
    expect(existsSync(path)).toBe(true);
    const bytes = readBytes(path);
    const expected = manifest.bundles[variant];
    expect(expected.file).toBe(`pose_landmarker_${variant}.task`);
    expect(bytes.length).toBe(expected.bytes);
    expect(sha256(bytes)).toBe(expected.sha256);
    expect(MODEL_SHA256[variant]).toBe(expected.sha256);
    expect(MODEL_BYTES[variant]).toBe(expected.bytes);
  });

  it('is a stored zip of exactly the two members tasks-vision looks for', () => {
    const bytes = bundle(variant);
    const zip = readZip(bytes);
    expect(zip.entries.map((e) => e.name)).toEqual([DETECTOR_MEMBER, LANDMARKS_MEMBER]);
    expect(zip.comment.length).toBe(0);
    let end = 0;
    for (const e of zip.entries) {
      expect(e.method).toBe(0); // stored, so the runtime can use the flatbuffers in place
      expect(e.flags).toBe(0);
      expect(e.compressedSize).toBe(e.size);
      expect(e.dataOffset % 4).toBe(0);
      expect(e.externalAttributes >>> 16).toBe(0o600);
      // Fixed timestamp 2023-04-28 00:45:14 (that of Google's bundles), not the build time.
      expect([e.dosDate, e.dosTime]).toEqual([(43 << 9) | (4 << 5) | 28, (45 << 5) | 7]);
      // Only zero padding (< 4 bytes) between the previous member and this header.
      expect(e.headerOffset - end).toBeLessThan(4);
      expect(bytes.subarray(end, e.headerOffset).every((x) => x === 0)).toBe(true);
      end = e.dataOffset + e.size;
    }
    expect(zip.centralDirectoryOffset).toBe(end);
  });

  it('carries the detector with NormalizationOptions mean 127.5, std 127.5', () => {
    const md = readPoseMetadata(members(variant).detector);
    expect(md.name).toBe('Pose Detection');
    expect(md.minParserVersion).toBe('1.0.0');
    expect(md.inputCount).toBe(md.modelInputCount);
    expect(md.input).toEqual({
      name: 'image',
      contentType: 2,
      colorSpace: 1,
      normalization: { mean: [127.5], std: [127.5] },
    });
    expect(md.processUnitTypes).toEqual([1]);
    expect(md.outputNames).toEqual(['raw boxes/keypoints', 'scores']);
    expect(md.outputNames.length).toBe(md.modelOutputCount);
  });

  it('carries the landmark model with NormalizationOptions mean 0, std 255', () => {
    const md = readPoseMetadata(members(variant).landmarks);
    expect(md.name).toBe('Pose Landmark');
    expect(md.minParserVersion).toBe('1.0.0');
    expect(md.inputCount).toBe(md.modelInputCount);
    expect(md.input).toEqual({
      name: 'image',
      contentType: 2,
      colorSpace: 1,
      normalization: { mean: [0], std: [255] },
    });
    expect(md.outputNames).toEqual([
      'landmarks',
      'presence',
      'segmentation_mask',
      'heat_map',
      'world_landmarks',
    ]);
    expect(md.outputNames.length).toBe(md.modelOutputCount);
  });

  it.each([
    ['detector', sourceDetector],
    ['landmarks', () => sourceLandmarks(variant)],
  ] as const)('keeps every weight and tensor of the npm %s model', (which, source) => {
    const src = tfliteModel(source());
    const out = tfliteModel(members(variant)[which]);
    const srcBuffers = src.tables(Model.buffers) ?? [];
    const outBuffers = out.tables(Model.buffers) ?? [];
    // One buffer more: the metadata. Every other buffer is byte-identical, in the same order.
    expect(outBuffers.length).toBe(srcBuffers.length + 1);
    srcBuffers.forEach((b, i) => {
      const a = b.ubytes(Buffer.data);
      const c = outBuffers[i]?.ubytes(Buffer.data);
      expect(c?.length ?? 0, `buffer ${i}`).toBe(a?.length ?? 0);
      if (a && c) expect(sha256(c), `buffer ${i}`).toBe(sha256(a));
    });
    const summary = (m: FbTable) => {
      const sg = m.tables(Model.subgraphs)?.[0];
      return {
        description: m.string(Model.description),
        opcodes: (m.tables(Model.operatorCodes) ?? []).map((o) => [o.i8(0), o.u32(2, 1), o.u32(3)]),
        inputs: sg?.int32s(SubGraph.inputs),
        outputs: sg?.int32s(SubGraph.outputs),
        tensors: (sg?.tables(SubGraph.tensors) ?? []).map((t) => [
          t.string(Tensor.name),
          t.int32s(Tensor.shape),
          t.i8(Tensor.type),
          t.u32(Tensor.buffer),
        ]),
        operators: (sg?.tables(SubGraph.operators) ?? []).map((o) => [
          o.u32(Operator.opcodeIndex),
          o.int32s(Operator.inputs),
          o.int32s(Operator.outputs),
          o.u8(Operator.optionsType),
        ]),
      };
    };
    expect(summary(out)).toEqual(summary(src));
  });
});

describe('the three bundles', () => {
  it('share one byte-identical detector member', () => {
    const [lite, full, heavy] = MODEL_VARIANTS.map((v) => sha256(members(v).detector));
    expect(lite).toBe(full);
    expect(heavy).toBe(full);
  });

  it('are listed in the manifest with distinct hashes', () => {
    expect(Object.keys(manifest.bundles).sort()).toEqual([...MODEL_VARIANTS].sort());
    expect(new Set(Object.values(MODEL_SHA256)).size).toBe(3);
    for (const v of MODEL_VARIANTS) expect(MODEL_SHA256[v]).toMatch(/^[0-9a-f]{64}$/);
  });

  it('are documented in the README with the manifest sizes and hashes', () => {
    const readme = readFileSync(join(packageDir, 'README.md'), 'utf8');
    for (const v of MODEL_VARIANTS) {
      const { file, bytes, sha256: hash } = manifest.bundles[v];
      expect(readme).toMatch(
        new RegExp(
          `\\| \`${file.replaceAll('.', '\\.')}\`\\s*\\|\\s*${bytes.toLocaleString('en-US')} \\| \`${hash}\` \\|`,
        ),
      );
    }
  });

  it('are pinned to the tasks-vision and @mediapipe/pose versions that are installed', () => {
    const version = (name: string) =>
      JSON.parse(readFileSync(join(dependencyDir(name), 'package.json'), 'utf8')).version;
    expect(version('@mediapipe/tasks-vision')).toBe(manifest.tasksVision);
    expect(version('@mediapipe/pose')).toBe(manifest.source.version);
  });
});
