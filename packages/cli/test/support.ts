import { run } from '../src/index.js';

export interface Captured {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a reptemple command line in-process and captures what it prints. */
export async function reptemple(
  args: readonly string[],
  options: { cwd?: string; signal?: AbortSignal; env?: Record<string, string> } = {},
): Promise<Captured> {
  let stdout = '';
  let stderr = '';
  const code = await run(['node', 'reptemple', ...args], {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    stderrIsTTY: false,
    stderrColumns: 80,
    signal: options.signal ?? new AbortController().signal,
    cwd: options.cwd ?? process.cwd(),
    env: { ...options.env },
  });
  return { code, stdout, stderr };
}
