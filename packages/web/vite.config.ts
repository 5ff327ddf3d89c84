import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const PACKAGE_DIR = path.dirname(fileURLToPath(import.meta.url));
const REPO_DIR = path.resolve(PACKAGE_DIR, '../..');
const require = createRequire(import.meta.url);

/** Files the app serves under fixed names, taken from the repository and npm packages at build
 * time instead of being committed twice. The names are referenced from index.html (preload) and
 * the landing page, so they are not hashed. */
const COPIED_ASSETS: Record<string, () => string> = {
  // Not under /media: the server routes that to uploaded recordings.
  // A real labelled push-up clip from the fixtures: 640x360, 9 s, no audio, 250 KB.
  'landing/background.mp4': () =>
    path.join(REPO_DIR, 'fixtures/videos/pushup/08-tank-top-side.mp4'),
  // Cinzel (SIL Open Font License), the brand typeface; the body uses the system font stack.
  'fonts/cinzel-latin-600.woff2': () =>
    require.resolve('@fontsource/cinzel/files/cinzel-latin-600-normal.woff2'),
};

const CONTENT_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.woff2': 'font/woff2',
};

function copiedAssets(): Plugin {
  return {
    name: 'reptemple-copied-assets',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const name = req.url?.split('?')[0]?.replace(/^\//, '') ?? '';
        const source = COPIED_ASSETS[name];
        if (!source) return next();
        res.setHeader(
          'content-type',
          CONTENT_TYPES[path.extname(name)] ?? 'application/octet-stream',
        );
        res.end(readFileSync(source()));
      });
    },
    generateBundle() {
      for (const [fileName, source] of Object.entries(COPIED_ASSETS)) {
        this.emitFile({ type: 'asset', fileName, source: readFileSync(source()) });
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
