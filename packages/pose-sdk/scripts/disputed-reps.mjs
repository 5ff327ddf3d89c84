// Lists every rep of the labelled push-up fixtures whose verdict differs from the labels, with the
// evidence that decided it, as Markdown lines for docs/benchmarks.md. A clip labelled with no
// invalid rep expects every rep valid; one whose reps are all invalid expects none valid; clip 25
// names its one invalid rep (the shallow half-dip at 25.0 s). Reps are matched to labelled
// bottoms as `reptemple regress` matches them (a bottom inside the rep's span).
// Usage: node scripts/disputed-reps.mjs [tracesDir] [pushup|definition]   (needs a built package)
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { builtinDefinitions } from '@reptemple/definitions';
import { analyseFrames, parseTrace } from '../dist/index.js';

const repo = resolve(import.meta.dirname, '../../..');
const tracesDir = process.argv[2] ?? join(repo, 'fixtures/traces');
const kind = process.argv[3] ?? 'pushup';
const choice =
  kind === 'pushup' ? { kind } : { kind: 'definition', definition: builtinDefinitions.pushup };
const labels = JSON.parse(readFileSync(join(repo, 'fixtures/videos/labels.json'), 'utf8'));
/** Labelled bottoms (s) of reps a person found invalid in clips that mix valid and invalid ones. */
const INVALID_BOTTOMS = { 'pushup/25-hoodie-skeleton-overlay-variations.mp4': [25.0] };

const s = (ms) => (ms / 1000).toFixed(2);
function describe(check) {
  if (check === null) return 'no check';
  const unit =
    check.rule === 'bodyLine' ? '%' : ['depth', 'lockout'].includes(check.rule) ? '°' : '';
  const relation = check.passed
    ? check.bound === 'min'
      ? '≥'
      : '≤'
    : check.bound === 'min'
      ? '<'
      : '>';
  const where = [
    check.side === null ? null : check.side === 'both' ? 'both arms' : `${check.side} side`,
    check.timeMs === null ? null : `at ${s(check.timeMs)} s`,
  ].filter(Boolean);
  return `${check.rule} ${check.measurement} ${check.value}${unit} ${relation} ${check.threshold}${unit}${where.length ? ` (${where.join(', ')})` : ''}`;
}

for (const label of labels.filter((entry) => entry.exercise === 'pushup')) {
  const file = join(tracesDir, label.file.replace(/\.mp4$/, '.ndjson'));
  const { header, frames } = parseTrace(readFileSync(file, 'utf8'));
  const result = analyseFrames(frames, choice, {
    frameSize: { width: header.width, height: header.height },
  });
  const invalidBottoms = INVALID_BOTTOMS[label.file] ?? [];
  for (const rep of result.reps) {
    const bottom = label.rep_bottoms_s.find(
      (b) => b * 1000 >= rep.startTime && b * 1000 <= rep.endTime,
    );
    let expectedValid;
    if (label.invalid_reps_observed === 0) expectedValid = true;
    else if (label.invalid_reps_observed === label.reps) expectedValid = false;
    else if (bottom !== undefined) expectedValid = !invalidBottoms.includes(bottom);
    else continue; // a rep the labels do not have: counted in the totals, not judged here
    if (expectedValid === rep.isValidRep) continue;
    const evidence = rep.evidence;
    console.log(
      `- ${label.file.slice(7, 9)} rep ${rep.repNumber} (${s(rep.startTime)}-${s(rep.endTime)} s, ${evidence.view ?? 'no view'}): ` +
        `${rep.isValidRep ? 'valid' : rep.invalidReason}; labelled ${expectedValid ? 'valid' : 'invalid'}. ` +
        `Deciding: ${describe(evidence.deciding)}; confidence ${evidence.confidence}.`,
    );
  }
}
