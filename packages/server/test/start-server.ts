// Starts the built reptemple-server as a child process, as a person would, and reads its ready
// line and banner from the output.

import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PACKAGE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BIN = path.join(PACKAGE_DIR, 'dist', 'bin.js');

export interface StartedServer {
  child: ChildProcess;
  url: string;
  port: number;
  /** Present only when this start created the admin account. */
  adminPassword: string | undefined;
  output: () => string;
  /** Sends the signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function startServer(options: {
  dataDir: string;
  env?: NodeJS.ProcessEnv;
  args?: string[];
  logFile?: string;
  timeoutMs?: number;
  /** Node's own options (e.g. --cpu-prof), before the script. */
  nodeArgs?: string[];
}): Promise<StartedServer> {
  const child = spawn(
    process.execPath,
    [
      ...(options.nodeArgs ?? []),
      BIN,
      '--port',
      '0',
      '--data',
      options.dataDir,
      ...(options.args ?? []),
    ],
    {
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const log = options.logFile ? createWriteStream(options.logFile) : undefined;
  let output = '';
  const onData = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    log?.write(chunk);
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );

  const ready = await new Promise<{ url: string; port: number }>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server not ready in time; output:\n${output}`)),
      options.timeoutMs ?? 90_000,
    );
    const check = () => {
      const line = output.split('\n').find((entry) => entry.includes('"event":"stack_ready"'));
      if (line && output.includes('Press Ctrl-C to stop.')) {
        clearTimeout(timer);
        const parsed = JSON.parse(line) as { url: string; port: number };
        resolve({ url: parsed.url, port: parsed.port });
      }
    };
    child.stdout!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before it was ready; output:\n${output}`));
    });
  });
  const password = /password: (\S+)/.exec(output)?.[1];
  return {
    child,
    url: ready.url,
    port: ready.port,
    adminPassword: password,
    output: () => output,
    async stop(signal = 'SIGINT') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const code = await exited;
      log?.end();
      return code;
    },
  };
}

/** The superuser URL of a started server's embedded PostgreSQL (its port from the ready line, its
 * password from the data directory's secrets). */
export async function embeddedDatabaseUrl(server: StartedServer, dataDir: string): Promise<string> {
  const secrets = JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8')) as {
    postgresPassword: string;
  };
  const port = server
    .output()
    .split('\n')
    .filter((line) => line.includes('"event":"postgres_ready"'))
    .map((line) => (JSON.parse(line) as { port: number }).port)[0];
  return `postgres://postgres:${encodeURIComponent(secrets.postgresPassword)}@127.0.0.1:${port}/postgres`;
}
