// Every output of both analysers on every fixture trace, one JSON file per run, so that a change
// made for speed can be shown to change nothing: write the files before and after it and diff
// the folders (`diff -r`; it must print nothing). Run from the repository root after building:
//   node packages/pose-sdk/bench/analysers-outputs.mjs <out-dir> [<tree>]
// `tree` (default: this checkout) is the repository whose pose-sdk and definitions dist run;
// the traces are always this checkout's, read with its parser.
//
// Runs: every trace of fixtures/traces (push-up and squat), traces-15fps and traces-v1; the
// push-up analyser on push-up traces and the definition analyser with the trace's exercise
// definition; every frame and sampled to 15 fps as `--fps 15` samples; with the world
// landmarks and without them. Each file holds the events and the live state after every
// frame, then finish()'s events, the reps (with their evidence), the timeline and the view.
// Numbers are written exactly: NaN, infinities and -0, which JSON would turn into null or 0,
// as strings.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [outDir, tree = '.'] = process.argv.slice(2);
if (outDir === undefined) {
  console.error('usage: analysers-outputs.mjs <out-dir> [<tree>]');
  process.exit(2);
}
const root = resolve(tree);
const sdk = await import(pathToFileURL(resolve(root, 'packages/pose-sdk/dist/index.js')).href);
const { builtinDefinitions } = await import(
  pathToFileURL(resolve(root, 'packages/definitions/dist/index.js')).href
);
const { parseTrace, sampleFrames } = await import('../dist/index.js');

const FIXTURES = new URL('../../../fixtures/', import.meta.url);
const TRACE_SETS = [
  ['traces/pushup', 'pushup'],
  ['traces/squat', 'squat'],
  ['traces-15fps/pushup', 'pushup'],
  ['traces-v1/pushup', 'pushup'],
];
const SAMPLED_FPS = 15;

function exactNumbers(_key, value) {
  if (typeof value !== 'number') return value;
  if (Number.isNaN(value) || !Number.isFinite(value)) return String(value);
  return Object.is(value, -0) ? '-0' : value;
}

function run(create, frames, withWorld) {
  const analyzer = create();
  const events = [];
  const states = [];
  for (const frame of frames) {
    const { timestampMs, landmarks } = frame;
    events.push(...analyzer.process(withWorld ? frame : { timestampMs, landmarks }));
    states.push(analyzer.state);
  }
  events.push(...analyzer.finish());
  return {
    events,
    states,
    reps: analyzer.reps,
    timeline: analyzer.timeline,
    view: analyzer.view,
  };
}

mkdirSync(outDir, { recursive: true });
let written = 0;
for (const [folder, exercise] of TRACE_SETS) {
  const dir = new URL(`${folder}/`, FIXTURES);
  const names = readdirSync(dir).filter((file) => file.endsWith('.ndjson'));
  for (const name of names.sort()) {
    const { header, frames } = parseTrace(readFileSync(new URL(name, dir), 'utf8'), name);
    const frameSize = { width: header.width, height: header.height };
    const analysers = {
      definition: () =>
        new sdk.DefinitionAnalyzer({ definition: builtinDefinitions[exercise], frameSize }),
      ...(exercise === 'pushup' ? { pushup: () => new sdk.PushupAnalyzer({ frameSize }) } : {}),
    };
    for (const [analyser, create] of Object.entries(analysers)) {
      for (const fps of ['every', SAMPLED_FPS]) {
        const input = fps === 'every' ? frames : sampleFrames(frames, fps);
        for (const world of ['world', 'noworld']) {
          const output = run(create, input, world === 'world');
          const file = `${folder.replace('/', '_')}__${name}__${analyser}__${fps}__${world}.json`;
          writeFileSync(join(outDir, file), JSON.stringify(output, exactNumbers));
          written++;
        }
      }
    }
  }
}
console.log(`${written} files in ${resolve(outDir)}`);
