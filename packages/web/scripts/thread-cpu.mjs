// CPU time of this process's descendants, thread by thread, from Linux's /proc (a benchmark
// helper: where the time goes while the record flow runs). Threads are grouped by what runs them:
// Chromium's process type (browser, renderer, gpu-process, utility:<service>), the stack's
// PostgreSQL and Node processes, with the thread's own name (CrRendererMain, Compositor, ...).
// Elsewhere than Linux the readings are empty.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The kernel's clock ticks per second for /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_S = 100;

function parents() {
  const parentOf = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The fields after the command name, which may hold spaces and parentheses.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parentOf.set(Number(entry), Number(fields[1]));
    } catch {
      // The process ended while the table was read.
    }
  }
  return parentOf;
}

function descendants(root) {
  const childrenOf = new Map();
  for (const [pid, parent] of parents()) {
    if (!childrenOf.has(parent)) childrenOf.set(parent, []);
    childrenOf.get(parent).push(pid);
  }
  const found = [];
  const stack = [root];
  while (stack.length > 0) {
    for (const child of childrenOf.get(stack.pop()) ?? []) {
      found.push(child);
      stack.push(child);
    }
  }
  return found;
}

function processKind(pid) {
  // Chromium rewrites its children's command line as one string with spaces (setproctitle).
  const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
  const type = argv.find((arg) => arg.startsWith('--type='))?.slice('--type='.length);
  if (argv[0]?.includes('chrom')) {
    if (!type) return 'browser';
    const service = argv.find((arg) => arg.startsWith('--utility-sub-type='));
    return service ? `utility:${service.split('.').at(-1)}` : type;
  }
  if (argv.some((arg) => arg.includes('postgres'))) return 'postgres';
  if (argv.some((arg) => arg.includes('postgrest'))) return 'postgrest';
  return `node:${path.basename(argv[1] ?? argv[0] ?? '?')}`;
}

/** CPU ms per "process kind / thread name" over all descendants of `root`, right now. */
export function threadCpuMs(root = process.pid) {
  const totals = new Map();
  if (!existsSync('/proc/self/stat')) return totals;
  for (const pid of descendants(root)) {
    let kind;
    let tasks;
    try {
      kind = processKind(pid);
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tasks) {
      try {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        // utime and stime, fields 14 and 15 of stat (11 and 12 after the name).
        const ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
        const key = `${kind} ${name.replace(/\d+$/, '')}`;
        totals.set(key, (totals.get(key) ?? 0) + ms);
      } catch {
        // The thread ended while it was read.
      }
    }
  }
  return totals;
}

/** What each key used between two readings. ms */
export function cpuBetween(before, after) {
  const used = new Map();
  for (const [key, ms] of after) used.set(key, ms - (before.get(key) ?? 0));
  return used;
}

/** Adds one reading's use into a running total. */
export function addCpu(total, used) {
  for (const [key, ms] of used) total.set(key, (total.get(key) ?? 0) + ms);
}
