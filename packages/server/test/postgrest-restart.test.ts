// The PostgREST supervisor on its own, against the test stack's database.

import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { POSTGREST_RESTART_DELAYS_MS } from '../src/constants.js';
import { StartupError } from '../src/errors.js';
import { createLogger } from '../src/log.js';
import { resolvePostgrestBinary, startPostgrest } from '../src/postgrest.js';
import { NO_CHILD_GUARD } from '../src/process/child-guard.js';
import { stack } from './helpers.js';

const work = mkdtempSync(path.join(tmpdir(), 'reptemple-postgrest-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A wrapper that exits 1 on its first `failures` runs, then runs the real PostgREST. */
function flakyPostgrest(name: string, failures: number): { binary: string; runs: string } {
  const runs = path.join(work, `${name}.runs`);
  const binary = path.join(work, `${name}.sh`);
  writeFileSync(
    binary,
    [
      '#!/bin/sh',
      `echo run >> '${runs}'`,
      `if [ "$(wc -l < '${runs}')" -le ${failures} ]; then echo 'simulated start failure' >&2; exit 1; fi`,
      `exec '${resolvePostgrestBinary()}' "$@"`,
      '',
    ].join('\n'),
  );
  chmodSync(binary, 0o755);
  return { binary, runs };
}

const options = {
  databaseUri: stack.databaseUrl,
  jwtSecret: stack.jwtSecret,
  log: createLogger({ level: 'error', write: () => {} }),
  // Started and stopped inside the test: nothing to stop on a crash of the test process.
  guard: NO_CHILD_GUARD,
};

describe('PostgREST supervision', () => {
  it('restarts a PostgREST that exits while starting, and the start succeeds', async () => {
    const { binary, runs } = flakyPostgrest('once', 1);
    const postgrest = await startPostgrest({ ...options, binary });
    try {
      expect(existsSync(runs)).toBe(true);
      expect(postgrest.isHealthy()).toBe(true);
      expect((await fetch(`${postgrest.url}/`)).status).toBeLessThan(500);
    } finally {
      await postgrest.stop();
    }
  });

  it('fails the start with a clear error once every restart has failed', async () => {
    const { binary } = flakyPostgrest('always', Number.MAX_SAFE_INTEGER);
    const start = startPostgrest({ ...options, binary });
    await expect(start).rejects.toBeInstanceOf(StartupError);
    await expect(start).rejects.toMatchObject({
      message: `PostgREST exited ${POSTGREST_RESTART_DELAYS_MS.length + 1} times while starting.`,
      // Its last words travel with the error: the line it printed just before exiting.
      received: 'exit code 1, last output: simulated start failure',
    });
  }, 20_000);

  it('logs the output of a PostgREST that exited, with the restart it schedules', async () => {
    const { binary } = flakyPostgrest('logged', 1);
    const lines: string[] = [];
    const log = createLogger({ level: 'warn', write: (line: string) => lines.push(line) });
    const postgrest = await startPostgrest({ ...options, log, binary });
    await postgrest.stop();
    const exits = lines
      .map((line) => JSON.parse(line))
      .filter((e) => e.event === 'postgrest_exited');
    expect(exits).toHaveLength(1);
    expect(exits[0]).toMatchObject({
      code: 1,
      restart: 1,
      lastOutput: ['simulated start failure'],
    });
  });
});
