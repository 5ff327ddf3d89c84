// The start command as a person uses it: first start seeds and prints the admin password once, a
// second start reuses the data, Ctrl-C drains an upload in flight and stops every child process.
// Always on the embedded database (a data directory of its own).

import { execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stack } from './helpers.js';
import { type StartedServer, startServer } from './start-server.js';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'reptemple-lifecycle-'));
  await chmod(root, 0o755);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

function childPids(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((value) => value > 0);
  } catch (error) {
    // ps exits 1 when there are none.
    if ((error as { status?: number }).status === 1) return [];
    throw error;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const embeddedEnv = { DATABASE_URL: '', LOG_LEVEL: 'info' };

async function anonKeyOf(server: StartedServer): Promise<{ supabaseUrl: string; anonKey: string }> {
  return (await (await fetch(`${server.url}/api/config`)).json()) as {
    supabaseUrl: string;
    anonKey: string;
  };
}

describe('reptemple-server lifecycle', () => {
  it('starts, reuses its data on the second start, and stops every child on Ctrl-C', async () => {
    const dataDir = path.join(root, 'data');
    const webDir = path.join(root, 'web');
    await mkdir(path.join(webDir, 'assets'), { recursive: true });
    await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>RepTemple app</title>');
    await writeFile(path.join(webDir, 'assets', 'app.js'), 'console.log(1)');

    const first = await startServer({ dataDir, env: embeddedEnv, args: ['--web-dir', webDir] });
    expect(first.adminPassword).toMatch(/^\S{12,}$/);
    expect(await (await fetch(`${first.url}/health`)).json()).toMatchObject({
      status: 'ok',
      database: 'up',
      dataApi: 'up',
      databaseKind: 'embedded',
    });
    const config = await anonKeyOf(first);
    expect(Object.keys(config).sort()).toEqual(['anonKey', 'supabaseUrl']);
    expect(config.supabaseUrl).toBe(first.url);
    expect(
      JSON.parse(Buffer.from(config.anonKey.split('.')[1]!, 'base64url').toString()),
    ).toMatchObject({ role: 'anon' });
    // The built web app, with in-browser routes falling back to index.html.
    expect(await (await fetch(`${first.url}/challenge/some-slug`)).text()).toContain(
      'RepTemple app',
    );
    expect((await fetch(`${first.url}/assets/app.js`)).headers.get('content-type')).toContain(
      'javascript',
    );

    const signUp = await fetch(`${first.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: config.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'keep@example.test', password: 'keep-me-1' }),
    });
    expect(signUp.status).toBe(200);

    const children = childPids(first.child.pid!);
    expect(children.length).toBeGreaterThanOrEqual(2);
    expect(await first.stop('SIGINT')).toBe(0);
    for (const pid of children) expect(alive(pid), `child ${pid} still runs`).toBe(false);
    await expect(readFile(path.join(dataDir, 'server.lock'))).rejects.toThrow();

    // No built web app in this directory (whatever packages/web/dist holds): the placeholder page.
    const second = await startServer({
      dataDir,
      env: embeddedEnv,
      args: ['--web-dir', path.join(root, 'no-web')],
    });
    try {
      expect(second.adminPassword).toBeUndefined();
      expect(second.output()).not.toContain('password:');
      const { anonKey } = await anonKeyOf(second);
      expect(anonKey).toBe(config.anonKey);
      const signIn = await fetch(`${second.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'keep@example.test', password: 'keep-me-1' }),
      });
      expect(signIn.status).toBe(200);
      const demos = await fetch(`${second.url}/rest/v1/challenges?select=slug&slug=like.demo-*`, {
        headers: { apikey: anonKey },
      });
      expect(await demos.json()).toHaveLength(3);
      // The placeholder page when there is no built web app.
      expect(await (await fetch(`${second.url}/`)).text()).toContain('The backend is running');

      // Same data directory, second server: refused.
      await expect(startServer({ dataDir, env: embeddedEnv, timeoutMs: 20_000 })).rejects.toThrow(
        /Another reptemple-server/,
      );

      // An upload in flight when Ctrl-C comes is finished before the server stops.
      const { access_token } = (await signIn.json()) as { access_token: string };
      const form = new FormData();
      form.set(
        'video',
        new Blob([await readFile(path.join(stack.fixturesDir, 'pushup-recording.webm'))], {
          type: 'video/webm',
        }),
        'v.webm',
      );
      form.set('sessionId', 'in-flight');
      form.set('totalPushups', '3');
      form.set('challengeName', 'Shutdown');
      const pending = fetch(`${second.url}/api/upload-video`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${access_token}` },
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const stopped = second.stop('SIGINT');
      const answer = await pending;
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ success: true, processingError: null });
      expect(await stopped).toBe(0);
      expect(second.output()).toContain('"event":"shutdown_complete"');
    } finally {
      await second.stop('SIGINT');
    }
  }, 120_000);

  it('after a hard kill, the next start stops the orphaned children and runs again', async () => {
    const dataDir = path.join(root, 'killed');
    const first = await startServer({ dataDir, env: embeddedEnv });
    const orphans = childPids(first.child.pid!);
    expect(orphans.length).toBeGreaterThanOrEqual(2);
    first.child.kill('SIGKILL');
    await first.stop('SIGKILL');
    for (const pid of orphans)
      expect(alive(pid), `child ${pid} should outlive a SIGKILL of its parent`).toBe(true);
    const second = await startServer({ dataDir, env: embeddedEnv });
    try {
      expect(await (await fetch(`${second.url}/health`)).json()).toMatchObject({ status: 'ok' });
      await new Promise((resolve) => setTimeout(resolve, 500));
      for (const pid of orphans) expect(alive(pid), `orphan ${pid} still runs`).toBe(false);
    } finally {
      expect(await second.stop('SIGHUP')).toBe(0);
    }
  }, 120_000);

  it('explains a bad option and exits 2', async () => {
    const { spawnSync } = await import('node:child_process');
    const { BIN } = await import('./start-server.js');
    const result = spawnSync(process.execPath, [BIN, '--port', 'eighty'], { encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('an integer from 0 to 65535');
    const help = spawnSync(process.execPath, [BIN, '--help'], { encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('--database-url');
  });
});

describe('the shared test stack', () => {
  it('runs on the database this run asked for (embedded, or DATABASE_URL)', async () => {
    const health = (await (await fetch(`${stack.url}/health`)).json()) as { databaseKind: string };
    expect(health.databaseKind).toBe(process.env.DATABASE_URL ? 'external' : 'embedded');
    expect(health.databaseKind).toBe(stack.databaseKind);
  });
});
