import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TraceError } from '../errors.js';
import type { Landmark, PoseFrame, WorldLandmark } from '../types.js';
import { formatFloat32, formatTraceFrame, type TraceHeader } from './trace-format.js';
import { parseTrace, readTrace, TraceLineParser } from './trace-reader.js';
import { formatTrace, TraceWriter } from './trace-writer.js';

const header: TraceHeader = {
  format: 'reptemple-trace',
  version: 1,
  source: 'test',
  model: 'full',
  fps: 30,
  width: 640,
  height: 360,
};

const float32 = fc.float({ noNaN: true, noDefaultInfinity: true, min: -10, max: 10 });
const landmark = fc.record({
  x: float32,
  y: float32,
  z: float32,
  visibility: fc.float({ min: 0, max: 1, noNaN: true }),
});
const frames = fc
  .array(
    fc.oneof(fc.array(landmark, { minLength: 33, maxLength: 33 }), fc.constant([] as Landmark[])),
    { maxLength: 8 },
  )
  .map((list): PoseFrame[] => list.map((landmarks, i) => ({ timestampMs: i * 33.367, landmarks })));
const worldLandmark = fc.record({ x: float32, y: float32, z: float32 });
/** Version 2 frames: image landmarks with their world landmarks (none when nobody is seen). */
const worldFrames = fc
  .array(fc.array(landmark, { minLength: 33, maxLength: 33 }), { maxLength: 6 })
  .chain((list) =>
    fc
      .array(fc.array(worldLandmark, { minLength: 33, maxLength: 33 }), {
        minLength: list.length,
        maxLength: list.length,
      })
      .map((worlds): PoseFrame[] =>
        list.map((landmarks, i) => ({
          timestampMs: i * 33.367,
          landmarks,
          worldLandmarks: worlds[i] as WorldLandmark[],
        })),
      ),
  );

describe('landmark trace format', () => {
  it('writes float32 values with the fewest digits that read back exactly', () => {
    expect(formatFloat32(0.5)).toBe('0.5');
    expect(formatFloat32(Math.fround(0.1))).toBe('0.1');
    expect(formatFloat32(0)).toBe('0');
    fc.assert(
      fc.property(
        float32,
        (value) => Math.fround(Number(formatFloat32(value))) === Math.fround(value),
      ),
    );
  });

  it('round-trips frames bit for bit', () => {
    fc.assert(
      fc.property(frames, (original) => {
        const { header: readHeader, frames: read } = parseTrace(formatTrace(header, original));
        expect(readHeader).toEqual(header);
        expect(read).toEqual(original);
      }),
      { numRuns: 50 },
    );
  });

  it('round-trips world landmarks (version 2) bit for bit', () => {
    const v2 = { ...header, version: 2 as const };
    fc.assert(
      fc.property(worldFrames, (original) => {
        const { header: readHeader, frames: read } = parseTrace(formatTrace(v2, original));
        expect(readHeader).toEqual(v2);
        expect(read).toEqual(original);
      }),
      { numRuns: 30 },
    );
    expect(formatTraceFrame({ timestampMs: 5, landmarks: [], worldLandmarks: [] })).toBe(
      '{"t":5,"lm":[],"wl":[]}',
    );
  });

  it('reads version 1 frames as before: no worldLandmarks key at all', () => {
    const text = `${JSON.stringify(header)}\n{"t":0,"lm":[]}\n`;
    const [frame] = parseTrace(text).frames;
    expect(frame).toEqual({ timestampMs: 0, landmarks: [] });
    expect(Object.keys(frame!)).toEqual(['timestampMs', 'landmarks']);
  });

  it('streams the same frames whatever the chunk boundaries', async () => {
    await fc.assert(
      fc.asyncProperty(
        frames,
        fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 20 }),
        async (original, cuts) => {
          const text = formatTrace(header, original);
          const chunks: string[] = [];
          let at = 0;
          for (let i = 0; at < text.length; i++) {
            const size = cuts[i % cuts.length]!;
            chunks.push(text.slice(at, at + size));
            at += size;
          }
          const streamed = await readTrace(chunks);
          const read: PoseFrame[] = [];
          for await (const frame of streamed.frames) read.push(frame);
          expect(streamed.header).toEqual(header);
          expect(read).toEqual(parseTrace(text).frames);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('writes a frame with no person as an empty landmark list', () => {
    expect(formatTraceFrame({ timestampMs: 100, landmarks: [] })).toBe('{"t":100,"lm":[]}');
  });

  function errorOf(text: string): TraceError {
    try {
      parseTrace(text, 'clip.ndjson');
    } catch (error) {
      if (error instanceof TraceError) return error;
      throw error;
    }
    throw new Error('expected a TraceError');
  }

  it('names the line and the problem of a malformed trace', () => {
    const good = JSON.stringify(header);
    expect(errorOf('').message).toContain('expected a header line, got an empty trace');
    expect(errorOf('{"format":"other"}').message).toMatch(
      /^Invalid landmark trace at clip.ndjson:1: expected a trace header/,
    );
    expect(errorOf(`${good}\n{"t":0,"lm":[]}\nnot json`).line).toBe(3);
    expect(errorOf(`${good}\n{"t":0,"lm":[[0,0,0]]}`).message).toContain(
      'expected "lm" to have 33 landmarks (or none), got 1',
    );
    expect(errorOf(`${good}\n{"t":10,"lm":[]}\n{"t":5,"lm":[]}`).message).toContain(
      'expected timestamps to increase, got 5 ms after 10 ms',
    );
    expect(errorOf(`${good}\n{"lm":[]}`).message).toContain('no numeric "t"');
    expect(errorOf(`${good}\n{"t":0,"lm":[],"wl":[[0,0,0]]}`).message).toContain(
      'expected "wl" to have 33 world landmarks (or none), got 1',
    );
    expect(errorOf(`${good}\n{"t":0,"lm":[],"wl":"x"}`).message).toContain(
      'expected "wl" to be a list of world landmarks',
    );
    expect(errorOf(JSON.stringify({ ...header, version: 3 })).message).toContain(
      'expected a trace header, got version',
    );
    expect(errorOf(`${good}\n{"t":"0","lm":[]}`).code).toBe('TRACE_INVALID');
  });

  it('skips blank lines and accepts CRLF line ends', async () => {
    const text = `${JSON.stringify(header)}\r\n\r\n{"t":1,"lm":[]}\r\n`;
    const streamed = await readTrace([text]);
    const read: PoseFrame[] = [];
    for await (const frame of streamed.frames) read.push(frame);
    expect(read).toEqual([{ timestampMs: 1, landmarks: [] }]);
    const parser = new TraceLineParser();
    expect(parser.parseLine('')).toBeUndefined();
  });
});

describe('writing refuses what reading would refuse', () => {
  const person = (value = 0.5): Landmark[] =>
    Array.from({ length: 33 }, () => ({ x: value, y: value, z: value, visibility: 0.9 }));
  const frameError = (message: RegExp) =>
    expect.objectContaining({ code: 'FRAME_INVALID', message: expect.stringMatching(message) });

  it('a header without a frame rate or with a fractional size', () => {
    expect(() => formatTrace({ ...header, fps: 0 }, [])).toThrow(
      expect.objectContaining({
        code: 'TRACE_HEADER_INVALID',
        message: expect.stringMatching(/^Expected a trace header .*got fps: /),
      }),
    );
    expect(() => formatTrace({ ...header, width: 640.5 }, [])).toThrow(
      expect.objectContaining({ code: 'TRACE_HEADER_INVALID' }),
    );
  });

  it('a frame time or landmark that is not a finite number, or a wrong landmark count', () => {
    // Each used to be written (NaN as null, or invalid JSON) and then refused by parseTrace.
    expect(() => formatTraceFrame({ timestampMs: Number.NaN, landmarks: [] })).toThrow(
      frameError(/frame time in ms, got NaN/),
    );
    expect(() => formatTraceFrame({ timestampMs: 0, landmarks: person(Number.NaN) })).toThrow(
      frameError(/landmark 0 at 0 ms to have finite x, y, z and visibility/),
    );
    expect(() => formatTraceFrame({ timestampMs: 0, landmarks: person().slice(0, 5) })).toThrow(
      frameError(/Expected 33 landmarks \(or none\), got 5/),
    );
    expect(() =>
      formatTraceFrame({
        timestampMs: 0,
        landmarks: person(),
        worldLandmarks: person().slice(0, 2),
      }),
    ).toThrow(frameError(/Expected 33 world landmarks \(or none\) at 0 ms, got 2/));
    expect(() =>
      formatTraceFrame({ timestampMs: 0, landmarks: person(), worldLandmarks: person(Number.NaN) }),
    ).toThrow(frameError(/world landmark 0 at 0 ms to have finite x, y and z/));
  });

  it('timestamps that do not increase, writing nothing for the refused frame', () => {
    const lines: string[] = [];
    const writer = new TraceWriter(header, (line) => lines.push(line));
    writer.write({ timestampMs: 40, landmarks: [] });
    expect(() => writer.write({ timestampMs: 40, landmarks: [] })).toThrow(
      frameError(/timestamps to increase, got 40 ms after 40 ms/),
    );
    expect(lines).toHaveLength(2);
    expect(parseTrace(lines.join('')).frames).toHaveLength(1);
  });
});
