// The start command as a person uses it: first start seeds and prints the admin password once, a
// second start reuses the data, Ctrl-C drains an upload in flight and stops every child process.
// Always on the embedded database (a data directory of its own).

import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
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

/** Every process below `pid` (children, their children...), from ps. */
function descendants(pid: number): number[] {
  const table = execFileSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number))
    .filter((pair) => pair.length === 2 && pair[0]! > 0);
  const found: number[] = [];
  const pending = [pid];
  while (pending.length > 0) {
    const parent = pending.pop()!;
    for (const [child, ppid] of table) {
      if (ppid === parent && !found.includes(child!)) {
        found.push(child!);
        pending.push(child!);
      }
    }
  }
  return found;
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/** Polls until `condition` holds (the test's timeout bounds the wait). */
async function waitFor(condition: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 50));
}

async function waitForValue<T>(read: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** After SIGKILL of the server, every process it started is gone within this (target: 2 s). ms */
const KILL_CLEANUP_BOUND_MS = 5000;

/** Whether a process runs with that pid. An exited process its parent has not reaped yet (a
 * zombie: orphans wait for init) holds nothing and does not count. */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

/** Failed sign-ins on one account from one address before that address is refused there. */
const LIFECYCLE_FAILED_SIGN_IN_LIMIT = 2;
const embeddedEnv = {
  DATABASE_URL: '',
  LOG_LEVEL: 'info',
  AUTH_RATE_LIMITS: JSON.stringify({
    failedSignInPerAccountAndIp: { limit: LIFECYCLE_FAILED_SIGN_IN_LIMIT, windowMs: 900_000 },
  }),
};

function passwordSignIn(url: string, anonKey: string, email: string, password: string) {
  return fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
}

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
    // Someone guesses another account's password from this address until it is refused there.
    const guessed = await fetch(`${first.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: config.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'guessed@example.test', password: 'right-one-1' }),
    });
    expect(guessed.status).toBe(200);
    for (let attempt = 0; attempt < LIFECYCLE_FAILED_SIGN_IN_LIMIT; attempt++) {
      const wrong = await passwordSignIn(first.url, config.anonKey, 'guessed@example.test', 'no');
      expect(wrong.status).toBe(400);
    }

    const children = descendants(first.child.pid!);
    expect(children.length).toBeGreaterThanOrEqual(3);
    expect(await first.stop('SIGINT')).toBe(0);
    // The watchdog exits once it has seen the server go.
    await waitFor(() => children.every((pid) => !alive(pid)));
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
      const signIn = await passwordSignIn(second.url, anonKey, 'keep@example.test', 'keep-me-1');
      expect(signIn.status).toBe(200);
      // The restart did not lift the guessing address's lock-out on that account.
      const afterRestart = await passwordSignIn(
        second.url,
        anonKey,
        'guessed@example.test',
        'right-one-1',
      );
      expect(afterRestart.status).toBe(429);
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

  it('a SIGKILL mid-upload and mid-ffmpeg leaves no process, no orphan file and no answered upload lost', async () => {
    const dataDir = path.join(root, 'killed');
    // An ffmpeg whose GIFs take long: the kill comes while one is being made.
    const slowFfmpeg = path.join(root, 'slow-ffmpeg.sh');
    await writeFile(
      slowFfmpeg,
      '#!/bin/sh\ncase "$*" in *palettegen*) sleep 60;; esac\nexec ffmpeg "$@"\n',
    );
    await chmod(slowFfmpeg, 0o755);
    const first = await startServer({
      dataDir,
      env: { ...embeddedEnv, FFMPEG_PATH: slowFfmpeg, MEDIA_WORKERS: '1' },
    });
    const { anonKey } = await anonKeyOf(first);
    const signUp = await fetch(`${first.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'killed@example.test', password: 'killed-1' }),
    });
    const { access_token } = (await signUp.json()) as { access_token: string };
    const video = await readFile(path.join(stack.fixturesDir, 'pushup-recording.webm'));
    const form = new FormData();
    form.set('video', new Blob([video], { type: 'video/webm' }), 'v.webm');
    form.set('sessionId', 'answered');
    form.set('totalPushups', '4');
    form.set('challengeName', 'Kill');
    const answered = await fetch(`${first.url}/api/upload-video`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(answered.status).toBe(200);
    const { uploadId, statusUrl } = (await answered.json()) as {
      uploadId: string;
      statusUrl: string;
    };
    // Its GIF is being made...
    await waitFor(() =>
      descendants(first.child.pid!).some((pid) => commandOf(pid).includes('palettegen')),
    );
    // ...and another upload is half-way through its body.
    const dropped = request(`${first.url}/api/upload-video`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${access_token}`,
        'content-type': 'multipart/form-data; boundary=kill',
        'content-length': String(10 * 1024 * 1024),
      },
    });
    dropped.on('error', () => undefined);
    dropped.write(
      '--kill\r\nContent-Disposition: form-data; name="video"; filename="d.webm"\r\nContent-Type: video/webm\r\n\r\n',
    );
    dropped.write(video.subarray(0, 200_000));
    const incoming = path.join(dataDir, 'media', 'incoming');
    await waitFor(async () => (await readdir(incoming)).length > 0);

    const processes = [first.child.pid!, ...descendants(first.child.pid!)];
    expect(processes.some((pid) => commandOf(pid).includes('postgres'))).toBe(true);
    expect(processes.some((pid) => commandOf(pid).includes('postgrest'))).toBe(true);
    expect(processes.some((pid) => commandOf(pid).includes('child-watchdog'))).toBe(true);
    const killedAt = performance.now();
    first.child.kill('SIGKILL');
    await first.stop('SIGKILL');
    await waitFor(() => processes.every((pid) => !alive(pid)));
    const goneAfterMs = Math.round(performance.now() - killedAt);
    process.stdout.write(
      `lifecycle: every process of the killed server gone ${goneAfterMs} ms after SIGKILL\n`,
    );
    // The target is 2 s; the bound leaves room for a loaded machine.
    expect(goneAfterMs).toBeLessThan(KILL_CLEANUP_BOUND_MS);
    dropped.destroy();

    const second = await startServer({ dataDir, env: embeddedEnv });
    try {
      expect(await (await fetch(`${second.url}/health`)).json()).toMatchObject({ status: 'ok' });
      expect(await readdir(incoming)).toEqual([]);
      // The answered upload is there, and its media job runs again to the end.
      const status = await waitForValue(async () => {
        const answer = (await (await fetch(`${second.url}${statusUrl}`)).json()) as {
          mediaStatus: string;
        };
        return answer.mediaStatus === 'queued' ? undefined : answer;
      });
      expect(status).toMatchObject({ mediaStatus: 'ready', processingError: null });
      const gif = await fetch(`${second.url}/media/gifs/${uploadId}.gif`);
      expect(gif.status).toBe(200);
      // Every file belongs to an upload: nothing of the dropped one, no .partial file.
      for (const kind of ['videos', 'thumbnails', 'gifs']) {
        const files = await readdir(path.join(dataDir, 'media', kind));
        expect(files, kind).toEqual([expect.stringMatching(new RegExp(`^${uploadId}\\.`))]);
      }
    } finally {
      expect(await second.stop('SIGHUP')).toBe(0);
    }
  }, 180_000);

  it('never signals or trusts a process that only has the pid of an earlier one', async () => {
    // The data directory of the test above, stopped; its pid files now name unrelated programs.
    const dataDir = path.join(root, 'killed');
    const strangers = [spawn('sleep', ['300']), spawn('sleep', ['301'])];
    try {
      const [postmasterStranger, serverStranger] = strangers.map((child) => child.pid!);
      await writeFile(
        path.join(dataDir, 'postgres', 'postmaster.pid'),
        `${postmasterStranger}\n${path.join(dataDir, 'postgres')}\n`,
      );
      await writeFile(
        path.join(dataDir, 'server.lock'),
        JSON.stringify({ pid: serverStranger, postgrestPid: postmasterStranger }),
      );
      const server = await startServer({ dataDir, env: embeddedEnv });
      try {
        expect(await (await fetch(`${server.url}/health`)).json()).toMatchObject({ status: 'ok' });
        expect(server.output()).toContain('"event":"postgres_stale_pid_file"');
      } finally {
        expect(await server.stop('SIGINT')).toBe(0);
      }
      for (const pid of [postmasterStranger!, serverStranger!]) {
        expect(alive(pid), `stranger ${pid} was signalled`).toBe(true);
      }
    } finally {
      for (const child of strangers) child.kill('SIGKILL');
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
