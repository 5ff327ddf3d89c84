// Builds the page headless Chromium loads for pose inference: bundles src/inference-page
// (which imports the same src/browser code the web app uses) and copies tasks-vision's wasm runtime
// next to it, so the Node engine serves everything from loopback and nothing from a CDN.
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(packageRoot, 'dist', 'inference-page');
const require = createRequire(join(packageRoot, 'package.json'));
// tasks-vision's exports map hides package.json; resolve its entry and walk up to the package root.
const tasksVisionRoot = dirname(require.resolve('@mediapipe/tasks-vision'));

mkdirSync(join(outDir, 'wasm'), { recursive: true });
for (const entry of ['page', 'frame-fetcher']) {
  await build({
    entryPoints: [join(packageRoot, `src/inference-page/${entry}.ts`)],
    outfile: join(outDir, `${entry}.js`),
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome110',
    sourcemap: true,
    logLevel: 'warning',
  });
}
copyFileSync(join(packageRoot, 'src/inference-page/index.html'), join(outDir, 'index.html'));
for (const file of [
  'vision_wasm_internal.js',
  'vision_wasm_internal.wasm',
  'vision_wasm_nosimd_internal.js',
  'vision_wasm_nosimd_internal.wasm',
]) {
  copyFileSync(join(tasksVisionRoot, 'wasm', file), join(outDir, 'wasm', file));
}
console.log(`inference page built in ${outDir}`);
