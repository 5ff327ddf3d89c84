// The server's verified counts against every frame (issue 24), on the fixture videos, both
// analysers, and what the verification costs. Run through the sampling study:
//   pnpm --filter @reptemple/verifier bench -- --verify [--only 06,09] [--cache-dir DIR]
// For each video:
//  - every frame: the engine's extraction of every frame (full model), through the CLI's trace
//    cache (`reptemple extract`, so a second run reads them back), analysed as verification does;
//  - the server's settings, in one verifyVideo call as the worker makes it (full model, push-ups
//    at 12 frames/s then refined, contact sheets drawn): the sampled pass's own counts (today's
//    server) and the refined ones, the inference of the sampled pass and of the refinement, and
//    the wall time. The definition analyser verifies every frame: its server counts are those of
//    the every-frame extraction (the same engine and code, deterministic).
// Prints one line per video and analyser, then the totals. Needs a build (`pnpm build`).

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { builtinDefinitions } from '@reptemple/definitions';
import { parseTrace } from '@reptemple/pose-sdk';
import { createPoseEngine } from '@reptemple/pose-sdk/node';
import { analyseRecording, verifyVideo } from '../dist/index.js';

/**
 * @param {{ repo: string, labels: { file: string, exercise: string }[], only?: string[], cacheDir?: string }} options
 */
export async function verifiedVsEveryFrame({ repo, labels, only, cacheDir }) {
  const chosen = labels.filter(
    (label) => !only || only.some((prefix) => path.basename(label.file).startsWith(prefix)),
  );
  const traces = mkdtempSync(path.join(tmpdir(), 'reptemple-every-frame-'));
  const cli = path.join(repo, 'packages/cli/dist/bin.js');
  const videos = chosen.map((label) => path.join(repo, 'fixtures/videos', label.file));
  console.log(
    `every frame: extracting ${videos.length} videos (trace cache ${cacheDir ?? 'default'})`,
  );
  execFileSync(
    process.execPath,
    [cli, 'extract', ...videos, '--out', traces, '--jobs', '1', '--model', 'full'].concat(
      cacheDir ? ['--cache-dir', cacheDir] : [],
    ),
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const engine = await createPoseEngine({ model: 'full' });
  const rows = [];
  try {
    for (const label of chosen) {
      const name = path.basename(label.file).replace(/\.\w+$/, '');
      const trace = parseTrace(readFileSync(path.join(traces, `${name}.ndjson`), 'utf8'));
      const frameSize = { width: trace.header.width, height: trace.header.height };
      const file = path.join(repo, 'fixtures/videos', label.file);
      const choices =
        label.exercise === 'pushup'
          ? [
              ['push-up', { kind: 'pushup' }],
              ['definition', { kind: 'definition', definition: builtinDefinitions.pushup }],
            ]
          : [
              [
                'definition',
                { kind: 'definition', definition: builtinDefinitions[label.exercise] },
              ],
            ];
      for (const [analyser, choice] of choices) {
        const every = analyseRecording(trace.frames, choice, frameSize, () => true);
        const row = { video: label.file, analyser, every, before: every, after: every, cost: null };
        if (choice.kind === 'pushup') {
          const verification = await verifyVideo(engine, file, { choice });
          const { timing, refinement } = verification;
          const sampledInference = timing.inferenceMs - timing.refinementInferenceMs;
          row.before = refinement?.sampled ?? verification.analysis;
          row.after = verification.analysis;
          row.cost = {
            sampledFrames: timing.frames,
            refinementFrames: timing.refinementFrames,
            windows: refinement?.windows.length ?? 0,
            sampledInference,
            refinementInference: timing.refinementInferenceMs,
            wall: timing.wallMs,
          };
        }
        rows.push(row);
        printRow(row);
      }
    }
  } finally {
    await engine.close();
    rmSync(traces, { recursive: true, force: true });
  }
  printSummary(rows);
}

const counts = (analysis) => `${analysis.validReps}/${analysis.validReps + analysis.invalidReps}`;
const sameValid = (a, b) => a.validReps === b.validReps;
const sameTotal = (a, b) => a.validReps + a.invalidReps === b.validReps + b.invalidReps;

function printRow(row) {
  const mark = (analysis) =>
    `${counts(analysis)}${sameValid(analysis, row.every) ? '' : ' *'}`.padEnd(8);
  const cost = row.cost
    ? `${String(row.cost.sampledFrames).padStart(5)} ${String(row.cost.refinementFrames).padStart(4)} ${String(row.cost.windows).padStart(4)}  ${(row.cost.sampledInference / 1000).toFixed(1).padStart(6)} ${(row.cost.refinementInference / 1000).toFixed(1).padStart(5)}  ${((row.cost.sampledInference + row.cost.refinementInference) / row.cost.sampledInference).toFixed(3)}  ${(row.cost.wall / row.cost.sampledInference).toFixed(3)}`
    : '  (every frame: verified = every frame)';
  console.log(
    `${row.video.padEnd(48)} ${row.analyser.padEnd(11)} ${counts(row.every).padEnd(7)} ${mark(row.before)} ${mark(row.after)} ${cost}`,
  );
}

function printSummary(rows) {
  console.log(
    '\nvalid/total at every frame, at the server before (12 frames/s) and after (refined); * valid differs from every frame',
  );
  console.log(
    'cost columns: sampled frames, refinement frames (warm-up included), windows, inference s (sampled, refinement), inference ratio, wall / sampled inference',
  );
  for (const analyser of ['push-up', 'definition']) {
    const of = rows.filter((row) => row.analyser === analyser);
    if (of.length === 0) continue;
    const tally = (key, same) => of.filter((row) => same(row[key], row.every)).length;
    console.log(
      `${analyser}: valid equal to every frame before ${tally('before', sameValid)}/${of.length}, after ${tally('after', sameValid)}/${of.length}; totals equal before ${tally('before', sameTotal)}/${of.length}, after ${tally('after', sameTotal)}/${of.length}`,
    );
  }
  const costed = rows.filter((row) => row.cost);
  if (costed.length > 0) {
    const sum = (key) => costed.reduce((total, row) => total + row.cost[key], 0);
    const ratios = costed.map(
      (row) =>
        (row.cost.sampledInference + row.cost.refinementInference) / row.cost.sampledInference,
    );
    console.log(
      `cost: inference ${((sum('sampledInference') + sum('refinementInference')) / sum('sampledInference')).toFixed(3)}x the 12 frames/s pass overall (per video ${Math.min(...ratios).toFixed(3)}-${Math.max(...ratios).toFixed(3)}), wall ${(sum('wall') / sum('sampledInference')).toFixed(3)}x its inference; frames ${sum('refinementFrames')} refined / ${sum('sampledFrames')} sampled`,
    );
  }
}
