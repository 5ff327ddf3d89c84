// A/B of the analysers between two builds of the repository, in the same run.
// Run from the repository root, after building both trees' definitions and pose-sdk:
//   git worktree add /tmp/ab-before <commit>
//   node packages/pose-sdk/bench/analysers-ab.mjs --before /tmp/ab-before --after . \
//     [--pairs 9] [--world on|off] [--in-process]
//
// Both sides replay identical input: the push-up fixture traces of THIS checkout, read with THIS
// checkout's parser (an older build may not read the current trace format), back to back to
// 1,000,000 frames, fed as `bench/analysers.bench.mjs` feeds them (streamed: each second of 30
// frames copied just before it is timed; replayed: the same frame objects). `--world off` leaves
// out the world landmarks (an older analyser ignores them; a newer one does more with them).
// Each side uses its own tree's pose-sdk dist and its own built-in push-up definition.
//
// Two ways to alternate, both so that the drift of a shared machine falls on both sides of a pair:
// - default: each side is a whole process (`node --expose-gc`, five rounds per series, median),
//   A B A B ...; a pair spans about two minutes.
// - --in-process: both builds in one process, each series' pairs taken one round (1,000,000
//   frames) of A and one of B back to back, the order swapped every pair (A B, B A, ...); a pair
//   spans a few seconds. Each build and series gets its own compiled copy of the timing loop.
// Every round is timed twice: by the wall clock, as the bench does, and by the process's CPU time
// (user + system), which leaves out the time the process waited for a core on a busy machine.
// The figure to quote is the median of the per-pair ratios (after / before), not frames/s.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadFixtureStream } from './fixture-stream.mjs';

const { values: args } = parseArgs({
  options: {
    before: { type: 'string' },
    after: { type: 'string' },
    child: { type: 'string' },
    pairs: { type: 'string', default: '9' },
    world: { type: 'string', default: 'on' },
    'in-process': { type: 'boolean', default: false },
  },
});

const TARGET_FRAMES = 1_000_000;
const ROUNDS = 5;
const STREAM_CHUNK_FRAMES = 30;
const FRAME_SIZE = { width: 640, height: 360 };
const SERIES = [
  ['pushup', 'streamed'],
  ['definition', 'streamed'],
  ['pushup', 'replayed'],
  ['definition', 'replayed'],
].map(([analyser, feed]) => ({ analyser, feed, name: `${analyser} ${feed}` }));

function respawnWithGc() {
  const out = spawnSync(process.execPath, ['--expose-gc', ...process.argv.slice(1)], {
    stdio: 'inherit',
  });
  process.exit(out.status ?? 1);
}

/** One tree's analyser factories, from its own dist and its own built-in definition. */
async function loadBuild(root) {
  const sdk = await import(pathToFileURL(resolve(root, 'packages/pose-sdk/dist/index.js')).href);
  const { builtinDefinitions } = await import(
    pathToFileURL(resolve(root, 'packages/definitions/dist/index.js')).href
  );
  return {
    pushup: () => new sdk.PushupAnalyzer({ frameSize: FRAME_SIZE }),
    definition: () =>
      new sdk.DefinitionAnalyzer({ definition: builtinDefinitions.pushup, frameSize: FRAME_SIZE }),
  };
}

// The timing loop as source, compiled once per build and series (new Function) so that no call
// site in it is shared between analysers or builds.
const ROUND_SOURCE = `
  let elapsedMs = 0;
  let cpuMs = 0;
  if (!streamed) {
    const cpu = cpuUsage();
    const start = performance.now();
    for (let i = 0; i < frames.length; i++) analyzer.process(frames[i]);
    elapsedMs = performance.now() - start;
    const used = cpuUsage(cpu);
    cpuMs = (used.user + used.system) / 1000;
  } else {
    for (let from = 0; from < frames.length; from += chunkFrames) {
      const chunk = frames.slice(from, from + chunkFrames).map(copyFrame);
      const cpu = cpuUsage();
      const start = performance.now();
      for (let i = 0; i < chunk.length; i++) analyzer.process(chunk[i]);
      elapsedMs += performance.now() - start;
      const used = cpuUsage(cpu);
      cpuMs += (used.user + used.system) / 1000;
    }
  }
  return { wall: frames.length / (elapsedMs / 1000), cpu: frames.length / (cpuMs / 1000) };
`;
const compileRound = () =>
  new Function(
    'analyzer',
    'streamed',
    'frames',
    'performance',
    'cpuUsage',
    'chunkFrames',
    'copyFrame',
    ROUND_SOURCE,
  );
const cpuUsage = (previous) => process.cpuUsage(previous);

function copyFrame(frame) {
  return {
    timestampMs: frame.timestampMs,
    landmarks: frame.landmarks.map((l) => ({ x: l.x, y: l.y, z: l.z, visibility: l.visibility })),
    ...(frame.worldLandmarks
      ? { worldLandmarks: frame.worldLandmarks.map((w) => ({ x: w.x, y: w.y, z: w.z })) }
      : {}),
  };
}

/**
 * One round: a fresh analyser over all frames. Frames/s by the wall clock (as the bench) and by
 * the process's CPU time (user + system, so time the process waited for a core is left out; it
 * includes V8's helper threads, as a host would pay them), and the reps it counted.
 */
function round(roundFn, create, streamed, frames) {
  globalThis.gc?.();
  const analyzer = create();
  const rate = roundFn(
    analyzer,
    streamed,
    frames,
    performance,
    cpuUsage,
    STREAM_CHUNK_FRAMES,
    copyFrame,
  );
  return { ...rate, reps: analyzer.reps.length };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Whole-process side: prints one JSON line with the median frames/s of each series. */
async function child(root) {
  const { frames } = loadFixtureStream(TARGET_FRAMES, { withWorld: args.world === 'on' });
  const build = await loadBuild(root);
  const result = {};
  for (const s of SERIES) {
    const roundFn = compileRound();
    const rounds = [];
    for (let r = 0; r < ROUNDS; r++)
      rounds.push(round(roundFn, build[s.analyser], s.feed === 'streamed', frames));
    result[s.name] = {
      wall: median(rounds.map((x) => x.wall)),
      cpu: median(rounds.map((x) => x.cpu)),
      reps: rounds[rounds.length - 1].reps,
    };
  }
  console.log(JSON.stringify(result));
}

function usage() {
  if (args.before && args.after) return;
  console.error(
    'usage: analysers-ab.mjs --before <tree> --after <tree> [--pairs N] [--world on|off] [--in-process]',
  );
  process.exit(2);
}

function header(mode) {
  console.log(
    `node ${process.version}; before ${resolve(args.before)}, after ${resolve(args.after)}; ` +
      `world landmarks ${args.world}; ${args.pairs} pairs, ${mode}`,
  );
}

function summary(pairs) {
  const fmt = (n) => Math.round(n).toLocaleString('en');
  for (const clock of ['wall', 'cpu']) {
    console.log(
      `\nframes/s by ${clock === 'wall' ? 'the wall clock' : 'CPU time'}` +
        '\nseries               before median   after median   ratio after/before: min  median    max   reps before/after',
    );
    for (const s of SERIES) {
      const ratios = pairs.map((p) => p.after[s.name][clock] / p.before[s.name][clock]);
      const b = median(pairs.map((p) => p.before[s.name][clock]));
      const a = median(pairs.map((p) => p.after[s.name][clock]));
      const [min, mid, max] = [Math.min(...ratios), median(ratios), Math.max(...ratios)];
      const reps = `${pairs[0].before[s.name].reps}/${pairs[0].after[s.name].reps}`;
      console.log(
        `${s.name.padEnd(20)} ${fmt(b).padStart(14)} ${fmt(a).padStart(14)}   ` +
          `${min.toFixed(3).padStart(25)}  ${mid.toFixed(3).padStart(6)}  ${max.toFixed(3).padStart(5)}   ${reps}`,
      );
    }
  }
}

function printPair(index, pair) {
  console.log(
    `pair ${index}: ` +
      SERIES.map(({ name }) => {
        const b = pair.before[name];
        const a = pair.after[name];
        return (
          `${name} wall ${Math.round(b.wall)} -> ${Math.round(a.wall)} (${(a.wall / b.wall).toFixed(3)}), ` +
          `cpu ${Math.round(b.cpu)} -> ${Math.round(a.cpu)} (${(a.cpu / b.cpu).toFixed(3)})`
        );
      }).join('; '),
  );
}

function driver() {
  usage();
  header('whole processes, A B A B ...');
  const self = fileURLToPath(import.meta.url);
  const run = (root) => {
    const out = spawnSync(
      process.execPath,
      ['--expose-gc', self, '--child', resolve(root), '--world', args.world],
      { encoding: 'utf8', maxBuffer: 1 << 20 },
    );
    if (out.status !== 0) throw new Error(`${root}: ${out.stderr}`);
    return JSON.parse(out.stdout.trim().split('\n').pop());
  };
  const pairs = [];
  for (let i = 1; i <= Number(args.pairs); i++) {
    const pair = { before: run(args.before) };
    pair.after = run(args.after);
    pairs.push(pair);
    printPair(i, pair);
  }
  summary(pairs);
}

async function inProcess() {
  usage();
  header('one process, rounds alternated A B, B A, ...');
  const { frames } = loadFixtureStream(TARGET_FRAMES, { withWorld: args.world === 'on' });
  const builds = { before: await loadBuild(args.before), after: await loadBuild(args.after) };
  const roundFns = {};
  for (const side of ['before', 'after'])
    for (const s of SERIES) roundFns[`${side} ${s.name}`] = compileRound();
  // One unrecorded round of each, so that neither side is first to be optimised.
  for (const s of SERIES)
    for (const side of ['before', 'after'])
      round(roundFns[`${side} ${s.name}`], builds[side][s.analyser], s.feed === 'streamed', frames);
  const pairs = [];
  for (let i = 1; i <= Number(args.pairs); i++) {
    const pair = { before: {}, after: {} };
    const order = i % 2 ? ['before', 'after'] : ['after', 'before'];
    for (const s of SERIES) {
      for (const side of order) {
        const one = round(
          roundFns[`${side} ${s.name}`],
          builds[side][s.analyser],
          s.feed === 'streamed',
          frames,
        );
        pair[side][s.name] = one;
      }
    }
    pairs.push(pair);
    printPair(i, pair);
  }
  summary(pairs);
}

if (args.child) await child(args.child);
else if (args['in-process'] && !globalThis.gc) respawnWithGc();
else if (args['in-process']) await inProcess();
else driver();
