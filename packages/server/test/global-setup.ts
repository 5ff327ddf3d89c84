// Builds the server if its sources changed, makes media fixtures with ffmpeg, starts the real stack
// on a free port with a temporary data directory, and stops it after the run.
// With DATABASE_URL set, the stack runs on a fresh database created in that PostgreSQL cluster.

import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { signJwtForTests } from './jwt-for-tests.js';
import type { StackInfo } from './stack-info.js';
import { BIN, PACKAGE_DIR, startServer } from './start-server.js';

const UPLOAD_MAX_BYTES = 4 * 1024 * 1024;
const FAILED_SIGN_IN_LIMIT = 5;
const ACCOUNT_FAILED_SIGN_IN_LIMIT = 8;
const SIGN_IN_PER_IP_LIMIT = 20;

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

async function buildIfStale(): Promise<void> {
  let built = 0;
  try {
    built = (await stat(BIN)).mtimeMs;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const sources = Math.max(
    newestMtime(path.join(PACKAGE_DIR, 'src')),
    newestMtime(path.join(PACKAGE_DIR, 'bench')),
  );
  if (built > sources) return;
  execFileSync('pnpm', ['exec', 'tsup'], {
    cwd: PACKAGE_DIR,
    env: { ...process.env, SERVER_SKIP_DTS: '1' },
    stdio: 'inherit',
  });
}

function ffmpeg(args: string[]): void {
  execFileSync('ffmpeg', ['-hide_banner', '-v', 'error', '-y', ...args], { stdio: 'inherit' });
}

async function makeFixtures(dir: string): Promise<void> {
  const realVideo = path.join(PACKAGE_DIR, 'test', 'fixtures', 'pushup-side.mp4');
  await copyFile(realVideo, path.join(dir, 'pushup-side.mp4'));
  // What a browser's MediaRecorder sends: VP8 WebM without a duration in its header.
  ffmpeg([
    '-i',
    realVideo,
    '-c:v',
    'libvpx',
    '-b:v',
    '800k',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-an',
    '-f',
    'webm',
    '-live',
    '1',
    path.join(dir, 'pushup-recording.webm'),
  ]);
  // Longer than the 5-minute session limit plus margin; tiny so it encodes in a moment.
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=64x48:rate=1:duration=345',
    '-c:v',
    'libvpx',
    '-b:v',
    '50k',
    '-f',
    'webm',
    '-live',
    '1',
    path.join(dir, 'too-long.webm'),
  ]);
  const webm = await readFile(path.join(dir, 'pushup-recording.webm'));
  // Cut inside the header: a container that announces a video but holds no frame.
  await writeFile(path.join(dir, 'header-only.webm'), webm.subarray(0, 700));
  // Cut in the middle: the first half of the frames is there.
  await writeFile(path.join(dir, 'half.webm'), webm.subarray(0, Math.floor(webm.length / 2)));
  // An MP4 cut short (an upload that stopped): its index, at the front, names frames past the end.
  const mp4 = await readFile(realVideo);
  await writeFile(path.join(dir, 'truncated.mp4'), mp4.subarray(0, Math.floor(mp4.length / 2)));
  await writeFile(
    path.join(dir, 'not-a-video.webm'),
    'This is a text file with a video name.\n'.repeat(20),
  );
  await writeFile(path.join(dir, 'empty.webm'), Buffer.alloc(0));
  // The right first bytes, then nothing playable: an MP4 'ftyp' box followed by random bytes, and
  // a WebM's EBML header followed by a web page.
  const ftyp = Buffer.from('0000001c667479706d703432000000006d70343269736f6d', 'hex');
  await writeFile(
    path.join(dir, 'ftyp-random.mp4'),
    Buffer.concat([ftyp, randomBytes(256 * 1024)]),
  );
  await writeFile(
    path.join(dir, 'ebml-html.webm'),
    Buffer.concat([
      webm.subarray(0, 40),
      Buffer.from(`<!doctype html><html><body>${'<p>not a video</p>'.repeat(2000)}</body></html>`),
    ]),
  );
  // Starts like WebM, but larger than the upload limit.
  const oversized = randomBytes(UPLOAD_MAX_BYTES + 512 * 1024);
  webm.copy(oversized, 0, 0, 4);
  await writeFile(path.join(dir, 'oversized.webm'), oversized);
}

export default async function setup(project: TestProject) {
  await buildIfStale();
  const root = await mkdtemp(path.join(tmpdir(), 'reptemple-server-test-'));
  // As root, PostgreSQL runs as the OS user postgres, which must be able to reach the data dir.
  await chmod(root, 0o755);
  const dataDir = path.join(root, 'data');
  const fixturesDir = path.join(root, 'fixtures');
  await mkdir(fixturesDir, { recursive: true });
  await makeFixtures(fixturesDir);

  let externalDatabase: { adminUrl: string; name: string } | undefined;
  let databaseUrl: string | undefined;
  if (process.env.DATABASE_URL) {
    const name = `reptemple_test_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    externalDatabase = { adminUrl: process.env.DATABASE_URL, name };
  }

  const server = await startServer({
    dataDir,
    logFile: path.join(root, 'server.log'),
    env: {
      DATABASE_URL: databaseUrl ?? '',
      UPLOAD_MAX_BYTES: String(UPLOAD_MAX_BYTES),
      TRUST_PROXY: '1',
      LOG_LEVEL: 'info',
      // The shared stack verifies nothing (its recordings name videos that do not exist);
      // verification-queue.test.ts starts servers of its own with workers.
      VERIFY_WORKERS: '0',
      AUTH_RATE_LIMITS: JSON.stringify({
        signInPerIp: { limit: SIGN_IN_PER_IP_LIMIT, windowMs: 300_000 },
        failedSignInPerAccountAndIp: { limit: FAILED_SIGN_IN_LIMIT, windowMs: 900_000 },
        failedSignInPerAccount: { limit: ACCOUNT_FAILED_SIGN_IN_LIMIT, windowMs: 900_000 },
        failedSignInPerIp: { limit: 1000, windowMs: 900_000 },
        signUpPerIp: { limit: 1000, windowMs: 3_600_000 },
        emailSendPerIp: { limit: 1000, windowMs: 3_600_000 },
        refreshPerIp: { limit: 1000, windowMs: 300_000 },
        verifyPerIp: { limit: 1000, windowMs: 300_000 },
      }),
    },
  });
  if (!server.adminPassword)
    throw new Error(`the first start printed no admin password:\n${server.output()}`);
  const config = (await (await fetch(`${server.url}/api/config`)).json()) as { anonKey: string };
  const secrets = JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8')) as {
    postgresPassword: string;
    jwtSecret: string;
  };
  const now = Math.floor(Date.now() / 1000);
  const serviceRoleKey = signJwtForTests(
    { iss: 'supabase', ref: 'reptemple-local', role: 'service_role', iat: now, exp: now + 3600 },
    secrets.jwtSecret,
  );
  const postgresReady = server
    .output()
    .split('\n')
    .filter((line) => line.includes('"event":"postgres_ready"'))
    .map((line) => JSON.parse(line) as { port: number })[0];
  const superuserUrl =
    databaseUrl ??
    `postgres://postgres:${encodeURIComponent(secrets.postgresPassword)}@127.0.0.1:${postgresReady?.port}/postgres`;

  const info: StackInfo = {
    url: server.url,
    anonKey: config.anonKey,
    serviceRoleKey,
    jwtSecret: secrets.jwtSecret,
    databaseUrl: superuserUrl,
    adminEmail: 'admin@reptemple.local',
    adminPassword: server.adminPassword,
    dataDir,
    serverPid: server.child.pid!,
    fixturesDir,
    uploadMaxBytes: UPLOAD_MAX_BYTES,
    failedSignInLimit: FAILED_SIGN_IN_LIMIT,
    accountFailedSignInLimit: ACCOUNT_FAILED_SIGN_IN_LIMIT,
    signInPerIpLimit: SIGN_IN_PER_IP_LIMIT,
    databaseKind: databaseUrl ? 'external' : 'embedded',
  };
  project.provide('stack', info);

  return async () => {
    const code = await server.stop('SIGINT');
    if (code !== 0)
      process.stderr.write(`reptemple-server exited with ${code}; log in ${root}/server.log\n`);
    if (externalDatabase) {
      const admin = new pg.Client({ connectionString: externalDatabase.adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${externalDatabase.name} with (force)`);
      await admin.end();
    }
    await rm(root, { recursive: true, force: true });
  };
}
