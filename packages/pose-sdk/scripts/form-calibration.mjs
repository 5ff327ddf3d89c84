// The study behind "no lite calibration of the worm or of visibility" (docs/decisions.md, "The
// live count and the verified one measure the same"; figures in docs/benchmarks.md): each
// labelled push-up rep (fixtures/videos/rep-verdicts.json) measured on the same frames by the full
// model (fixtures/traces) and the lite model (fixtures/traces-lite), every rule loosened so that
// each rep's worm is measured. Prints the lite-minus-full difference of the worm on side-view reps
// (where the worm is judged), overall, near its threshold and per clip, the readings on either
// side of the labels, and each model's visibility shares below 0.95.
// With --pair, the worm of every rep of one trace against the rep of another at the same time
// (two models, or two frame rates, of one video): the mean difference and its spread.
// Usage: node scripts/form-calibration.mjs [fullTraces] [liteTraces]   (needs a built package)
//        node scripts/form-calibration.mjs --pair a.ndjson:lite b.ndjson:full@12
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { analyseFrames, parseTrace, sampleFrames } from '../dist/index.js';

const repo = resolve(import.meta.dirname, '../../..');
const pairing = process.argv[2] === '--pair';
const fullDir = (!pairing && process.argv[2]) || join(repo, 'fixtures/traces');
const liteDir = (!pairing && process.argv[3]) || join(repo, 'fixtures/traces-lite');
const verdicts = JSON.parse(
  readFileSync(join(repo, 'fixtures/videos/rep-verdicts.json'), 'utf8'),
).reps;
const config = {
  minAlignmentScore: 0,
  maxHipSag: 1e3,
  maxWormRise: 1e3,
  maxHipPike: 1e3,
  minKneeAngle: 0,
  maxElbowAngleForDown: 180,
  maxUpperArmElevation: 90,
  minVisibleFrameShare: 0,
};

function reps(dir, file, model) {
  const name = file
    .split('/')
    .pop()
    .replace(/\.mp4$/, '.ndjson');
  const { header, frames } = parseTrace(readFileSync(join(dir, 'pushup', name), 'utf8'));
  return analyseFrames(
    frames,
    { kind: 'pushup', config },
    { frameSize: { width: header.width, height: header.height }, model },
  ).reps;
}

/** The rep holding the labelled bottom, with its checks by rule. */
function measured(counted, bottomS) {
  const bottom = bottomS * 1000;
  const rep = counted.find(
    (candidate) => candidate.startTime <= bottom && bottom <= candidate.endTime,
  );
  if (!rep) return null;
  const value = (rule) => rep.evidence.checks.find((check) => check.rule === rule)?.value;
  return { view: rep.evidence.view, worm: value('worm'), visibility: value('visibility') };
}

const stats = (values) => {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / (values.length - 1));
  return `mean ${mean.toFixed(2)} (sd ${sd.toFixed(2)}, n ${values.length})`;
};

if (pairing) {
  const [a, b] = process.argv.slice(3).map((arg) => {
    const [path, run = 'full'] = arg.split(':');
    const [model, fps] = run.split('@');
    const { header, frames } = parseTrace(readFileSync(path, 'utf8'));
    return analyseFrames(
      fps ? sampleFrames(frames, Number(fps)) : frames,
      { kind: 'pushup', config },
      { frameSize: { width: header.width, height: header.height }, model },
    ).reps;
  });
  const worm = (rep) => rep?.evidence?.checks.find((check) => check.rule === 'worm')?.value;
  const diffs = [];
  for (const rep of a) {
    const middle = (rep.startTime + rep.endTime) / 2;
    const other = b.find(
      (candidate) => candidate.startTime <= middle && middle <= candidate.endTime,
    );
    if (worm(rep) !== undefined && worm(other) !== undefined) diffs.push(worm(rep) - worm(other));
  }
  console.log(`worm, first - second: ${stats(diffs)}`);
  process.exit(0);
}

const pairs = [];
for (const file of [...new Set(verdicts.map((verdict) => verdict.file))]) {
  const full = reps(fullDir, file, 'full');
  const lite = reps(liteDir, file, 'lite');
  for (const verdict of verdicts.filter((entry) => entry.file === file)) {
    pairs.push({
      rep: `${file.slice(7, 9)}/${verdict.rep}`,
      worm: verdict.reasons.includes('worm'),
      full: measured(full, verdict.bottom_s),
      lite: measured(lite, verdict.bottom_s),
    });
  }
}

const side = pairs.filter(
  (pair) =>
    pair.full?.view === 'side' && pair.full.worm !== undefined && pair.lite?.worm !== undefined,
);
console.log(`worm, lite - full, side view: ${stats(side.map((p) => p.lite.worm - p.full.worm))}`);
const near = side.filter((pair) => pair.full.worm >= 2.5 && pair.full.worm <= 5);
console.log(
  `  near the threshold (full 2.5-5%): ${stats(near.map((p) => p.lite.worm - p.full.worm))}`,
);
const clips = [...new Set(side.map((pair) => pair.rep.split('/')[0]))];
console.log(
  `  per clip: ${clips
    .map((clip) => {
      const diffs = side
        .filter((pair) => pair.rep.startsWith(`${clip}/`))
        .map((p) => p.lite.worm - p.full.worm);
      return `${clip} ${(diffs.reduce((a, b) => a + b, 0) / diffs.length).toFixed(2)} (${diffs.length})`;
    })
    .join(', ')}`,
);
for (const model of ['full', 'lite']) {
  const labelled = side.filter((pair) => pair.worm).sort((a, b) => a[model].worm - b[model].worm);
  const others = side.filter((pair) => !pair.worm).sort((a, b) => b[model].worm - a[model].worm);
  const show = (list) =>
    list
      .slice(0, 3)
      .map((p) => `${p[model].worm} (${p.rep})`)
      .join(', ');
  console.log(
    `  ${model}: labelled worm, lowest ${show(labelled)}; not worm, highest ${show(others)}`,
  );
}
for (const model of ['full', 'lite']) {
  const low = pairs.filter((pair) => pair[model] && pair[model].visibility < 0.95);
  console.log(
    `visibility below 0.95, ${model}: ${low.map((p) => `${p.rep} ${p[model].visibility}`).join(', ') || 'none'}`,
  );
}
