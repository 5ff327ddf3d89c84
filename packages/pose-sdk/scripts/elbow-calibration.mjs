// The elbow calibration's evidence (docs/decisions.md, "Verdicts a judge would sign"): for each
// labelled push-up rep, the reading of the top it returned to (the judged elbow: the near arm from
// the side, both arms obliquely and from the front, before calibration), grouped by the camera view
// and by the judges' verdict on its lockout (fixtures/videos/rep-verdicts.json). Prints, per view,
// the highest reading of a top judged short of lockout and the lowest of a top judged straight:
// STRAIGHT_ARM_READING is set midway.
// Usage: node scripts/elbow-calibration.mjs [tracesDir] [model]   (needs a built package)
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { analyseFrames, parseTrace } from '../dist/index.js';

const repo = resolve(import.meta.dirname, '../../..');
const tracesDir = process.argv[2] ?? join(repo, 'fixtures/traces');
const model = process.argv[3] ?? 'full';
const verdicts = JSON.parse(
  readFileSync(join(repo, 'fixtures/videos/rep-verdicts.json'), 'utf8'),
).reps;
// Every rule before lockout passes, so each rep's lockout is measured.
const config = {
  minAlignmentScore: 0,
  maxHipSag: 1e3,
  maxWormRise: 1e3,
  maxHipPike: 1e3,
  minKneeAngle: 0,
  maxElbowAngleForDown: 180,
  maxUpperArmElevation: 90,
};
const byView = {};
for (const file of [...new Set(verdicts.map((verdict) => verdict.file))]) {
  const name = file
    .split('/')
    .pop()
    .replace(/\.mp4$/, '.ndjson');
  const path = [join(tracesDir, 'pushup', name), join(tracesDir, name)].find((candidate) => {
    try {
      readFileSync(candidate);
      return true;
    } catch {
      return false;
    }
  });
  if (!path) continue;
  const { header, frames } = parseTrace(readFileSync(path, 'utf8'));
  const { reps } = analyseFrames(
    frames,
    { kind: 'pushup', config },
    {
      frameSize: { width: header.width, height: header.height },
      model,
    },
  );
  for (const verdict of verdicts.filter((entry) => entry.file === file)) {
    const bottom = verdict.bottom_s * 1000;
    const rep = reps.find(
      (candidate) => candidate.startTime <= bottom && bottom <= candidate.endTime,
    );
    const lockout = rep?.evidence?.checks.find((check) => check.rule === 'lockout');
    if (!lockout || lockout.raw === undefined) continue;
    const short = verdict.reasons.includes('lockout');
    // Straight tops: reps judged valid (a rep invalid for another reason may not show its top).
    if (!short && verdict.verdict !== 'valid') continue;
    const view = rep.evidence.view;
    byView[view] ??= { short: [], straight: [] };
    byView[view][short ? 'short' : 'straight'].push({
      raw: lockout.raw,
      rep: `${file.slice(7, 9)}/${verdict.rep}`,
    });
  }
}
for (const [view, { short, straight }] of Object.entries(byView)) {
  const none = { raw: Number.NaN, rep: '-' };
  const highestShort = short.reduce((a, b) => (b.raw > a.raw ? b : a), short[0] ?? none);
  const lowestStraight = straight.reduce((a, b) => (b.raw < a.raw ? b : a), straight[0] ?? none);
  console.log(
    `${model} ${view}: ${straight.length} straight tops, lowest ${lowestStraight.raw} (${lowestStraight.rep}); ` +
      `${short.length} short of lockout, highest ${highestShort.raw} (${highestShort.rep}); ` +
      `midway ${((highestShort.raw + lowestStraight.raw) / 2).toFixed(1)}`,
  );
}
