// The worker's child processes run at the background priority, descendants included (Chromium
// forks its renderers from a zygote started before the worker can lower anything).

import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { getPriority } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKGROUND_PRIORITY, lowerPriority } from '../src/worker/browser-processes.js';

const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

async function childrenOf(pid: number): Promise<number[]> {
  const text = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8');
  return text.trim().split(/\s+/).filter(Boolean).map(Number);
}

describe('lowerPriority', () => {
  it('lowers a process and the processes it started', async () => {
    // A parent with a child, as a browser with its zygote.
    const parent = spawn('sh', ['-c', 'sleep 30 & wait'], { detached: true, stdio: 'ignore' });
    started.push(parent.pid!);
    let children: number[] = [];
    for (let tries = 0; tries < 50 && children.length === 0; tries += 1) {
      children = await childrenOf(parent.pid!);
      if (children.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(children).toHaveLength(1);
    expect(getPriority(parent.pid!)).toBe(getPriority());

    expect(await lowerPriority([parent.pid!])).toBe(2);
    expect(getPriority(parent.pid!)).toBe(BACKGROUND_PRIORITY);
    expect(getPriority(children[0]!)).toBe(BACKGROUND_PRIORITY);
  });

  it('skips a process that is gone', async () => {
    expect(await lowerPriority([2 ** 22 + 1])).toBe(0);
  });
});
