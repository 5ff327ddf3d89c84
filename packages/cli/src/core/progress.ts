import type { CommandContext } from '../context.js';

const REDRAW_INTERVAL = 100; // ms

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
    const width = Math.max(20, this.context.stderrColumns - 1);
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

export function bar(fraction: number, width = 20): string {
  const filled = Math.round(Math.max(0, Math.min(1, fraction)) * width);
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}]`;
}
