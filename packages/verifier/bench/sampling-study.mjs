// The sampling-rate study behind PUSHUP_VERIFICATION_FPS (issue 18 "Speed"): every labelled clip's
// landmark trace (fixtures/traces, full rate) replayed at lower rates through the SDK's frame path,
// counted against the hand counts, per analyser. Prints one line per analyser and rate: exact
// counts, within one rep, mean error, and clips whose count equals the full-rate count.
//   node bench/sampling-study.mjs [--rates 30,15,12,10,8]
// With --videos, also extracts every push-up clip with the lite model at full rate and at the
// verification rate (headless Chromium; minutes) and compares the two counts clip by clip.
// With --verify [--only 06,09] [--cache-dir DIR], compares the server's verified counts (12 frames/s
// refined, verified-vs-every-frame.mjs) with every frame on the videos, and what that costs (long:
// every frame of every fixture once, then cached).

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtinDefinitions } from '@reptemple/definitions';
import { analyseFrames, parseTrace, sampleFrames } from '@reptemple/pose-sdk';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const args = process.argv.slice(2);
const ratesArg = args.indexOf('--rates');
const rates = (ratesArg >= 0 ? args[ratesArg + 1] : 'full,15,12,10,8')
  .split(',')
  .map((rate) => (rate === 'full' ? undefined : Number(rate)));
const labels = JSON.parse(await readFile(path.join(repo, 'fixtures/videos/labels.json'), 'utf8'));

const choices = {
  'push-up analyser': (exercise) => (exercise === 'pushup' ? { kind: 'pushup' } : undefined),
  'definition analyser': (exercise) => ({
    kind: 'definition',
    definition: builtinDefinitions[exercise],
  }),
};

function count(trace, choice, fps) {
  const frames = fps === undefined ? trace.frames : sampleFrames(trace.frames, fps);
  const result = analyseFrames(frames, choice, {
    frameSize: { width: trace.header.width, height: trace.header.height },
  });
  return result.reps.length;
}

const traces = [];
for (const label of labels) {
  const file = path.join(repo, 'fixtures/traces', label.file.replace(/\.\w+$/, '.ndjson'));
  traces.push({ label, trace: parseTrace(await readFile(file, 'utf8'), file) });
}

console.log(
  'analyser              exercise  rate   clips  exact  within1  mean-error  same-as-full',
);
for (const [name, choiceFor] of Object.entries(choices)) {
  for (const exercise of ['pushup', 'squat']) {
    const clips = traces.filter(({ label }) => label.exercise === exercise && choiceFor(exercise));
    if (clips.length === 0) continue;
    const full = clips.map(({ label, trace }) =>
      count(trace, choiceFor(label.exercise), undefined),
    );
    for (const fps of rates) {
      const counts = clips.map(({ label, trace }) => count(trace, choiceFor(label.exercise), fps));
      const errors = counts.map((value, index) => Math.abs(value - clips[index].label.reps));
      const exact = errors.filter((error) => error === 0).length;
      const within = errors.filter((error) => error <= 1).length;
      const mean = errors.reduce((sum, error) => sum + error, 0) / errors.length;
      const same = counts.filter((value, index) => value === full[index]).length;
      console.log(
        `${name.padEnd(22)}${exercise.padEnd(10)}${String(fps ?? 'full').padEnd(7)}${String(clips.length).padEnd(7)}${String(exact).padEnd(7)}${String(within).padEnd(9)}${mean.toFixed(2).padEnd(12)}${same}`,
      );
    }
  }
}

if (args.includes('--videos')) {
  const { createPoseEngine } = await import('@reptemple/pose-sdk/node');
  const { PUSHUP_VERIFICATION_FPS } = await import('../dist/index.js');
  const engine = await createPoseEngine({ model: 'lite' });
  let same = 0;
  let exactFull = 0;
  let exactSampled = 0;
  const pushups = labels.filter((label) => label.exercise === 'pushup');
  try {
    for (const label of pushups) {
      const file = path.join(repo, 'fixtures/videos', label.file);
      const counts = [];
      for (const fps of [undefined, PUSHUP_VERIFICATION_FPS]) {
        const extraction = await engine.extract(file, fps === undefined ? {} : { fps });
        counts.push(
          analyseFrames(extraction.frames, { kind: 'pushup' }, { frameSize: extraction.frameSize })
            .reps.length,
        );
      }
      if (counts[0] === counts[1]) same++;
      if (counts[0] === label.reps) exactFull++;
      if (counts[1] === label.reps) exactSampled++;
      console.log(
        `${label.file.padEnd(50)} labelled ${label.reps}  lite full ${counts[0]}  lite ${PUSHUP_VERIFICATION_FPS} fps ${counts[1]}`,
      );
    }
  } finally {
    await engine.close();
  }
  console.log(
    `videos, lite model, push-up analyser: exact ${exactFull}/${pushups.length} at full rate, ${exactSampled}/${pushups.length} at ${PUSHUP_VERIFICATION_FPS} fps; same count on ${same}/${pushups.length}`,
  );
}

if (args.includes('--verify')) {
  const { verifiedVsEveryFrame } = await import('./verified-vs-every-frame.mjs');
  const value = (flag) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
  await verifiedVsEveryFrame({
    repo,
    labels,
    only: value('--only')?.split(','),
    cacheDir: value('--cache-dir'),
  });
}
