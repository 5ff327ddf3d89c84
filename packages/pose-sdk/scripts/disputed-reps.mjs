// Lists every labelled push-up rep whose verdict differs from the judges' (by the rubric:
// fixtures/videos/rep-verdicts.json), with the evidence that decided it, as Markdown lines for
// docs/benchmarks.md; a labelled rep no counted rep holds is listed as not counted, and a counted
// rep no label matches as extra. Reps are matched to labelled bottoms as `reptemple regress`
// matches them (a bottom inside the rep's span).
// Usage: node scripts/disputed-reps.mjs [tracesDir] [pushup|definition] [fps] [model]
//   (needs a built package; fps samples the trace as --fps does)
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { builtinDefinitions } from '@reptemple/definitions';
import { analyseFrames, parseTrace, sampleFrames } from '../dist/index.js';

const repo = resolve(import.meta.dirname, '../../..');
const tracesDir = process.argv[2] ?? join(repo, 'fixtures/traces');
const kind = process.argv[3] ?? 'pushup';
const fps = Number(process.argv[4] ?? 0);
const model = process.argv[5] ?? 'full';
const choice =
  kind === 'pushup' ? { kind } : { kind: 'definition', definition: builtinDefinitions.pushup };
const verdicts = JSON.parse(
  readFileSync(join(repo, 'fixtures/videos/rep-verdicts.json'), 'utf8'),
).reps;

const s = (ms) => (ms / 1000).toFixed(2);
const UNITS = { bodyLine: '%', hipSag: '%', hipPike: '%', worm: '%', visibility: '' };
export function describe(check) {
  if (check === null || check === undefined) return 'no check';
  const unit = UNITS[check.rule] ?? (check.measurement === 'count' ? '' : '°');
  const relation = check.passed
    ? check.bound === 'min'
      ? '≥'
      : '≤'
    : check.bound === 'min'
      ? '<'
      : '>';
  const reading = check.raw === undefined ? '' : ` (read ${check.raw}${unit})`;
  const where = [
    check.side === null ? null : check.side === 'both' ? 'both arms' : `${check.side} side`,
    check.timeMs === null ? null : `at ${s(check.timeMs)} s`,
  ].filter(Boolean);
  return `${check.rule} ${check.measurement} ${check.value}${unit}${reading} ${relation} ${check.threshold}${unit}${where.length ? ` (${where.join(', ')})` : ''}`;
}

for (const file of [...new Set(verdicts.map((verdict) => verdict.file))]) {
  const path = join(tracesDir, file.replace(/\.mp4$/, '.ndjson'));
  const { header, frames } = parseTrace(readFileSync(path, 'utf8'));
  const result = analyseFrames(fps ? sampleFrames(frames, fps) : frames, choice, {
    frameSize: { width: header.width, height: header.height },
    model,
  });
  const matched = new Set();
  for (const verdict of verdicts.filter((entry) => entry.file === file)) {
    const bottom = verdict.bottom_s * 1000;
    const rep = result.reps.find(
      (candidate) =>
        !matched.has(candidate) && candidate.startTime <= bottom && bottom <= candidate.endTime,
    );
    const labelled = `labelled ${verdict.verdict}${verdict.reasons.length ? ` (${verdict.reasons.join(', ')})` : ''}${verdict.confidence === 'borderline' ? ', borderline' : ''}`;
    if (!rep) {
      console.log(
        `- ${file.slice(7, 9)} rep ${verdict.rep} (bottom ${verdict.bottom_s} s): not counted; ${labelled}.`,
      );
      continue;
    }
    matched.add(rep);
    if ((verdict.verdict === 'valid') === rep.isValidRep) continue;
    const evidence = rep.evidence;
    console.log(
      `- ${file.slice(7, 9)} rep ${verdict.rep} (${s(rep.startTime)}-${s(rep.endTime)} s, ${evidence?.view ?? 'no view'}): ` +
        `${rep.isValidRep ? 'valid' : rep.invalidReason}; ${labelled}. ` +
        `Deciding: ${describe(evidence?.deciding)}; confidence ${evidence?.confidence}.`,
    );
  }
  for (const rep of result.reps.filter((candidate) => !matched.has(candidate))) {
    console.log(
      `- ${file.slice(7, 9)} extra rep ${rep.repNumber} (${s(rep.startTime)}-${s(rep.endTime)} s): ${rep.isValidRep ? 'valid' : rep.invalidReason}; no labelled bottom in it.`,
    );
  }
}
