// 50 concurrent uploads of a 60 s recording against a server in its own process (as in use: the
// senders are elsewhere, so they do not share its event loop). Measured while they run: /health
// latency, the number of ffmpeg processes at each moment (against the pool size), and whether
// every video, thumbnail and GIF was made.

import { execFileSync } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { DEFAULT_MEDIA_WORKERS } from '../src/constants.js';
import { startServer } from '../test/start-server.js';

export interface LoadResult {
  uploads: number;
  recordingSeconds: number;
  bytes: number;
  mediaWorkers: number;
  answered: number;
  answerMs: number[];
  mediaReady: number;
  mediaFailed: string[];
  lastGifAfterMs: number;
  healthMs: number[];
  /** Probes that did not answer 200: the status or the error. */
  healthFailures: string[];
  maxFfmpegAtOnce: number;
}

const UPLOADS = 50;
const RECORDING_SECONDS = 60;
/** ms between /health probes and between counts of ffmpeg processes */
const HEALTH_INTERVAL_MS = 100;
const PROCESS_SAMPLE_MS = 50;

/** The /health prober's thread: probes until told to stop, then posts what it measured. */
const HEALTH_PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
let running = true;
parentPort.once('message', () => { running = false; });
(async () => {
  const healthMs = [];
  const healthFailures = [];
  while (running) {
    const started = performance.now();
    try {
      const answer = await fetch(workerData.url);
      await answer.arrayBuffer();
      if (answer.status !== 200) healthFailures.push('status ' + answer.status);
    } catch (error) {
      healthFailures.push(String(error && error.cause ? error.cause : error));
    }
    healthMs.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, workerData.intervalMs));
  }
  parentPort.postMessage({ healthMs, healthFailures });
})();
`;

function ffmpegChildren(serverPid: number): number {
  try {
    return execFileSync('ps', ['-o', 'comm=', '--ppid', String(serverPid)], { encoding: 'utf8' })
      .split('\n')
      .filter((name) => name.trim() === 'ffmpeg').length;
  } catch (error) {
    // ps exits 1 when the server has no children at that moment.
    if ((error as { status?: number }).status === 1) return 0;
    throw error;
  }
}

/** A 60 s 640x360 VP8 WebM like a browser's MediaRecorder makes (800 kbit/s, no duration). */
function makeRecording(source: string, output: string): void {
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-v',
    'error',
    '-y',
    '-stream_loop',
    '-1',
    '-i',
    source,
    '-t',
    String(RECORDING_SECONDS),
    '-vf',
    'scale=640:360',
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
    output,
  ]);
}

export async function measureUploadLoad(root: string, source: string): Promise<LoadResult> {
  const recording = path.join(root, 'load-60s.webm');
  makeRecording(source, recording);
  const bytes = await readFile(recording);
  const dataDir = path.join(root, 'load-data');
  await mkdir(dataDir, { recursive: true });
  const mediaWorkers = DEFAULT_MEDIA_WORKERS;
  const server = await startServer({
    dataDir,
    env: { DATABASE_URL: '', LOG_LEVEL: 'info', MEDIA_WORKERS: String(mediaWorkers) },
  });
  try {
    const { anonKey } = (await (await fetch(`${server.url}/api/config`)).json()) as {
      anonKey: string;
    };
    const signUp = await fetch(`${server.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'load@example.test', password: 'load-test-1' }),
    });
    const { access_token: token } = (await signUp.json()) as { access_token: string };

    let running = true;
    // /health is probed from a thread of its own, so the 50 uploads this process sends do not
    // delay the probe's own event loop and inflate the figures.
    const prober = new Worker(HEALTH_PROBE, {
      eval: true,
      workerData: { url: `${server.url}/health`, intervalMs: HEALTH_INTERVAL_MS },
    });
    const probed = new Promise<{ healthMs: number[]; healthFailures: string[] }>((resolve) =>
      prober.once('message', resolve),
    );
    let maxFfmpegAtOnce = 0;
    const countFfmpeg = (async () => {
      while (running) {
        maxFfmpegAtOnce = Math.max(maxFfmpegAtOnce, ffmpegChildren(server.child.pid!));
        await new Promise((resolve) => setTimeout(resolve, PROCESS_SAMPLE_MS));
      }
    })();

    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: UPLOADS }, async (_, index) => {
        const form = new FormData();
        form.set('video', new Blob([bytes], { type: 'video/webm' }), `load-${index}.webm`);
        form.set('sessionId', `load-${index}`);
        form.set('totalPushups', '30');
        form.set('challengeName', 'Load');
        const sent = performance.now();
        const response = await fetch(`${server.url}/api/upload-video`, {
          method: 'POST',
          body: form,
          headers: { authorization: `Bearer ${token}` },
        });
        const body = (await response.json()) as { statusUrl?: string; error?: string };
        return { status: response.status, ms: performance.now() - sent, body };
      }),
    );
    const statusUrls = answers.flatMap((answer) =>
      answer.body.statusUrl ? [answer.body.statusUrl] : [],
    );
    const mediaFailed: string[] = [];
    let mediaReady = 0;
    const pending = new Set(statusUrls);
    while (pending.size > 0) {
      for (const statusUrl of [...pending]) {
        const status = (await (await fetch(`${server.url}${statusUrl}`)).json()) as {
          mediaStatus: string;
          processingError: string | null;
        };
        if (status.mediaStatus === 'queued') continue;
        pending.delete(statusUrl);
        if (status.mediaStatus === 'ready') mediaReady++;
        else mediaFailed.push(`${statusUrl}: ${status.processingError}`);
      }
      if (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const lastGifAfterMs = performance.now() - started;
    running = false;
    prober.postMessage('stop');
    const [{ healthMs, healthFailures }] = await Promise.all([probed, countFfmpeg]);
    await prober.terminate();
    return {
      uploads: UPLOADS,
      recordingSeconds: RECORDING_SECONDS,
      bytes: bytes.length,
      mediaWorkers,
      answered: answers.filter((answer) => answer.status === 200).length,
      answerMs: answers.map((answer) => answer.ms),
      mediaReady,
      mediaFailed,
      lastGifAfterMs,
      healthMs,
      healthFailures,
      maxFfmpegAtOnce,
    };
  } finally {
    await server.stop('SIGINT');
  }
}
