// Headless engine benchmark: where the time per frame goes (decode, transfer, inference), how
// end-to-end time compares with inference alone, 1 vs 2 workers, and 30 vs 15 fps sampling.
// Usage: node bench/engine.bench.mjs [--quick] [--json out.json]   (needs a built package)
//
// The machine may be shared: every wall-time comparison alternates its two sides and keeps the
// best of ROUNDS runs each, and CPU time per process (from /proc, immune to other load) is
// reported next to wall time. The load average is printed so a noisy run can be recognised.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
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
const ROUNDS = quick ? 1 : 2;

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

const results = { machineCores: cpus().length, loadAverageAtStart: loadavg()[0] };
const fmt = (n) => (n === undefined ? '-' : n.toFixed(1));
const best = (values) => Math.min(...values);

/** CPU time (ms) of this process and all its descendants, by kind of process. */
function cpuByProcessKind() {
  const procs = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      let kind =
        /--type=([a-z-]+)/.exec(cmd)?.[1] ??
        (cmd.includes('ffmpeg') ? 'ffmpeg' : 'chromium-browser');
      if (cmd.includes('top-chrome-webui')) kind += '-webui';
      if (cmd.includes('NetworkService')) kind = 'chromium-network';
      if (kind === 'renderer') kind = 'chromium-renderer (inference page)';
      if (kind === 'gpu-process') kind = 'chromium-gpu';
      procs.set(Number(entry), {
        ppid: Number(fields[1]),
        ms: (Number(fields[11]) + Number(fields[12])) * 10,
        kind,
      });
    } catch {}
  }
  const out = new Map([
    [process.pid, { kind: 'node (engine)', ms: procs.get(process.pid)?.ms ?? 0 }],
  ]);
  const walk = (parent) => {
    for (const [pid, p] of procs)
      if (p.ppid === parent) {
        out.set(pid, p);
        walk(pid);
      }
  };
  walk(process.pid);
  return out;
}

function cpuDelta(before, after, frames) {
  const byKind = {};
  for (const [pid, p] of after)
    byKind[p.kind] = (byKind[p.kind] ?? 0) + p.ms - (before.get(pid)?.ms ?? 0);
  return Object.fromEntries(
    Object.entries(byKind)
      .filter(([, ms]) => ms > 0)
      .map(([kind, ms]) => [kind, ms / frames]),
  );
}

/** ffmpeg alone: decode to I420 into /dev/null, as the engine runs it (ms/frame, wall). */
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
      'format=yuv420p,crop=trunc(iw/2)*2:trunc(ih/2)*2:0:0,showinfo=checksum=0',
      '-fps_mode',
      'passthrough',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'yuv420p',
      '-y',
      '/dev/null',
    ],
    { stdio: 'ignore' },
  );
  return (performance.now() - start) / frames;
}

async function wallOf(engine, paths, options = {}) {
  const start = performance.now();
  const done = await Promise.all(paths.map((path) => engine.extract(path, options)));
  return {
    ms: performance.now() - start,
    frames: done.reduce((sum, r) => sum + r.frames.length, 0),
    done,
  };
}

for (const model of quick ? ['lite'] : ['lite', 'full']) {
  const engine = await createPoseEngine({ model, workers: 1 });
  try {
    await engine.extract(SINGLE, { fps: 5 }); // warm-up: wasm tiers up, caches fill
    const runs = [];
    for (let round = 0; round < ROUNDS; round++) {
      const before = cpuByProcessKind();
      const run = await wallOf(engine, [SINGLE]);
      runs.push({ ...run, cpu: cpuDelta(before, cpuByProcessKind(), run.frames) });
    }
    const run = runs.reduce((a, b) => (b.ms < a.ms ? b : a));
    const t = run.done[0].timing;
    // ffmpeg (when it decoded: not for MP4s the page decodes) comes from the engine's timing.
    const cpu =
      t.decodeCpuPerFrameMs === undefined ? run.cpu : { ...run.cpu, ffmpeg: t.decodeCpuPerFrameMs };
    const decodeAlone = decodeOnlyMsPerFrame(SINGLE, t.frames);
    const endToEnd = run.ms / t.frames;
    results[`${model}_640x360`] = {
      frames: t.frames,
      decodeAloneMsPerFrame: decodeAlone,
      transferWaitMsPerFrame: t.transferWaitPerFrameMs,
      videoFrameMsPerFrame: t.imagePerFrameMs,
      inferenceMsPerFrame: t.inferencePerFrameMs,
      endToEndMsPerFrame: endToEnd,
      endToEndOverInference: endToEnd / t.inferencePerFrameMs,
      setupMs: t.setupMs,
      cpuMsPerFrameByProcess: cpu,
    };
    console.log(
      `${model.padEnd(5)} 640x360, ${t.frames} frames, 1 worker: decode ${fmt(decodeAlone)} ms/frame (ffmpeg alone), ` +
        `transfer wait ${fmt(t.transferWaitPerFrameMs)}, VideoFrame ${fmt(t.imagePerFrameMs)}, inference ${fmt(t.inferencePerFrameMs)}, ` +
        `end-to-end ${fmt(endToEnd)} ms/frame = ${(endToEnd / t.inferencePerFrameMs).toFixed(2)}x inference (setup ${fmt(t.setupMs)} ms)`,
    );
    console.log(
      `      CPU ms/frame: ${Object.entries(cpu)
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => `${k} ${fmt(v)}`)
        .join(', ')}`,
    );
    if (model === 'lite') {
      const full = [];
      const sampled = [];
      for (let round = 0; round < ROUNDS; round++) {
        full.push((await wallOf(engine, [SINGLE])).ms);
        sampled.push((await wallOf(engine, [SINGLE], { fps: 15 })).ms);
      }
      results.sampling = {
        fullRateMs: best(full),
        fps15Ms: best(sampled),
        speedup: best(full) / best(sampled),
      };
      console.log(
        `lite  30 vs 15 fps: ${fmt(best(full))} ms vs ${fmt(best(sampled))} ms = ${(best(full) / best(sampled)).toFixed(2)}x faster`,
      );
    }
  } finally {
    await engine.close();
  }
}

const one = await createPoseEngine({ model: 'lite', workers: 1 });
const two = await createPoseEngine({ model: 'lite', workers: 2 });
try {
  await Promise.all([
    one.extract(BATCH[0], { fps: 5 }),
    ...BATCH.slice(0, 2).map((p) => two.extract(p, { fps: 5 })),
  ]);
  const walls = { 1: [], 2: [] };
  let frames = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const [workers, engine] of [
      [1, one],
      [2, two],
    ]) {
      const run = await wallOf(engine, BATCH);
      frames = run.frames;
      walls[workers].push(run.ms);
      console.log(
        `lite  batch of ${BATCH.length} videos (${frames} frames), ${workers} worker(s): ${fmt(run.ms)} ms (load ${loadavg()[0].toFixed(2)})`,
      );
    }
  }
  results.workers = {
    frames,
    oneWorkerMs: best(walls[1]),
    twoWorkersMs: best(walls[2]),
    speedup: best(walls[1]) / best(walls[2]),
  };
  console.log(
    `lite  2 workers vs 1 (best of ${ROUNDS}): ${(best(walls[1]) / best(walls[2])).toFixed(2)}x faster`,
  );
} finally {
  await one.close();
  await two.close();
}
results.loadAverageAtEnd = loadavg()[0];
console.log(
  `load average: ${results.loadAverageAtStart.toFixed(2)} at start, ${results.loadAverageAtEnd.toFixed(2)} at end`,
);
if (jsonOut) writeFileSync(jsonOut, `${JSON.stringify(results, null, 2)}\n`);
