import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const repoRoot = join(packageRoot, '..', '..');

/** Where the real fixture videos live: the repo's fixtures/, else the shared/ folder beside the clone. */
const FIXTURE_DIRS = [
  join(repoRoot, 'fixtures', 'videos'),
  join(repoRoot, '..', 'shared', 'fixtures', 'videos'),
];

/** Absolute path of a fixture video, e.g. fixtureVideo('pushup/30-dark-background-blue-shirt.mp4'). */
export function fixtureVideo(relativePath: string): string {
  for (const dir of FIXTURE_DIRS) {
    const path = join(dir, relativePath);
    if (existsSync(path)) return path;
  }
  throw new Error(
    `fixture video ${relativePath} not found in ${FIXTURE_DIRS.join(' or ')}; ` +
      'the engine tests need the shared fixture videos',
  );
}

/** A short (2.9 s, 86 frames, 640x360, BT.709-tagged) clip with one person in view throughout. */
export const SHORT_FIXTURE = 'pushup/30-dark-background-blue-shirt.mp4';

export const PACKAGE_ROOT = packageRoot;

/** The repository's committed landmark traces of the fixture videos (fixtures/traces). */
export const FIXTURE_TRACES = join(repoRoot, 'fixtures', 'traces');
