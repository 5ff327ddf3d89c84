// The benchmarks' input: the committed push-up fixture traces (real landmarks, real motion) back
// to back, timestamps continued, until `count` frames. Read with THIS checkout's parser, so
// scripts that compare builds (analysers-ab, analysers-retained) feed every build the same frames.
import { readdirSync, readFileSync } from 'node:fs';
import { parseTrace } from '../dist/index.js';

/**
 * `withWorld`: carry the world landmarks along (with them the analysers also follow the view and
 * the body line in space). Traces are taken in file-name order.
 */
export function loadFixtureStream(count, { withWorld }) {
  const traceDir = new URL('../../../fixtures/traces/pushup/', import.meta.url);
  const traces = readdirSync(traceDir)
    .filter((name) => name.endsWith('.ndjson'))
    .sort()
    .map((name) => parseTrace(readFileSync(new URL(name, traceDir), 'utf8'), name));
  if (traces.length === 0)
    throw new Error('no fixture traces found; run `reptemple extract` first');
  const frames = [];
  let offset = 0; // ms
  while (frames.length < count) {
    for (const { header, frames: source } of traces) {
      const first = source[0]?.timestampMs ?? 0;
      for (const frame of source) {
        frames.push({
          timestampMs: offset + frame.timestampMs - first,
          landmarks: frame.landmarks,
          ...(withWorld && frame.worldLandmarks ? { worldLandmarks: frame.worldLandmarks } : {}),
        });
        if (frames.length === count) break;
      }
      offset = frames[frames.length - 1].timestampMs + 1000 / header.fps;
      if (frames.length === count) break;
    }
  }
  return { frames, traceCount: traces.length };
}
