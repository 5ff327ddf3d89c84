/** What a command needs from the process, injectable so commands can be tested in-process. */
export interface CommandContext {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** Progress bars only on an interactive terminal. */
  readonly stderrIsTTY: boolean;
  readonly stderrColumns: number;
  /** Aborted on Ctrl-C: stop new work, keep finished results. */
  readonly signal: AbortSignal;
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
}
