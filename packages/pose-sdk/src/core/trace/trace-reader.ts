import { TraceError } from '../errors.js';
import type { PoseFrame } from '../types.js';
import {
  checkTraceHeader,
  landmarksFromJson,
  type TraceHeader,
  worldLandmarksFromJson,
} from './trace-format.js';

export interface Trace {
  readonly header: TraceHeader;
  readonly frames: PoseFrame[];
}

/**
 * Reads a trace line by line. Feed it lines (without newlines) in order; it returns the header
 * for the first line and a frame for every other non-blank line, and throws a TraceError naming
 * the line for anything malformed. Frame timestamps must increase.
 */
export class TraceLineParser {
  private lineNumber = 0;
  private header: TraceHeader | undefined;
  private lastTimestampMs = Number.NEGATIVE_INFINITY;

  constructor(private readonly source?: string) {}

  get traceHeader(): TraceHeader | undefined {
    return this.header;
  }

  /** Returns the header, a frame, or undefined for a blank line. */
  parseLine(line: string): TraceHeader | PoseFrame | undefined {
    this.lineNumber++;
    if (line.trim() === '') return undefined;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new TraceError(
        this.lineNumber,
        `expected a JSON document, got ${describeJsonError(error)}`,
        this.source,
      );
    }
    if (this.header === undefined) {
      const checked = checkTraceHeader(value);
      if (typeof checked === 'string') {
        throw new TraceError(
          this.lineNumber,
          `expected a trace header, got ${checked}`,
          this.source,
        );
      }
      this.header = checked;
      return this.header;
    }
    return this.parseFrame(value);
  }

  private parseFrame(value: unknown): PoseFrame {
    const frame = value as { t?: unknown; lm?: unknown; wl?: unknown } | null;
    if (
      frame === null ||
      typeof frame !== 'object' ||
      typeof frame.t !== 'number' ||
      !Number.isFinite(frame.t)
    ) {
      throw new TraceError(
        this.lineNumber,
        'expected a frame {"t": ms, "lm": [...]}, got no numeric "t"',
        this.source,
      );
    }
    if (frame.t <= this.lastTimestampMs) {
      throw new TraceError(
        this.lineNumber,
        `expected timestamps to increase, got ${frame.t} ms after ${this.lastTimestampMs} ms`,
        this.source,
      );
    }
    const landmarks = landmarksFromJson(frame.lm);
    if (typeof landmarks === 'string')
      throw new TraceError(this.lineNumber, landmarks, this.source);
    this.lastTimestampMs = frame.t;
    // Version 1 frames have no "wl": they read back exactly as before, with no worldLandmarks key.
    if (frame.wl === undefined) return { timestampMs: frame.t, landmarks };
    const worldLandmarks = worldLandmarksFromJson(frame.wl);
    if (typeof worldLandmarks === 'string')
      throw new TraceError(this.lineNumber, worldLandmarks, this.source);
    return { timestampMs: frame.t, landmarks, worldLandmarks };
  }

  /** Call after the last line: a trace with no header is an error. */
  finish(): TraceHeader {
    if (this.header === undefined)
      throw new TraceError(
        Math.max(1, this.lineNumber),
        'expected a header line, got an empty trace',
        this.source,
      );
    return this.header;
  }
}

function describeJsonError(error: unknown): string {
  return error instanceof Error ? `invalid JSON (${error.message})` : 'invalid JSON';
}

/** Parses a whole trace held in memory. */
export function parseTrace(text: string, source?: string): Trace {
  const parser = new TraceLineParser(source);
  const frames: PoseFrame[] = [];
  for (const line of text.split('\n')) {
    const item = parser.parseLine(line);
    if (item !== undefined && 'timestampMs' in item) frames.push(item);
  }
  return { header: parser.finish(), frames };
}

/**
 * Streams a trace from text chunks of any size (a Node file stream with utf8 encoding, a
 * browser ReadableStream piped through TextDecoderStream...), without holding it all in memory.
 * Resolves the header first; the returned frames iterate the rest.
 */
export async function readTrace(
  chunks: AsyncIterable<string> | Iterable<string>,
  source?: string,
): Promise<{ header: TraceHeader; frames: AsyncIterable<PoseFrame> }> {
  const parser = new TraceLineParser(source);
  const lines = splitLines(chunks)[Symbol.asyncIterator]();
  let header: TraceHeader | undefined;
  while (header === undefined) {
    const next = await lines.next();
    if (next.done) {
      parser.finish();
      break;
    }
    const item = parser.parseLine(next.value);
    if (item !== undefined && !('timestampMs' in item)) header = item;
  }
  async function* frames(): AsyncGenerator<PoseFrame> {
    for (;;) {
      const next = await lines.next();
      if (next.done) return;
      const item = parser.parseLine(next.value);
      if (item !== undefined && 'timestampMs' in item) yield item;
    }
  }
  return { header: parser.finish(), frames: frames() };
}

async function* splitLines(
  chunks: AsyncIterable<string> | Iterable<string>,
): AsyncGenerator<string> {
  let pending = '';
  for await (const chunk of chunks) {
    pending += chunk;
    let newline = pending.indexOf('\n');
    while (newline !== -1) {
      yield pending.slice(0, newline).replace(/\r$/, '');
      pending = pending.slice(newline + 1);
      newline = pending.indexOf('\n');
    }
  }
  if (pending !== '') yield pending;
}
