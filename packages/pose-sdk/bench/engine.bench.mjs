// Headless engine benchmark: where the time per frame goes (decode, transfer, inference), how
// end-to-end time compares with inference alone, 1 vs 2 workers, and 30 vs 15 fps sampling.
// Usage: node bench/engine.bench.mjs [--quick] [--json out.json]   (needs a built package)
// Numbers depend on the machine and on anything else running: the load average is printed.
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPoseEngine } from '../dist/node/index.js';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..', '..');
const fixtureDir = [
  join(repo, 'fixtures', 'videos'),
  join(repo, '..', 'shared', 'fixtures', 'videos'),
].find((dir) => existsSync(dir));
if (!fixtureDir)
  throw new Error('fixture videos not found (fixtures/videos or ../shared/fixtures/videos)');
const quick = process.argv.includes('--quick');
const jsonOut = process.argv.includes('--json')
  ? process.argv[process.argv.indexOf('--json') + 1]
  : undefined;

// 640x360, 30 fps clips with one person in view.
const SINGLE = join(fixtureDir, 'pushup/08-tank-top-side.mp4');
const BATCH = [
  'pushup/06-white-hoodie-side.mp4',
  'pushup/08-tank-top-side.mp4',
  'pushup/09-tank-top-sagging-hips.mp4',
  'pushup/11-tank-top-piked-hips.mp4',
]
  .slice(0, quick ? 2 : 4)
  .map((file) => join(fixtureDir, file));

const results = {
  loadAverageAtStart: loadavg()[0],
  machineCores: (await import('node:os')).cpus().length,
};
const fmt = (n) => (n === undefined ? '-' : n.toFixed(1));

/** ffmpeg alone: decode + RGBA conversion to /dev/null, as the engine runs it (ms/frame, wall). */
function decodeOnlyMsPerFrame(path, frames) {
  const start = performance.now();
  execFileSync(
    'ffmpeg',
    [
      '-v',
      'error',
      '-threads',
      '1',
      '-i',
      path,
      '-map',
      '0:v:0',
      '-filter_threads',
      '1',
      '-vf',
      'showinfo=checksum=0,scale=flags=neighbor+accurate_rnd+full_chroma_int,format=rgba',
      '-fps_mode',
      'passthrough',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgba',
      '-y',
      '/dev/null',
    ],
    { stdio: 'ignore' },
  );
  return (performance.now() - start) / frames;
}

async function timeOne(engine, path, options = {}) {
  const start = performance.now();
  const result = await engine.extract(path, options);
  return { wallMs: performance.now() - start, result };
}

for (const model of quick ? ['lite'] : ['lite', 'full']) {
  const engine = await createPoseEngine({ model, workers: 1 });
  try {
    await engine.extract(SINGLE, { fps: 5 }); // warm-up: wasm tiers up, caches fill
    const { wallMs, result } = await timeOne(engine, SINGLE);
    const t = result.timing;
    const decodeAlone = decodeOnlyMsPerFrame(SINGLE, t.frames);
    results[`${model}_640x360`] = {
      frames: t.frames,
      decodeAloneMsPerFrame: decodeAlone,
      decodeCpuMsPerFrame: t.decodeCpuPerFrameMs,
      transferWaitMsPerFrame: t.transferWaitPerFrameMs,
      imageMsPerFrame: t.imagePerFrameMs,
      inferenceMsPerFrame: t.inferencePerFrameMs,
      endToEndMsPerFrame: wallMs / t.frames,
      endToEndOverInference: wallMs / t.frames / t.inferencePerFrameMs,
      setupMs: t.setupMs,
    };
    console.log(
      `${model.padEnd(5)} 640x360 ${t.frames} frames: decode ${fmt(decodeAlone)} ms/frame alone ` +
        `(${fmt(t.decodeCpuPerFrameMs)} CPU in pipeline), transfer wait ${fmt(t.transferWaitPerFrameMs)}, ` +
        `image ${fmt(t.imagePerFrameMs)}, inference ${fmt(t.inferencePerFrameMs)}, end-to-end ${fmt(wallMs / t.frames)} ms/frame ` +
        `= ${(wallMs / t.frames / t.inferencePerFrameMs).toFixed(2)}x inference (setup ${fmt(t.setupMs)} ms)`,
    );
    if (model === 'lite') {
      const sampled = await timeOne(engine, SINGLE, { fps: 15 });
      results.sampling = {
        fullRateWallMs: wallMs,
        fullRateFrames: t.frames,
        fps15WallMs: sampled.wallMs,
        fps15Frames: sampled.result.frames.length,
        speedup: wallMs / sampled.wallMs,
      };
      console.log(
        `lite  30 vs 15 fps: ${t.frames} frames in ${fmt(wallMs)} ms vs ${sampled.result.frames.length} frames in ` +
          `${fmt(sampled.wallMs)} ms = ${(wallMs / sampled.wallMs).toFixed(2)}x faster`,
      );
    }
  } finally {
    await engine.close();
  }
}

const batchWall = {};
for (const workers of [1, 2]) {
  const engine = await createPoseEngine({ model: 'lite', workers });
  try {
    await Promise.all(BATCH.slice(0, workers).map((path) => engine.extract(path, { fps: 5 }))); // warm-up
    const start = performance.now();
    const done = await Promise.all(BATCH.map((path) => engine.extract(path)));
    batchWall[workers] = performance.now() - start;
    const frames = done.reduce((sum, r) => sum + r.frames.length, 0);
    console.log(
      `lite  batch of ${BATCH.length} videos (${frames} frames), ${workers} worker(s): ${fmt(batchWall[workers])} ms = ${fmt(batchWall[workers] / frames)} ms/frame`,
    );
  } finally {
    await engine.close();
  }
}
results.workers = {
  oneWorkerMs: batchWall[1],
  twoWorkersMs: batchWall[2],
  speedup: batchWall[1] / batchWall[2],
};
console.log(
  `lite  2 workers vs 1: ${(batchWall[1] / batchWall[2]).toFixed(2)}x faster; load average now ${loadavg()[0].toFixed(2)}`,
);
results.loadAverageAtEnd = loadavg()[0];
if (jsonOut) writeFileSync(jsonOut, `${JSON.stringify(results, null, 2)}\n`);
