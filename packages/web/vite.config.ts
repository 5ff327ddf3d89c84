import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { modelFileName, WASM_FILES } from '@reptemple/pose-sdk/browser';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import {
  POSE_MODEL_BASE_URL,
  POSE_WASM_BASE_URL,
  SAMPLE_VIDEO_BASE_URL,
  SAMPLE_VIDEO_FOLDERS,
  SAMPLE_VIDEO_INDEX_URL,
  SERVED_POSE_MODELS,
  TASKS_VISION_VERSION,
} from './src/features/analysis/constants';
import { type SampleVideo, sampleVideoName } from './src/features/analysis/sample-videos';

const PACKAGE_DIR = path.dirname(fileURLToPath(import.meta.url));
const REPO_DIR = path.resolve(PACKAGE_DIR, '../..');
const FIXTURE_VIDEOS_DIR = path.join(REPO_DIR, 'fixtures/videos');
const require = createRequire(import.meta.url);

/** Files the app serves under fixed names, taken from the repository and npm packages at build
 * time instead of being committed twice. The names are referenced from index.html (preload),
 * the landing page and the analysis screen (src/features/analysis/constants.ts), so they are not hashed. */
const COPIED_ASSETS: Record<string, () => string> = {
  // Not under /media: the server routes that to uploaded recordings.
  // A real labelled push-up clip from the fixtures: 640x360, 9 s, no audio, 250 KB.
  'landing/background.mp4': () =>
    path.join(REPO_DIR, 'fixtures/videos/pushup/08-tank-top-side.mp4'),
  // Cinzel (SIL Open Font License), the brand typeface; the body uses the system font stack.
  'fonts/cinzel-latin-600.woff2': () =>
    require.resolve('@fontsource/cinzel/files/cinzel-latin-600-normal.woff2'),
  ...poseRuntimeAssets(),
  ...sampleVideoAssets(),
};

/** The pose model's files, served by the app itself (never a CDN): tasks-vision's wasm runtime
 * and the lite and full BlazePose bundles of @reptemple/models. */
function poseRuntimeAssets(): Record<string, () => string> {
  // The package's exports hide package.json; its main file sits in the package folder.
  const tasksVisionDir = path.dirname(require.resolve('@mediapipe/tasks-vision'));
  const installed = JSON.parse(readFileSync(path.join(tasksVisionDir, 'package.json'), 'utf8'))
    .version as string;
  if (installed !== TASKS_VISION_VERSION) {
    throw new Error(
      `src/features/analysis/constants.ts serves tasks-vision ${TASKS_VISION_VERSION} but ${installed} is ` +
        'installed: update TASKS_VISION_VERSION (the served path changes with it).',
    );
  }
  const assets: Record<string, () => string> = {};
  for (const file of WASM_FILES)
    assets[`${POSE_WASM_BASE_URL.slice(1)}/${file}`] = () =>
      path.join(tasksVisionDir, 'wasm', file);
  for (const model of SERVED_POSE_MODELS) {
    const file = modelFileName(model);
    assets[`${POSE_MODEL_BASE_URL.slice(1)}/${file}`] = () =>
      require.resolve(`@reptemple/models/${file}`);
  }
  return assets;
}

/** The labelled fixture clips as the sample videos of spec 01 §7 (/videos/pushups/...), plus the
 * squat clips under /videos/squats/. */
function sampleVideoAssets(): Record<string, () => string> {
  const assets: Record<string, () => string> = {};
  for (const sample of sampleVideoIndex()) {
    const source = path.join(FIXTURE_VIDEOS_DIR, sample.fixture);
    assets[sample.url.slice(1)] = () => source;
  }
  return assets;
}

/** The dropdown's list, from fixtures/videos/labels.json (file, exercise, view, size, length). */
function sampleVideoIndex(): (SampleVideo & { fixture: string })[] {
  const labels = JSON.parse(readFileSync(path.join(FIXTURE_VIDEOS_DIR, 'labels.json'), 'utf8')) as {
    file: string;
    exercise: keyof typeof SAMPLE_VIDEO_FOLDERS;
    view: string;
    duration_s: number;
    width: number;
    height: number;
  }[];
  return labels
    .filter((label) => label.exercise in SAMPLE_VIDEO_FOLDERS)
    .map((label) => {
      const file = path.basename(label.file);
      return {
        fixture: label.file,
        url: `${SAMPLE_VIDEO_BASE_URL}/${SAMPLE_VIDEO_FOLDERS[label.exercise]}/${file}`,
        name: sampleVideoName(file),
        exercise: label.exercise,
        view: label.view,
        durationS: label.duration_s,
        width: label.width,
        height: label.height,
      };
    });
}

/** Generated files: served from memory in dev, emitted into the build. */
const GENERATED_ASSETS: Record<string, () => string> = {
  [SAMPLE_VIDEO_INDEX_URL.slice(1)]: () =>
    JSON.stringify(sampleVideoIndex().map(({ fixture: _fixture, ...sample }) => sample)),
};

const CONTENT_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
};

function copiedAssets(): Plugin {
  return {
    name: 'reptemple-copied-assets',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const name = decodeURIComponent(req.url?.split('?')[0]?.replace(/^\//, '') ?? '');
        const source = COPIED_ASSETS[name];
        const generated = GENERATED_ASSETS[name];
        if (!source && !generated) return next();
        res.setHeader(
          'content-type',
          CONTENT_TYPES[path.extname(name)] ?? 'application/octet-stream',
        );
        res.end(source ? readFileSync(source()) : generated?.());
      });
    },
    generateBundle() {
      for (const [fileName, source] of Object.entries(COPIED_ASSETS)) {
        this.emitFile({ type: 'asset', fileName, source: readFileSync(source()) });
      }
      for (const [fileName, generate] of Object.entries(GENERATED_ASSETS)) {
        this.emitFile({ type: 'asset', fileName, source: generate() });
      }
    },
  };
}

/** Starts the /api/config request while the scripts load, unless the build names a hosted project
 * (then the app reads VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY and never asks). */
function configPreload(): Plugin {
  const hosted = Boolean(process.env.VITE_SUPABASE_URL && process.env.VITE_SUPABASE_ANON_KEY);
  return {
    name: 'reptemple-config-preload',
    transformIndexHtml(html) {
      if (hosted) return html;
      return html.replace(
        '</title>',
        '</title>\n    <link rel="preload" href="/api/config" as="fetch" crossorigin="use-credentials" />',
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), copiedAssets(), configPreload()],
  server: {
    // `pnpm dev` talks to a running local stack (`pnpm serve`) through these proxies.
    proxy: {
      '/api': 'http://127.0.0.1:54321',
      '/auth/v1': 'http://127.0.0.1:54321',
      '/rest/v1': 'http://127.0.0.1:54321',
      '/media': 'http://127.0.0.1:54321',
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    rollupOptions: {
      output: {
        // Libraries every route needs stay together, so a route chunk holds only its own code.
        manualChunks: {
          react: ['react', 'react-dom', 'react-router'],
          supabase: ['@supabase/supabase-js'],
        },
      },
    },
  },
});
