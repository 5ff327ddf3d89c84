// What an analyser keeps per rep: the heap its reps, their evidence and its timeline hold, in
// bytes a rep, for one or more builds of the repository. Run from the repository root:
//   node packages/pose-sdk/bench/analysers-retained.mjs [--world on|off] [--frames 200000] \
//     <tree> [<tree> ...]
// Input as in `analysers-ab.mjs`: the push-up fixture traces of THIS checkout, read with its
// parser, back to back (replayed, the same frame objects). Each tree uses its own pose-sdk dist
// and built-in push-up definition. The heap is measured after a full GC with the analyser
// alive and again once it is dropped; the difference, over its reps, is what each rep costs in
// memory (what a long analysis keeps, and what the garbage collector has to carry).
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadFixtureStream } from './fixture-stream.mjs';

const { values: args, positionals: trees } = parseArgs({
  options: {
    world: { type: 'string', default: 'off' },
    frames: { type: 'string', default: '200000' },
  },
  allowPositionals: true,
});

const FRAME_SIZE = { width: 640, height: 360 };

if (!globalThis.gc) {
  const out = spawnSync(process.execPath, ['--expose-gc', ...process.argv.slice(1)], {
    stdio: 'inherit',
  });
  process.exit(out.status ?? 1);
}
if (trees.length === 0) {
  console.error('usage: analysers-retained.mjs [--world on|off] [--frames N] <tree> [<tree> ...]');
  process.exit(2);
}

function heapUsed() {
  globalThis.gc();
  globalThis.gc();
  return process.memoryUsage().heapUsed;
}

/** One analyser over all frames: its reps, timeline entries and the heap while it is alive. */
function analyse(create, frames) {
  const analyzer = create();
  for (const frame of frames) analyzer.process(frame);
  const heap = heapUsed(); // read the analyser after this, so that it is alive during the GC
  return { reps: analyzer.reps.length, entries: analyzer.timeline.length, heap };
}

const { frames } = loadFixtureStream(Number(args.frames), { withWorld: args.world === 'on' });
console.log(`node ${process.version}; ${frames.length} frames; world landmarks ${args.world}`);
for (const tree of trees) {
  const root = resolve(tree);
  const sdk = await import(pathToFileURL(resolve(root, 'packages/pose-sdk/dist/index.js')).href);
  const { builtinDefinitions } = await import(
    pathToFileURL(resolve(root, 'packages/definitions/dist/index.js')).href
  );
  const analysers = {
    pushup: () => new sdk.PushupAnalyzer({ frameSize: FRAME_SIZE }),
    definition: () =>
      new sdk.DefinitionAnalyzer({ definition: builtinDefinitions.pushup, frameSize: FRAME_SIZE }),
  };
  for (const [name, create] of Object.entries(analysers)) {
    analyse(create, frames); // compiled and warm, so that the measured run allocates no code
    const { reps, entries, heap } = analyse(create, frames);
    const bytes = (heap - heapUsed()) / reps;
    console.log(
      `${tree}: ${name.padEnd(10)} ${reps} reps, ${entries} timeline entries, ${Math.round(bytes)} bytes a rep`,
    );
  }
}
