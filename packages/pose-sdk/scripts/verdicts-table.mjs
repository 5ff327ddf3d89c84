// Per video, the valid reps each analyser credits against the judges' per-rep verdicts
// (fixtures/videos/rep-verdicts.json), for docs/benchmarks.md: a Markdown table (one column per
// run given as dir[@fps][:model]) and the summary lines.
// Usage: node scripts/verdicts-table.mjs pushup fixtures/traces fixtures/traces@12 ...
//        node scripts/verdicts-table.mjs definition fixtures/traces ...
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { builtinDefinitions } from '@reptemple/definitions';
import { analyseFrames, parseTrace, sampleFrames } from '../dist/index.js';

const repo = resolve(import.meta.dirname, '../../..');
const [kind = 'pushup', ...runs] = process.argv.slice(2);
const choice =
  kind === 'pushup' ? { kind } : { kind: 'definition', definition: builtinDefinitions.pushup };
const verdicts = JSON.parse(
  readFileSync(join(repo, 'fixtures/videos/rep-verdicts.json'), 'utf8'),
).reps;
const labels = JSON.parse(readFileSync(join(repo, 'fixtures/videos/labels.json'), 'utf8')).filter(
  (label) => label.exercise === 'pushup',
);

function score(dir, fps, model) {
  const perVideo = [];
  let agreed = 0;
  let judged = 0;
  for (const label of labels) {
    const { header, frames } = parseTrace(
      readFileSync(resolve(repo, dir, label.file.replace(/\.mp4$/, '.ndjson')), 'utf8'),
    );
    const { reps } = analyseFrames(fps ? sampleFrames(frames, fps) : frames, choice, {
      frameSize: { width: header.width, height: header.height },
      model,
    });
    const mine = verdicts.filter((verdict) => verdict.file === label.file);
    const matched = new Set();
    let agree = 0;
    for (const verdict of mine) {
      const bottom = verdict.bottom_s * 1000;
      const rep = reps.find(
        (candidate) =>
          !matched.has(candidate) && candidate.startTime <= bottom && bottom <= candidate.endTime,
      );
      if (!rep) continue;
      matched.add(rep);
      if (rep.isValidRep === (verdict.verdict === 'valid')) agree++;
    }
    const labelledValid = mine.filter((verdict) => verdict.verdict === 'valid').length;
    const valid = reps.filter((rep) => rep.isValidRep).length;
    agreed += agree;
    judged += mine.length + reps.length - matched.size;
    perVideo.push({
      file: label.file,
      total: reps.length,
      labelTotal: label.reps,
      valid,
      labelledValid,
      agree,
      judged: mine.length + reps.length - matched.size,
    });
  }
  const n = perVideo.length;
  const count = (test) => perVideo.filter(test).length;
  return {
    perVideo,
    summary: `per-rep agreement ${(agreed / judged).toFixed(3)} (${agreed}/${judged}); valid exact ${count((v) => v.valid === v.labelledValid)}/${n}, within one ${count((v) => Math.abs(v.valid - v.labelledValid) <= 1)}/${n}, no over-credit ${count((v) => v.valid <= v.labelledValid)}/${n}, totals exact ${count((v) => v.total === v.labelTotal)}/${n}, within one ${count((v) => Math.abs(v.total - v.labelTotal) <= 1)}/${n}`,
  };
}

const results = runs.map((run) => {
  const [path, model = 'full'] = run.split(':');
  const [dir, fps] = path.split('@');
  return { run, ...score(dir, Number(fps ?? 0), model) };
});
console.log(`| video | label total (valid) | ${results.map((r) => r.run).join(' | ')} |`);
console.log(`| --- | --- | ${results.map(() => '---').join(' | ')} |`);
for (const [i, label] of labels.entries()) {
  const labelledValid = results[0].perVideo[i].labelledValid;
  const cells = results.map(({ perVideo }) => {
    const v = perVideo[i];
    const total =
      v.total === v.labelTotal
        ? `${v.total}`
        : `${v.total} (${v.total > v.labelTotal ? '+' : ''}${v.total - v.labelTotal})`;
    const valid = v.valid > v.labelledValid ? `**${v.valid} over**` : `${v.valid}`;
    return `${total} (${valid}) ${v.agree}/${v.judged}`;
  });
  console.log(
    `| ${label.file.slice(7)} | ${label.reps} (${labelledValid}) | ${cells.join(' | ')} |`,
  );
}
for (const r of results) console.log(`- ${kind}, ${r.run}: ${r.summary}`);
