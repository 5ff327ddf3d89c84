// Dumps raw BlazePose landmarks (full model, every frame) of the fixture videos as JSON, for tuning
// the analysers offline. Usage: node scripts/dump-raw-landmarks.mjs [videosDir] [outDir] [workers]
// Needs a built package (pnpm --filter @reptemple/pose-sdk build).
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { createPoseEngine } from '../dist/node/index.js';

const videosDir = process.argv[2] ?? '/work/shared/fixtures/videos';
const outDir = process.argv[3] ?? '/tmp/raw-landmarks';
const workers = Number(process.argv[4] ?? 2);
const exercises = ['pushup', 'squat'];

const jobs = exercises.flatMap((exercise) =>
  readdirSync(join(videosDir, exercise))
    .filter((name) => name.endsWith('.mp4'))
    .sort()
    .map((name) => ({ exercise, path: join(videosDir, exercise, name) })),
);
// Longest first, so the two workers finish together.
const { statSync } = await import('node:fs');
jobs.sort((a, b) => statSync(b.path).size - statSync(a.path).size);

const asRows = (landmarks) => landmarks.map((l) => [l.x, l.y, l.z, l.visibility]);
const engine = await createPoseEngine({ model: 'full', workers });
const startedAt = performance.now();
try {
  await Promise.all(
    jobs.map(async ({ exercise, path }) => {
      const result = await engine.extract(path);
      mkdirSync(join(outDir, exercise), { recursive: true });
      const out = join(outDir, exercise, `${basename(path, '.mp4')}.json`);
      writeFileSync(
        out,
        JSON.stringify({
          file: relative(videosDir, path),
          width: result.video.width,
          height: result.video.height,
          fps: result.video.fps,
          model: result.model,
          frames: result.frames.map((f) => ({
            t: f.timestampMs,
            lm: asRows(f.landmarks),
            wl: asRows(f.worldLandmarks),
          })),
        }),
      );
      const t = result.timing;
      console.log(
        `${out}: ${t.frames} frames, ${t.inferencePerFrameMs.toFixed(1)} ms/frame inference, ` +
          `${t.wallPerFrameMs.toFixed(1)} ms/frame wall`,
      );
    }),
  );
  writeFileSync(join(outDir, 'DONE'), `${jobs.length} videos, ${new Date().toISOString()}\n`);
  console.log(
    `done: ${jobs.length} videos in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`,
  );
} finally {
  await engine.close();
}
