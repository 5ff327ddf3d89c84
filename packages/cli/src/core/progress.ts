import type { CommandContext } from '../context.js';

const REDRAW_INTERVAL = 100; // ms
/** Width assumed when the terminal does not say (characters). */
export const DEFAULT_TERMINAL_COLUMNS = 80;
/** Narrowest bar line drawn, even on a narrower terminal (characters). */
const MIN_PROGRESS_WIDTH = 20;

/**
 * A one-line progress bar on stderr, redrawn in place. Silent when stderr is not a terminal,
 * so logs and CI output stay clean and stdout carries only results.
 */
export class ProgressLine {
  private lastDraw = 0;
  private visible = false;

  constructor(private readonly context: CommandContext) {}

  get enabled(): boolean {
    return this.context.stderrIsTTY;
  }

  update(text: string, force = false): void {
    if (!this.enabled) return;
    const now = Date.now();
    if (!force && now - this.lastDraw < REDRAW_INTERVAL) return;
    this.lastDraw = now;
    // Some terminals (and stderr under some multiplexers) report 0 columns: not a usable width.
    const columns =
      this.context.stderrColumns > 0 ? this.context.stderrColumns : DEFAULT_TERMINAL_COLUMNS;
    const width = Math.max(MIN_PROGRESS_WIDTH, columns - 1);
    this.context.stderr(
      `\r\u001b[2K${text.length > width ? `${text.slice(0, width - 1)}…` : text}`,
    );
    this.visible = true;
  }

  /** Removes the bar so that a following message starts on a clean line. */
  clear(): void {
    if (!this.visible) return;
    this.context.stderr('\r\u001b[2K');
    this.visible = false;
  }
}

/** The line shown while the pose engine starts (seconds of headless Chromium start-up). */
export function startingWorkersText(workers: number): string {
  return `starting ${workers} pose worker${workers === 1 ? '' : 's'} (headless Chromium)...`;
}

export function bar(fraction: number, width = 20): string {
  const filled = Math.round(Math.max(0, Math.min(1, fraction)) * width);
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}]`;
}
