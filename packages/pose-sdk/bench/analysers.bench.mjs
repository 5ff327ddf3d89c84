// Analyser throughput: frames per second on one core, for both analysers, over a long trace
// made by replaying the committed fixture traces back to back (real landmarks, real motion).
// Run: pnpm --filter @reptemple/pose-sdk bench    (prints numbers; it is not a test)
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { builtinDefinitions } from '@reptemple/definitions';
import { DefinitionAnalyzer, PushupAnalyzer, parseTrace } from '../dist/index.js';

const TARGET_FRAMES = 1_000_000;
const ROUNDS = 5;

const traceDir = new URL('../../../fixtures/traces/pushup/', import.meta.url);
const traces = readdirSync(traceDir)
  .filter((name) => name.endsWith('.ndjson'))
  .map((name) => parseTrace(readFileSync(new URL(name, traceDir), 'utf8'), name));
if (traces.length === 0) throw new Error('no fixture traces found; run `reptemple extract` first');

// One long stream: every trace in turn, timestamps continued, until TARGET_FRAMES frames.
const frames = [];
let offset = 0;
while (frames.length < TARGET_FRAMES) {
  for (const { header, frames: source } of traces) {
    const first = source[0]?.timestampMs ?? 0;
    for (const frame of source) {
      frames.push({ timestampMs: offset + frame.timestampMs - first, landmarks: frame.landmarks });
      if (frames.length === TARGET_FRAMES) break;
    }
    offset = frames[frames.length - 1].timestampMs + 1000 / header.fps;
    if (frames.length === TARGET_FRAMES) break;
  }
}
const frameSize = { width: 640, height: 360 };

function measure(name, create) {
  const rates = [];
  let reps = 0;
  for (let round = 0; round < ROUNDS; round++) {
    globalThis.gc?.();
    const analyzer = create();
    const start = performance.now();
    for (let i = 0; i < frames.length; i++) analyzer.process(frames[i]);
    const seconds = (performance.now() - start) / 1000;
    rates.push(frames.length / seconds);
    reps = analyzer.reps.length;
  }
  rates.sort((a, b) => a - b);
  const median = rates[Math.floor(rates.length / 2)];
  console.log(
    `${name.padEnd(22)} median ${Math.round(median).toLocaleString('en')} frames/s ` +
      `(min ${Math.round(rates[0]).toLocaleString('en')}, max ${Math.round(rates[rates.length - 1]).toLocaleString('en')}; ` +
      `${ROUNDS} rounds of ${frames.length.toLocaleString('en')} frames, ${reps} reps counted)`,
  );
  return median;
}

console.log(
  `node ${process.version}, one core, ${traces.length} fixture traces replayed to ${frames.length.toLocaleString('en')} frames`,
);
const pushup = measure('push-up analyser', () => new PushupAnalyzer({ frameSize }));
measure(
  'definition analyser',
  () => new DefinitionAnalyzer({ definition: builtinDefinitions.pushup, frameSize }),
);
console.log(`push-up target 1,000,000 frames/s: ${pushup >= 1_000_000 ? 'met' : 'NOT met'}`);
