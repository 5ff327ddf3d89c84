// Builds the web app if its sources are newer than the build, starts the real local stack
// (PostgreSQL, PostgREST, auth, media API, the built app) on a free port with a temporary data
// directory, and stops it after the run.

import { execFileSync, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import type { WebStackInfo } from './stack-info.js';

const PACKAGE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPO_DIR = path.resolve(PACKAGE_DIR, '../..');
const SERVER_BIN = path.join(REPO_DIR, 'packages/server/dist/bin.js');
const DIST_INDEX = path.join(PACKAGE_DIR, 'dist/index.html');
/** The stack's first start creates a database and applies the migrations. ms */
const STACK_READY_TIMEOUT_MS = 120_000;

function newestMtime(target: string): number {
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function buildIfStale(): void {
  const built = existsSync(DIST_INDEX) ? statSync(DIST_INDEX).mtimeMs : 0;
  const sources = Math.max(
    newestMtime(path.join(PACKAGE_DIR, 'src')),
    newestMtime(path.join(PACKAGE_DIR, 'public')),
    newestMtime(path.join(PACKAGE_DIR, 'index.html')),
    newestMtime(path.join(PACKAGE_DIR, 'vite.config.ts')),
  );
  if (built > sources) return;
  execFileSync('pnpm', ['exec', 'vite', 'build', '--logLevel', 'warn'], {
    cwd: PACKAGE_DIR,
    // Vitest sets NODE_ENV=test, which would bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
  });
}

/** A service_role token valid for the run (HS256 with the stack's secret). */
function signServiceKey(secret: string): string {
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({
    iss: 'supabase',
    ref: 'reptemple-local',
    role: 'service_role',
    iat: now,
    // The whole suite. s
    exp: now + 4 * 3600,
  })}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

export default async function setup(project: TestProject) {
  if (!existsSync(SERVER_BIN))
    throw new Error(`${SERVER_BIN} is missing: run \`pnpm build\` at the repository root first`);
  // E2E_WEB_DIR serves another build (say, an earlier commit's, to see a new test fail there).
  const webDir = process.env.E2E_WEB_DIR ?? path.join(PACKAGE_DIR, 'dist');
  if (!process.env.E2E_WEB_DIR) buildIfStale();

  const root = await mkdtemp(path.join(tmpdir(), 'reptemple-web-e2e-'));
  // As root, PostgreSQL runs as the OS user postgres, which must be able to reach the data dir.
  await chmod(root, 0o755);
  const screenshotDir = path.join(PACKAGE_DIR, 'test-results', 'screenshots');
  await rm(screenshotDir, { recursive: true, force: true });
  await mkdir(screenshotDir, { recursive: true });

  const child = spawn(
    process.execPath,
    [SERVER_BIN, '--port', '0', '--data', path.join(root, 'data'), '--web-dir', webDir],
    { env: { ...process.env, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  const url = await new Promise<string>((resolve, reject) => {
    const fail = (error: Error) => {
      if (child.exitCode === null) child.kill('SIGKILL');
      reject(error);
    };
    const timer = setTimeout(
      () => fail(new Error(`the stack was not ready in time; output:\n${output}`)),
      STACK_READY_TIMEOUT_MS,
    );
    // The banner is printed once everything answers.
    const check = () => {
      const banner = /is running at (http:\/\/\S+)/.exec(output);
      if (banner?.[1] && output.includes('Press Ctrl-C to stop.')) {
        clearTimeout(timer);
        resolve(banner[1]);
      }
    };
    child.stdout.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the stack exited with ${code} before it was ready; output:\n${output}`));
    });
  });
  const adminPassword = /password: (\S+)/.exec(output)?.[1];
  if (!adminPassword) throw new Error(`the first start printed no admin password:\n${output}`);

  // Seeding and checking rows directly: the service key (signed as the server signs it) and the
  // superuser connection (port from the cluster's postmaster.pid, line 4).
  const dataDir = path.join(root, 'data');
  const secrets = JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8')) as {
    postgresPassword: string;
    jwtSecret: string;
  };
  const postmaster = await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  const postgresPort = Number(postmaster.split('\n')[3]);
  // The public key, as the app reads it.
  const config = await fetch(`${url}/api/config`);
  if (!config.ok) throw new Error(`/api/config answered ${config.status}`);
  const { anonKey } = (await config.json()) as { anonKey: string };
  const info: WebStackInfo = {
    url,
    adminEmail: 'admin@reptemple.local',
    adminPassword,
    screenshotDir,
    anonKey,
    serviceRoleKey: signServiceKey(secrets.jwtSecret),
    databaseUrl: `postgres://postgres:${encodeURIComponent(secrets.postgresPassword)}@127.0.0.1:${postgresPort}/postgres`,
  };
  project.provide('webStack', info);

  return async () => {
    if (child.exitCode === null) child.kill('SIGINT');
    const code = await exited;
    if (code !== 0) {
      await writeFile(path.join(PACKAGE_DIR, 'test-results', 'server.log'), output);
      process.stderr.write(`the stack exited with ${code}; log in test-results/server.log\n`);
    }
    await rm(root, { recursive: true, force: true });
  };
}
