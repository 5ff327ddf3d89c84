import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { finished } from 'node:stream/promises';
import { RepTempleError } from '@reptemple/definitions';
import { type PoseFrame, readTrace, type TraceHeader, TraceWriter } from '@reptemple/pose-sdk';

export const TRACE_EXTENSION = '.ndjson';

/** A trace by its extension, in any case: UP.NDJSON is a trace too. */
export function isTracePath(path: string): boolean {
  return path.toLowerCase().endsWith(TRACE_EXTENSION);
}

export interface LoadedTrace {
  readonly header: TraceHeader;
  readonly frames: PoseFrame[];
}

/**
 * Reads a whole trace file, streaming it from disk. A missing path or a folder is TRACE_NOT_FOUND
 * with advice (the errno error, ENOENT for a missing file, is its cause).
 */
export async function readTraceFile(path: string): Promise<LoadedTrace> {
  const stats = await stat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
    throw new RepTempleError(
      'TRACE_NOT_FOUND',
      `Expected a landmark trace at ${path}, found nothing. Check the path and the working folder (reptemple extract writes traces).`,
      { cause: error },
    );
  });
  if (!stats.isFile()) {
    throw new RepTempleError(
      'TRACE_NOT_FOUND',
      `Expected a landmark trace file at ${path}, found a folder or special file. Pass the path of a .ndjson file.`,
    );
  }
  const stream = createReadStream(path, { encoding: 'utf8' });
  const { header, frames } = await readTrace(stream as AsyncIterable<string>, path);
  const all: PoseFrame[] = [];
  for await (const frame of frames) all.push(frame);
  return { header, frames: all };
}

/** Writes a trace atomically: a crash mid-write never leaves a half trace behind. */
export async function writeTraceFile(
  path: string,
  header: TraceHeader,
  frames: Iterable<PoseFrame>,
): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  // Unique per write, not only per process: two jobs of one run can write the same cache entry
  // (identical files in a batch) at the same time, and a shared temporary file would be written
  // by both and renamed away under the second.
  const partial = `${path}.partial-${process.pid}-${randomUUID()}`;
  const out = createWriteStream(partial, { encoding: 'utf8' });
  try {
    const writer = new TraceWriter(header, (line) => out.write(line));
    for (const frame of frames) writer.write(frame);
    out.end();
    await finished(out);
    await rename(partial, path);
  } catch (error) {
    // A refused frame, a full disk or a target that cannot be replaced: no half-written file stays.
    // The stream opens its file asynchronously: wait until it is closed before removing it.
    const closed = out.closed ? Promise.resolve() : once(out, 'close');
    out.destroy();
    await closed;
    await rm(partial, { force: true });
    throw error;
  }
}

/**
 * The duration a trace covers: its video's, when the header says (traces the CLI writes), else
 * from its first frame to one frame interval after its last.
 */
export function traceDurationMs(trace: LoadedTrace): number {
  if (trace.header.durationMs !== undefined) return trace.header.durationMs;
  const first = trace.frames[0];
  const last = trace.frames[trace.frames.length - 1];
  if (first === undefined || last === undefined) return 0;
  return last.timestampMs - first.timestampMs + 1000 / trace.header.fps;
}
