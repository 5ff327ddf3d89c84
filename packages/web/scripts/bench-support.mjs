// What the web benchmarks share: the local stack on a free port with a temporary data folder,
// serving the BUILT app (packages/web/dist), and a median.

import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PACKAGE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_DIR = path.resolve(PACKAGE_DIR, '../..');
export const SERVER_BIN = path.join(REPO_DIR, 'packages/server/dist/bin.js');
export const DIST = path.join(PACKAGE_DIR, 'dist');
/** A first start creates the database. ms */
const STACK_READY_TIMEOUT_MS = 120_000;

/** Starts the stack serving the built app in `webDir` (default dist), with `workers`
 * verification workers (default: the server's); answers its URL, the admin's password, a
 * superuser connection string for seeding, and stop(). */
export async function startStack({ webDir = DIST, workers } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reptemple-web-bench-'));
  // As root, PostgreSQL runs as the OS user postgres, which must be able to reach the data dir.
  chmodSync(dataDir, 0o755);
  const child = spawn(
    process.execPath,
    [
      SERVER_BIN,
      '--port',
      '0',
      '--data',
      path.join(dataDir, 'data'),
      '--web-dir',
      webDir,
      ...(workers === undefined ? [] : ['--workers', String(workers)]),
    ],
    { env: { ...process.env, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the stack was not ready in time:\n${output}`)),
      STACK_READY_TIMEOUT_MS,
    );
    child.stdout.on('data', () => {
      const banner = /is running at (http:\/\/\S+)/.exec(output);
      if (banner && output.includes('Press Ctrl-C to stop.')) {
        clearTimeout(timer);
        resolve(banner[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the stack exited with ${code}:\n${output}`));
    });
  });
  const password = /password: (\S+)/.exec(output)?.[1];
  if (!password) throw new Error(`the stack printed no admin password:\n${output}`);
  const secrets = JSON.parse(readFileSync(path.join(dataDir, 'data', 'secrets.json'), 'utf8'));
  const postgresPort = Number(
    readFileSync(path.join(dataDir, 'data', 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3],
  );
  const databaseUrl = `postgres://postgres:${encodeURIComponent(secrets.postgresPassword)}@127.0.0.1:${postgresPort}/postgres`;
  const stop = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, password, databaseUrl, stop };
}

export function median(numbers) {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
