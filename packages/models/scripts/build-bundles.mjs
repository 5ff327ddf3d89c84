#!/usr/bin/env node
// @ts-check
/**
 * Writes dist/pose_landmarker_{lite,full,heavy}.task from the pinned @mediapipe/pose package and
 * checks each against bundles.manifest.json. A hash mismatch fails the build and writes nothing.
 *
 *   node scripts/build-bundles.mjs                    build and verify
 *   node scripts/build-bundles.mjs --update-manifest  build and record new hashes (review the diff!)
 *   --manifest <file> / --out-dir <dir>               other manifest / output folder (for tests)
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildPoseBundles,
  bundleFileName,
  MODEL_VARIANTS,
  POSE_PACKAGE,
  POSE_PACKAGE_VERSION,
  posePackageDir,
  readSourceModels,
  sha256,
} from './lib/pose-bundles.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
/** @param {string} flag */
const option = (flag) => {
  const i = process.argv.indexOf(flag);
  return i < 0 ? undefined : process.argv[i + 1];
};
const manifestPath = resolve(option('--manifest') ?? join(root, 'bundles.manifest.json'));
const distDir = resolve(option('--out-dir') ?? join(root, 'dist'));
const update = process.argv.includes('--update-manifest');

const started = Date.now();
const bundles = buildPoseBundles(readSourceModels(posePackageDir()));
const built = Object.fromEntries(
  MODEL_VARIANTS.map((v) => [
    v,
    { file: bundleFileName(v), bytes: bundles[v].length, sha256: sha256(bundles[v]) },
  ]),
);

const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
if (update) {
  manifest.source = { package: POSE_PACKAGE, version: POSE_PACKAGE_VERSION };
  manifest.bundles = built;
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`models: recorded new hashes in ${manifestPath}`);
} else {
  const problems = MODEL_VARIANTS.flatMap((v) => {
    const want = manifest.bundles?.[v];
    const got = built[v];
    return want?.sha256 === got?.sha256 && want?.bytes === got?.bytes && want?.file === got?.file
      ? []
      : [
          `  ${v}: built ${got?.bytes} bytes sha256 ${got?.sha256}, manifest says ${want?.bytes} bytes sha256 ${want?.sha256}`,
        ];
  });
  if (problems.length > 0) {
    console.error(
      [
        'models: BUILD FAILED: the bundles differ from bundles.manifest.json; nothing was written.',
        ...problems,
        `Check the pinned ${POSE_PACKAGE}@${POSE_PACKAGE_VERSION} install and the build scripts. If the`,
        'change is intended, run `pnpm --filter @reptemple/models build:update-manifest` and review it.',
      ].join('\n'),
    );
    process.exit(1);
  }
}

mkdirSync(distDir, { recursive: true });
for (const v of MODEL_VARIANTS) {
  const target = join(distDir, bundleFileName(v));
  writeFileSync(`${target}.tmp`, bundles[v]);
  renameSync(`${target}.tmp`, target);
  console.log(
    `models: ${bundleFileName(v)}  ${bundles[v].length} bytes  sha256 ${built[v]?.sha256}`,
  );
}
console.log(
  `models: built and verified ${MODEL_VARIANTS.length} bundles in ${Date.now() - started} ms`,
);
