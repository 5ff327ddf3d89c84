// The headless Chromium processes this process started (the pose engine's): Playwright does not
// give their pids, so they are read from /proc (children of this process named chromium or
// chrome). Each leads its own process group (Playwright starts it detached), so signalling the
// group stops its renderers too. Linux only, like the server's other process checks.

import { readdir, readFile } from 'node:fs/promises';
import { constants, setPriority } from 'node:os';

const BROWSER_NAMES = new Set(['chromium', 'chrome', 'headless_shell', 'chromium-browse']);

interface ProcessEntry {
  pid: number;
  ppid: number;
  comm: string;
}

async function processTable(): Promise<ProcessEntry[]> {
  let entries: string[];
  try {
    entries = await readdir('/proc');
  } catch {
    return []; // not Linux: nothing to find
  }
  const table: ProcessEntry[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = await readFile(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    // pid (comm) state ppid ...: comm may hold spaces, so split after its closing parenthesis.
    const open = stat.indexOf('(');
    const close = stat.lastIndexOf(')');
    table.push({
      pid: Number(entry),
      comm: stat.slice(open + 1, close),
      ppid: Number(stat.slice(close + 2).split(' ')[1]),
    });
  }
  return table;
}

export async function childBrowserPids(parentPid = process.pid): Promise<number[]> {
  return (await processTable())
    .filter((entry) => entry.ppid === parentPid && BROWSER_NAMES.has(entry.comm))
    .map((entry) => entry.pid);
}

/** Verification is background work: its browsers (with their zygotes and renderers, which later
 * renderers are forked from) and its ffmpeg run at the lowest priority, so that on a busy worker
 * the database and the API it shares a machine with are served first. */
export const BACKGROUND_PRIORITY = constants.priority.PRIORITY_LOW;

/** Gives each process and all its descendants the background priority. Processes that exit
 * meanwhile are skipped. Answers how many were changed. */
export async function lowerPriority(rootPids: readonly number[]): Promise<number> {
  const table = await processTable();
  const pending = [...rootPids];
  const seen = new Set<number>();
  let changed = 0;
  while (pending.length > 0) {
    const pid = pending.pop()!;
    if (seen.has(pid)) continue;
    seen.add(pid);
    try {
      setPriority(pid, BACKGROUND_PRIORITY);
      changed += 1;
    } catch {
      // exited meanwhile: nothing to lower
    }
    for (const entry of table) if (entry.ppid === pid) pending.push(entry.pid);
  }
  return changed;
}
