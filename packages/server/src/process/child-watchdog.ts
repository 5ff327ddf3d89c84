// The child watchdog: a small process that outlives reptemple-server only to stop its children.
// The server starts it in a session of its own and writes to its standard input one line per child
// ("watch <pid> <start time> <signal>:<ms>,..."), and "forget <pid>" when a child has exited.
// When its standard input closes, the server is gone (an orderly exit, a crash, or SIGKILL, which
// nothing inside the server can catch): it signals each child's process group that is still the
// same process (same start time, so a pid the system has given to another program is never
// signalled), escalates on the schedule given, and exits.
//
// Why a watchdog: PR_SET_PDEATHSIG needs a native call (or util-linux's setpriv, which is not on
// every system) and covers one process, not a child's own children (PostgreSQL's backends,
// Chromium's renderers); a pipe closing when the server dies is reported by the kernel on every
// Linux and macOS, and Node can read it without any native code.

import { readProcessIdentity } from './process-utils.js';

interface Step {
  signal: NodeJS.Signals;
  /** ms after the server died */
  atMs: number;
}

interface Watched {
  startTime: string;
  steps: Step[];
}

/** Exit at the latest this long after the server died, whatever is left. ms */
const GIVE_UP_AFTER_MS = 10_000;
const POLL_MS = 50;

const watched = new Map<number, Watched>();

function parseSteps(text: string): Step[] | undefined {
  const steps: Step[] = [];
  for (const part of text.split(',')) {
    const [signal, at] = part.split(':');
    const atMs = Number(at);
    if (!signal?.startsWith('SIG') || !Number.isFinite(atMs) || atMs < 0) return undefined;
    steps.push({ signal: signal as NodeJS.Signals, atMs });
  }
  return steps.sort((a, b) => a.atMs - b.atMs);
}

function onLine(line: string): void {
  const [command, rawPid, startTime, steps] = line.trim().split(' ');
  const pid = Number(rawPid);
  if (!Number.isInteger(pid) || pid <= 1) return;
  if (command === 'forget') {
    watched.delete(pid);
    return;
  }
  const parsed = steps ? parseSteps(steps) : undefined;
  if (command === 'watch' && startTime && parsed) watched.set(pid, { startTime, steps: parsed });
}

async function isSameProcess(pid: number, entry: Watched): Promise<boolean> {
  return (await readProcessIdentity(pid))?.startTime === entry.startTime;
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    // Each child leads its own process group (it was started detached): its children go with it.
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      // Gone in the meantime: nothing to stop.
    }
  }
}

async function stopChildren(): Promise<void> {
  const started = Date.now();
  const pending = new Map(watched);
  // A pid whose process changed (exited, reused) is dropped before anything is sent.
  for (const [pid, entry] of pending) if (!(await isSameProcess(pid, entry))) pending.delete(pid);
  const sent = new Map<number, number>();
  while (pending.size > 0 && Date.now() - started < GIVE_UP_AFTER_MS) {
    const elapsed = Date.now() - started;
    for (const [pid, entry] of pending) {
      if (!(await isSameProcess(pid, entry))) {
        pending.delete(pid);
        continue;
      }
      const done = sent.get(pid) ?? 0;
      for (let index = done; index < entry.steps.length; index++) {
        if (entry.steps[index]!.atMs > elapsed) break;
        signalGroup(pid, entry.steps[index]!.signal);
        sent.set(pid, index + 1);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

// Terminal signals are the server's to handle (it runs in a session of its own, so they only come
// from someone who aimed at it): it stops when its input closes, or on SIGTERM.
for (const signal of ['SIGINT', 'SIGHUP'] as const) {
  process.on(signal, () => undefined);
}
let buffered = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => {
  buffered += chunk;
  const lines = buffered.split('\n');
  buffered = lines.pop() ?? '';
  for (const line of lines) onLine(line);
});
process.stdin.on('close', () => {
  void stopChildren().then(() => process.exit(0));
});
process.stdin.on('error', () => undefined);
