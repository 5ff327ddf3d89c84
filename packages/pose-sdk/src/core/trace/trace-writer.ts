import { FrameError } from '../errors.js';
import type { PoseFrame } from '../types.js';
import { formatTraceFrame, formatTraceHeader, type TraceHeader } from './trace-format.js';

/**
 * Writes a trace line by line to any sink (a file stream, an array, a download buffer).
 * The header goes first, on construction.
 */
export class TraceWriter {
  private lastTimestampMs = Number.NEGATIVE_INFINITY;

  constructor(
    header: TraceHeader,
    private readonly writeLine: (line: string) => void,
  ) {
    writeLine(`${formatTraceHeader(header)}\n`);
  }

  /** Throws a FrameError, writing nothing, for a frame a reader would refuse (see formatTraceFrame). */
  write(frame: PoseFrame): void {
    // Readers require increasing times, as the analysers do.
    if (!(frame.timestampMs > this.lastTimestampMs)) {
      throw new FrameError(
        `Expected frame timestamps to increase, got ${frame.timestampMs} ms after ${this.lastTimestampMs} ms`,
      );
    }
    const line = formatTraceFrame(frame);
    this.lastTimestampMs = frame.timestampMs;
    this.writeLine(`${line}\n`);
  }
}

/** A whole trace as one string, for tests and small traces. */
export function formatTrace(header: TraceHeader, frames: Iterable<PoseFrame>): string {
  const lines: string[] = [];
  const writer = new TraceWriter(header, (line) => lines.push(line));
  for (const frame of frames) writer.write(frame);
  return lines.join('');
}
