import type { PoseFrame } from '../types.js';
import { formatTraceFrame, formatTraceHeader, type TraceHeader } from './trace-format.js';

/**
 * Writes a trace line by line to any sink (a file stream, an array, a download buffer).
 * The header goes first, on construction.
 */
export class TraceWriter {
  constructor(
    header: TraceHeader,
    private readonly writeLine: (line: string) => void,
  ) {
    writeLine(`${formatTraceHeader(header)}\n`);
  }

  write(frame: PoseFrame): void {
    this.writeLine(`${formatTraceFrame(frame)}\n`);
  }
}

/** A whole trace as one string, for tests and small traces. */
export function formatTrace(header: TraceHeader, frames: Iterable<PoseFrame>): string {
  const lines: string[] = [];
  const writer = new TraceWriter(header, (line) => lines.push(line));
  for (const frame of frames) writer.write(frame);
  return lines.join('');
}
