import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The layering is checked by the build, not only true today: `pnpm typecheck` compiles the pure
// layers without DOM or Node types (tsconfig.pure.json) and `biome check` forbids imports across
// layers (biome.json overrides). These tests prove both checks catch what they are meant to catch.

const packageRoot = resolve(import.meta.dirname, '..');
const repo = resolve(packageRoot, '../..');
const require = createRequire(join(repo, 'package.json'));
const work = mkdtempSync(join(tmpdir(), 'reptemple-layering-'));

afterAll(() => rmSync(work, { recursive: true, force: true }));

function write(file: string, text: string): string {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => join(dir, file));
}

describe('the pure layers compile without DOM or Node (tsconfig.pure.json)', () => {
  const tsc = require.resolve('typescript/bin/tsc');

  it('covers every source file of src/core and src/media', () => {
    const result = spawnSync(
      process.execPath,
      [tsc, '-p', join(packageRoot, 'tsconfig.pure.json'), '--listFilesOnly'],
      { encoding: 'utf8' },
    );
    expect(result.status).toBe(0);
    const listed = new Set(result.stdout.split('\n').map((line) => resolve(line.trim())));
    const expected = [
      ...sourceFiles(join(packageRoot, 'src/core')),
      ...sourceFiles(join(packageRoot, 'src/media')),
    ];
    expect(expected.length).toBeGreaterThan(20);
    expect(expected.filter((file) => !listed.has(file))).toEqual([]);
  }, 60_000);

  it('fails on a document, a timer or a Node import, and passes plain code', () => {
    const files = {
      dom: write(
        join(work, 'tsc/uses-document.ts'),
        'export const title = () => document.title;\n',
      ),
      timer: write(
        join(work, 'tsc/uses-timer.ts'),
        'export const later = () => setTimeout(() => {}, 1);\n',
      ),
      node: write(
        join(work, 'tsc/uses-fs.ts'),
        "import { readFileSync } from 'node:fs';\nexport const read = () => readFileSync('x');\n",
      ),
      pure: write(join(work, 'tsc/pure.ts'), 'export const twice = (n: number) => n * 2;\n'),
    };
    const config = write(
      join(work, 'tsc/tsconfig.json'),
      JSON.stringify({
        extends: join(packageRoot, 'tsconfig.pure.json'),
        include: [],
        files: Object.values(files),
      }),
    );
    const result = spawnSync(process.execPath, [tsc, '-p', config], { encoding: 'utf8' });
    const errors = result.stdout.split('\n').filter((line) => line.includes('error TS'));
    const fileOf = (line: string) => basename(line.slice(0, line.indexOf('(')));
    expect(result.status).not.toBe(0);
    expect([...new Set(errors.map(fileOf))].sort()).toEqual(
      [files.dom, files.node, files.timer].map((file) => basename(file)).sort(),
    );
    expect(errors.join('\n')).toMatch(/uses-document\.ts.*Cannot find name 'document'/);
    expect(errors.join('\n')).toMatch(/uses-fs\.ts.*Cannot find module 'node:fs'/);
  }, 60_000);
});

describe('no import crosses a layer (biome.json)', () => {
  // A copy of the repository's lint configuration and probe files at the layers' paths.
  const root = join(work, 'biome');
  const config = JSON.parse(readFileSync(join(repo, 'biome.json'), 'utf8'));
  delete config.$schema;
  write(join(root, 'biome.json'), JSON.stringify(config));
  const src = 'packages/pose-sdk/src';
  /** Each layer's imports: which must be refused and which are allowed. */
  const cases: { from: string; refused: string[]; allowed: string[] }[] = [
    {
      from: 'core/pipeline',
      refused: [
        "'node:fs'",
        "'../../media/rotate-i420.js'",
        "'../../browser/index.js'",
        "'@mediapipe/tasks-vision'",
      ],
      allowed: ["'../types.js'", "'@reptemple/definitions'"],
    },
    {
      from: 'media',
      refused: ["'node:path'", "'../browser/pose-detector.js'", "'../node/ffmpeg.js'"],
      allowed: ["'../core/errors.js'", "'./avc-colour.js'"],
    },
    {
      from: 'browser/mp4',
      refused: ["'../../node/engine.js'", "'../../inference-page/page.js'", "'node:fs'"],
      allowed: ["'../../media/mp4-frame-table.js'", "'@mediapipe/tasks-vision'"],
    },
    {
      from: 'node',
      refused: [
        "'../browser/index.js'",
        "'../browser/mp4/colour-space.js'",
        "'../inference-page/page.js'",
        "'@mediapipe/tasks-vision'",
      ],
      allowed: [
        "'../inference-page/protocol.js'",
        "'../media/model-settings.js'",
        "'node:fs'",
        "'playwright-core'",
      ],
    },
    {
      from: 'inference-page',
      refused: ["'../node/ffmpeg.js'", "'node:http'"],
      allowed: ["'../browser/index.js'", "'../media/rotate-i420.js'", "'../core/types.js'"],
    },
  ];
  const probes = new Map<string, boolean>();
  for (const { from, refused, allowed } of cases) {
    for (const [index, specifier] of [...refused, ...allowed].entries()) {
      const file = `${src}/${from}/probe-${index}.ts`;
      write(
        join(root, file),
        `import * as probe from ${specifier};\n\nexport const used = probe;\n`,
      );
      probes.set(`${file} ${specifier}`, refused.includes(specifier));
    }
  }
  write(join(root, `${src}/core/clock-probe.ts`), 'export const now = () => Date.now();\n');
  write(
    join(root, `${src}/core/clock-probe.test.ts`),
    "import 'node:fs';\n\nexport const now = () => Date.now();\n",
  );

  it('refuses exactly the imports across layers, and a clock in the core', () => {
    const biome = require.resolve('@biomejs/biome/bin/biome');
    const result = spawnSync(process.execPath, [biome, 'lint', '--max-diagnostics=none', '.'], {
      cwd: root,
      encoding: 'utf8',
    });
    const output = result.stdout + result.stderr;
    const flagged = new Set(
      [...output.matchAll(/^(\S+\.ts):\d+:\d+ lint\/style\/(noRestricted\w+)/gm)].map(
        ([, file, rule]) => `${file} ${rule}`,
      ),
    );
    for (const [probe, refused] of probes) {
      const file = probe.split(' ')[0]!;
      expect(flagged.has(`${file} noRestrictedImports`), probe).toBe(refused);
    }
    expect(flagged.has(`${src}/core/clock-probe.ts noRestrictedGlobals`)).toBe(true);
    // Tests may read fixtures: the rules apply to shipped sources only.
    expect([...flagged].some((entry) => entry.includes('clock-probe.test.ts'))).toBe(false);
  }, 60_000);
});
