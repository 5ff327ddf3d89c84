// The headless Chromium processes this process started (the pose engine's): Playwright does not
// give their pids, so they are read from /proc (children of this process named chromium or
// chrome). Each leads its own process group (Playwright starts it detached), so signalling the
// group stops its renderers too. Linux only, like the server's other process checks.

import { readdir, readFile } from 'node:fs/promises';

const BROWSER_NAMES = new Set(['chromium', 'chrome', 'headless_shell', 'chromium-browse']);

export async function childBrowserPids(parentPid = process.pid): Promise<number[]> {
  let entries: string[];
  try {
    entries = await readdir('/proc');
  } catch {
    return []; // not Linux: nothing to find
  }
  const found: number[] = [];
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
    const comm = stat.slice(open + 1, close);
    const ppid = Number(stat.slice(close + 2).split(' ')[1]);
    if (ppid === parentPid && BROWSER_NAMES.has(comm)) found.push(Number(entry));
  }
  return found;
}
