// A participant's phone on the local network (issue 26): the server started with --https, reached
// by a name that is not localhost (phone.reptemple.test, resolved to this machine by Chromium's
// host resolver rules) in a phone-sized Chromium. First without the server's root: plain HTTP
// names the HTTPS address and leads to /certificate, whose root is downloaded as a phone does; the
// HTTPS address itself is refused (nothing here ignores certificate errors). Then with that root
// installed in the phone's certificate store (an NSS database, what Chromium on Linux trusts): the
// plain-HTTP address goes on to HTTPS by itself, the camera opens, and an attempt is recorded and
// submitted with its video.

import { execFile, spawn } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { violations } from './axe.js';
import { launchWithFakeCamera, makeFakeCameraClip, REPO_DIR } from './fake-camera.js';
import { screenshot, uniqueEmail } from './helpers.js';
import { registerWithEmail, startRecording, submitAttempt, UI_TIMEOUT_MS } from './record-steps.js';

const run = promisify(execFile);
const SERVER_BIN = path.join(REPO_DIR, 'packages/server/dist/bin.js');
const WEB_DIR = path.join(REPO_DIR, 'packages/web/dist');
/** The phone's name for this machine, as a LAN name would be (not localhost, which browsers treat
 * as secure without HTTPS). */
const PHONE_NAME = 'phone.reptemple.test';
/** A phone held in portrait. */
const PHONE = { width: 390, height: 844 };
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
/** A demo challenge every first start seeds (accountability: e-mail only to join). */
const DEMO_CHALLENGE = 'demo-daily-accountability';
/** The server's first start: a new database and its migrations. ms */
const SERVER_READY_TIMEOUT_MS = 120_000;

let root: string;
let server: { stop: () => Promise<number | null>; output: () => string } | undefined;
let port: number;
let y4m: string;
const browsers: Browser[] = [];

/** Starts the built server with --https on a free port, in its own data directory; no
 * verification workers (not under test here). */
async function startHttpsServer(dataDir: string): Promise<number> {
  const child = spawn(
    process.execPath,
    [
      SERVER_BIN,
      '--https',
      '--port',
      '0',
      '--data',
      dataDir,
      '--web-dir',
      WEB_DIR,
      '--workers',
      '0',
    ],
    {
      env: { ...process.env, LOG_LEVEL: 'warn', ALLOWED_HOSTS: PHONE_NAME },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  server = {
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGINT');
      return exited;
    },
  };
  return new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the HTTPS server was not ready in time:\n${output}`)),
      SERVER_READY_TIMEOUT_MS,
    );
    child.stdout.on('data', () => {
      const banner = /is running at https:\/\/localhost:(\d+)/.exec(output);
      if (banner && output.includes('Press Ctrl-C to stop.')) {
        clearTimeout(timer);
        resolve(Number(banner[1]));
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the HTTPS server exited with ${code}:\n${output}`));
    });
  });
}

/** A phone-sized Chromium that resolves the phone's name to this machine; `home` holds its
 * certificate store (~/.pki/nssdb). */
async function launchPhoneBrowser(home: string): Promise<Browser> {
  const browser = await launchWithFakeCamera(y4m, {
    args: [`--host-resolver-rules=MAP ${PHONE_NAME} 127.0.0.1`],
    env: { ...process.env, HOME: home },
  });
  browsers.push(browser);
  return browser;
}

async function phonePage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    userAgent: ANDROID_CHROME,
    reducedMotion: 'reduce',
  });
  await context.grantPermissions(['camera']);
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw new Error(`uncaught error in the page: ${error.message}`);
  });
  return { context, page };
}

/** The HTTPS server's database, as its superuser. */
async function queryServerDatabase<T extends pg.QueryResultRow>(
  text: string,
  values: unknown[],
): Promise<T[]> {
  const dataDir = path.join(root, 'data');
  const secrets = JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8')) as {
    postgresPassword: string;
  };
  const postmaster = await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  const client = new pg.Client({
    host: '127.0.0.1',
    port: Number(postmaster.split('\n')[3]),
    user: 'postgres',
    password: secrets.postgresPassword,
    database: 'postgres',
  });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'reptemple-phone-https-'));
  // As root, PostgreSQL runs as the OS user postgres, which must be able to reach the data dir.
  await chmod(root, 0o755);
  const [serverPort, clip] = await Promise.all([
    startHttpsServer(path.join(root, 'data')),
    makeFakeCameraClip('11-tank-top-piked-hips.mp4', path.join(root, 'camera.y4m'), {
      leadInS: 1,
      tailS: 1,
    }),
  ]);
  port = serverPort;
  y4m = clip;
}, SERVER_READY_TIMEOUT_MS + 30_000);

afterAll(async () => {
  for (const browser of browsers) await browser.close();
  const code = await server?.stop();
  await rm(root, { recursive: true, force: true });
  // Ctrl-C drains the HTTPS and plain-HTTP connections and stops every child.
  expect(code, server?.output()).toBe(0);
});

describe('a phone on the local network, over HTTPS', () => {
  let rootCertificate: Buffer;

  it('without the root: plain HTTP names the HTTPS address and leads to the certificate, HTTPS is refused', async () => {
    const home = path.join(root, 'phone-before');
    await mkdir(home, { recursive: true });
    const { page } = await phonePage(await launchPhoneBrowser(home));
    const plainUrl = `http://${PHONE_NAME}:${port}/challenge/${DEMO_CHALLENGE}`;
    const secureUrl = `https://${PHONE_NAME}:${port}/challenge/${DEMO_CHALLENGE}`;

    await page.goto(plainUrl);
    await page.getByRole('heading', { name: 'This server uses HTTPS' }).waitFor();
    expect(await page.locator('#secure-link').textContent()).toBe(secureUrl);
    await page
      .getByText('This device does not trust the server yet.')
      .waitFor({ timeout: UI_TIMEOUT_MS });
    expect(page.url()).toBe(plainUrl);
    await screenshot(page, 'https-plain-http-untrusted-phone');
    expect(await violations(page), 'the plain-HTTP page').toEqual([]);

    await page.getByRole('link', { name: 'Install the certificate' }).click();
    await page.getByRole('heading', { name: 'Trust this RepTemple server' }).waitFor();
    // The phone's own steps come first, open.
    expect(await page.locator('details[open] summary').textContent()).toBe('Android');
    await screenshot(page, 'https-certificate-page-phone');
    expect(await violations(page), 'the certificate page').toEqual([]);
    const shownFingerprint = await page.locator('.fingerprint').textContent();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download the certificate' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('reptemple-ca.crt');
    rootCertificate = await readFile((await download.path())!);
    const downloaded = new X509Certificate(rootCertificate);
    expect(downloaded.ca).toBe(true);
    expect(downloaded.fingerprint256).toBe(shownFingerprint);
    // The root the server printed in its banner, and made in its data directory.
    expect(server!.output()).toContain(`fingerprint ${downloaded.fingerprint256}`);
    const stored = new X509Certificate(await readFile(path.join(root, 'data/tls/ca.pem')));
    expect(stored.fingerprint256).toBe(downloaded.fingerprint256);

    // No certificate error is ignored: without the root, the HTTPS address does not open.
    await expect(page.goto(secureUrl)).rejects.toThrow(/ERR_CERT_AUTHORITY_INVALID/);
  });

  it('with the root installed: the plain-HTTP address goes on to HTTPS, the camera opens and an attempt is recorded', async () => {
    expect(rootCertificate, 'the first test downloads the root').toBeDefined();
    // Installing the downloaded root in the phone's certificate store, as a CA for web sites.
    const home = path.join(root, 'phone-after');
    const nssdb = path.join(home, '.pki', 'nssdb');
    await mkdir(nssdb, { recursive: true });
    const rootFile = path.join(home, 'reptemple-ca.crt');
    await writeFile(rootFile, rootCertificate);
    await run('certutil', ['-N', '-d', `sql:${nssdb}`, '--empty-password']);
    await run('certutil', [
      '-A',
      '-d',
      `sql:${nssdb}`,
      '-n',
      'RepTemple local CA',
      '-t',
      'C,,',
      '-i',
      rootFile,
    ]);
    const { page } = await phonePage(await launchPhoneBrowser(home));

    // Scanning the banner's QR code opens the plain-HTTP address; the page goes on by itself.
    await page.goto(`http://${PHONE_NAME}:${port}/challenge/${DEMO_CHALLENGE}`);
    await page.waitForURL(`https://${PHONE_NAME}:${port}/challenge/${DEMO_CHALLENGE}`, {
      timeout: UI_TIMEOUT_MS,
    });
    expect(await page.evaluate(() => window.isSecureContext)).toBe(true);

    await page.getByRole('button', { name: 'Join Challenge' }).click();
    await page.waitForURL((url) => /^\/challenge\/[^/]+\/record$/.test(url.pathname));
    const email = uniqueEmail('phone-https');
    await registerWithEmail(page, email);
    await startRecording(page);
    await screenshot(page, 'https-recording-phone');
    await page.waitForTimeout(2000);
    await page.getByRole('button', { name: 'Finish Recording' }).click();
    await page.getByTestId('result-valid').waitFor({ timeout: UI_TIMEOUT_MS });
    await submitAttempt(page);

    // The attempt and its video reached the server over HTTPS.
    const [row] = await queryServerDatabase<{ video_url: string | null }>(
      'select video_url from public.challenge_recordings where email = $1',
      [email],
    );
    expect(row?.video_url).toMatch(/^\/media\/videos\/.+\.webm$/);
    const video = await page.evaluate(async (url) => {
      const response = await fetch(url);
      const head = new Uint8Array(await response.arrayBuffer()).subarray(0, 4);
      return { status: response.status, head: Array.from(head, (byte) => byte.toString(16)) };
    }, row!.video_url!);
    // A WebM (EBML header), served over HTTPS.
    expect(video).toEqual({ status: 200, head: ['1a', '45', 'df', 'a3'] });
  });
});
