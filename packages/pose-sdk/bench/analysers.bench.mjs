// Analyser throughput: frames per second on one core, for both analysers, over a long trace
// made by replaying the committed fixture traces back to back (real landmarks, real motion).
// Run: pnpm --filter @reptemple/pose-sdk bench    (prints numbers; it is not a test)
//
// Two ways to feed the frames, both printed:
// - streamed: each second of frames (30) is copied just before the analyser gets it, as a live
//   stream or a trace being read hands over frames that were just made (the copy is not timed).
//   This is how hosts use the analyser, and the figure the target is judged on.
// - replayed: the same 6,000 frame objects over and over; their landmarks (about 200,000 objects)
//   do not fit the CPU's caches, so a third of the time goes to waiting for memory.
import { performance } from 'node:perf_hooks';
import { builtinDefinitions } from '@reptemple/definitions';
import { DefinitionAnalyzer, PushupAnalyzer } from '../dist/index.js';
import { loadFixtureStream } from './fixture-stream.mjs';

const TARGET_FRAMES = 1_000_000;
const ROUNDS = 5;

// World landmarks go along: with them the analysers also follow the view and the body line in
// space, which is the work every host with world landmarks pays for.
const { frames, traceCount } = loadFixtureStream(TARGET_FRAMES, { withWorld: true });
const frameSize = { width: 640, height: 360 };

const STREAM_CHUNK_FRAMES = 30; // one second of a 30 fps video

function copyFrame(frame) {
  return {
    timestampMs: frame.timestampMs,
    landmarks: frame.landmarks.map((l) => ({ x: l.x, y: l.y, z: l.z, visibility: l.visibility })),
    ...(frame.worldLandmarks
      ? { worldLandmarks: frame.worldLandmarks.map((w) => ({ x: w.x, y: w.y, z: w.z })) }
      : {}),
  };
}

/** Frames/s processing `frames` in order; `streamed` copies each chunk just before it is timed. */
function oneRound(analyzer, streamed) {
  let elapsedMs = 0;
  if (!streamed) {
    const start = performance.now();
    for (let i = 0; i < frames.length; i++) analyzer.process(frames[i]);
    elapsedMs = performance.now() - start;
  } else {
    for (let from = 0; from < frames.length; from += STREAM_CHUNK_FRAMES) {
      const chunk = frames.slice(from, from + STREAM_CHUNK_FRAMES).map(copyFrame);
      const start = performance.now();
      for (let i = 0; i < chunk.length; i++) analyzer.process(chunk[i]);
      elapsedMs += performance.now() - start;
    }
  }
  return frames.length / (elapsedMs / 1000);
}

function measure(name, create, streamed) {
  const rates = [];
  let reps = 0;
  for (let round = 0; round < ROUNDS; round++) {
    globalThis.gc?.();
    const analyzer = create();
    rates.push(oneRound(analyzer, streamed));
    reps = analyzer.reps.length;
  }
  rates.sort((a, b) => a - b);
  const median = rates[Math.floor(rates.length / 2)];
  const label = `${name}, ${streamed ? 'streamed' : 'replayed'}`;
  console.log(
    `${label.padEnd(32)} median ${Math.round(median).toLocaleString('en')} frames/s ` +
      `(min ${Math.round(rates[0]).toLocaleString('en')}, max ${Math.round(rates[rates.length - 1]).toLocaleString('en')}; ` +
      `${ROUNDS} rounds of ${frames.length.toLocaleString('en')} frames, ${reps} reps counted)`,
  );
  return median;
}

console.log(
  `node ${process.version}, one core, ${traceCount} fixture traces replayed to ${frames.length.toLocaleString('en')} frames`,
);
const createPushup = () => new PushupAnalyzer({ frameSize });
const createDefinition = () =>
  new DefinitionAnalyzer({ definition: builtinDefinitions.pushup, frameSize });
const pushup = measure('push-up analyser', createPushup, true);
measure('definition analyser', createDefinition, true);
measure('push-up analyser', createPushup, false);
measure('definition analyser', createDefinition, false);
console.log(
  `push-up target 1,000,000 frames/s (streamed): ${pushup >= 1_000_000 ? 'met' : 'NOT met'}`,
);
