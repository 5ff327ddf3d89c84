/**
 * Landmark traces: NDJSON, one JSON document a line.
 *
 * Line 1, the header:
 *   {"format":"reptemple-trace","version":1,"source":"pushup/08.mp4","model":"full",
 *    "fps":30,"width":640,"height":360}
 * Every further line, one frame:
 *   {"t":33.367,"lm":[[x,y,z,visibility], ... 33 of them],"wl":[[x,y,z], ... 33 of them]}
 *   ("lm":[] when nobody is seen; "wl", the world landmarks in metres, only when the host had them)
 *
 * Version 2 added "wl" (BlazePose world landmarks). Version 1 traces have none and are still read:
 * their frames carry no `worldLandmarks`, exactly as before.
 *
 * `t` is the frame's presentation time in ms, written exactly. Landmark numbers are float32 values (what BlazePose
 * produces) written with the fewest digits that read back to the same float32, so a trace replays
 * bit for bit what the live pose model gave.
 */
import { z } from 'zod';
import { FrameError, RepTempleError } from '../errors.js';
import { LANDMARK_COUNT, type Landmark, type PoseFrame, type WorldLandmark } from '../types.js';

export const TRACE_FORMAT = 'reptemple-trace';
/** The version written today: 2 (world landmarks). */
export const TRACE_VERSION = 2;
/** Every version a reader accepts. */
export const TRACE_VERSIONS = [1, 2] as const;

export const traceHeaderSchema = z.object({
  format: z.literal(TRACE_FORMAT),
  version: z.union([z.literal(1), z.literal(2)]),
  /** Where the frames came from: a video path, a camera, a test generator. */
  source: z.string(),
  /** The pose model that produced the landmarks: lite, full, heavy, or a description. */
  model: z.string(),
  /** Frames per second of the source (or of the sampling, when frames were sampled). */
  fps: z.number().positive(),
  /** Pixel size of the frames, needed for aspect-correct angles. */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /**
   * Optional: how long the source video plays, in ms. With it, a trace sampled to a lower rate
   * reports the video's duration; without it readers use the span of the frames.
   */
  durationMs: z.number().positive().optional(),
  /** Optional provenance: content hash of the source file, tool versions, notes. */
  sourceSha256: z.string().optional(),
  createdBy: z.string().optional(),
});

export type TraceHeader = z.infer<typeof traceHeaderSchema>;

const MAX_FLOAT32_DIGITS = 9;

/** The shortest decimal text that reads back (through Math.fround) to the same float32. */
export function formatFloat32(value: number): string {
  const single = Math.fround(value);
  if (!Number.isFinite(single)) return 'null';
  if (single === 0) return Object.is(single, -0) ? '-0' : '0';
  for (let digits = 1; digits < MAX_FLOAT32_DIGITS; digits++) {
    const text = single.toPrecision(digits);
    if (Math.fround(Number(text)) === single) return String(Number(text));
  }
  return String(Number(single.toPrecision(MAX_FLOAT32_DIGITS)));
}

/** Checks a trace header: the header, or what is wrong with it (`fps: ...; width: ...`). */
export function checkTraceHeader(value: unknown): TraceHeader | string {
  const parsed = traceHeaderSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  return parsed.error.issues
    .map((issue) => `${issue.path.join('.') || 'header'}: ${issue.message}`)
    .join('; ');
}

/** The header line; throws TRACE_HEADER_INVALID for a header a reader would refuse. */
export function formatTraceHeader(header: TraceHeader): string {
  const checked = checkTraceHeader(header);
  if (typeof checked === 'string') {
    throw new RepTempleError(
      'TRACE_HEADER_INVALID',
      `Expected a trace header (format, version, source, model, fps > 0, width and height in whole pixels), got ${checked}`,
      {
        hint: 'Build the header from the video: its name, the pose model, its frame rate and size.',
      },
    );
  }
  return JSON.stringify(checked);
}

/**
 * One frame as one NDJSON line (without the newline). Throws a FrameError for a frame a reader
 * would refuse (a time or landmark that is not a finite number, a landmark count other than 33
 * or 0), so a trace that was written can always be read.
 */
export function formatTraceFrame(frame: PoseFrame): string {
  if (!Number.isFinite(frame.timestampMs)) {
    throw new FrameError(`Expected a frame time in ms, got ${frame.timestampMs}`);
  }
  const count = frame.landmarks.length;
  if (count !== 0 && count !== LANDMARK_COUNT) {
    throw new FrameError(`Expected ${LANDMARK_COUNT} landmarks (or none), got ${count}`);
  }
  let line = `{"t":${formatTimestamp(frame.timestampMs)},"lm":[`;
  for (let i = 0; i < count; i++) {
    const landmark = frame.landmarks[i]!;
    if (
      !(
        Number.isFinite(landmark.x) &&
        Number.isFinite(landmark.y) &&
        Number.isFinite(landmark.z) &&
        Number.isFinite(landmark.visibility)
      )
    ) {
      throw new FrameError(
        `Expected landmark ${i} at ${frame.timestampMs} ms to have finite x, y, z and visibility, got ${landmark.x}, ${landmark.y}, ${landmark.z}, ${landmark.visibility}`,
      );
    }
    if (i > 0) line += ',';
    line += `[${formatFloat32(landmark.x)},${formatFloat32(landmark.y)},${formatFloat32(landmark.z)},${formatFloat32(landmark.visibility)}]`;
  }
  line += ']';
  const world = frame.worldLandmarks;
  if (world !== undefined) line += `,"wl":${formatWorldLandmarks(world, frame.timestampMs)}`;
  return `${line}}`;
}

function formatWorldLandmarks(world: readonly WorldLandmark[], timestampMs: number): string {
  if (world.length !== 0 && world.length !== LANDMARK_COUNT) {
    throw new FrameError(
      `Expected ${LANDMARK_COUNT} world landmarks (or none) at ${timestampMs} ms, got ${world.length}`,
    );
  }
  let text = '[';
  for (let i = 0; i < world.length; i++) {
    const point = world[i]!;
    if (!(Number.isFinite(point.x) && Number.isFinite(point.y) && Number.isFinite(point.z))) {
      throw new FrameError(
        `Expected world landmark ${i} at ${timestampMs} ms to have finite x, y and z, got ${point.x}, ${point.y}, ${point.z}`,
      );
    }
    if (i > 0) text += ',';
    text += `[${formatFloat32(point.x)},${formatFloat32(point.y)},${formatFloat32(point.z)}]`;
  }
  return `${text}]`;
}

function formatTimestamp(ms: number): string {
  // The shortest text that reads back to the same double: a cached trace replays exactly what a
  // fresh extraction would (timing rules compare milliseconds).
  return String(ms);
}

/** Reads a frame line's landmarks back; returns a problem description instead of throwing. */
export function landmarksFromJson(value: unknown): Landmark[] | string {
  if (!Array.isArray(value)) return `expected "lm" to be a list of landmarks, got ${typeof value}`;
  if (value.length !== 0 && value.length !== LANDMARK_COUNT) {
    return `expected "lm" to have ${LANDMARK_COUNT} landmarks (or none), got ${value.length}`;
  }
  // Filled with push, not `new Array(length)`: V8 keeps the array packed, and analysers read
  // these landmarks millions of times.
  const landmarks: Landmark[] = [];
  for (let i = 0; i < value.length; i++) {
    const entry = value[i];
    if (!Array.isArray(entry) || entry.length !== 4 || !entry.every((n) => typeof n === 'number')) {
      return `expected landmark ${i} to be [x, y, z, visibility], got ${JSON.stringify(entry)}`;
    }
    const [x, y, z, visibility] = entry as [number, number, number, number];
    landmarks.push({
      x: Math.fround(x),
      y: Math.fround(y),
      z: Math.fround(z),
      visibility: Math.fround(visibility),
    });
  }
  return landmarks;
}

/** Reads a frame line's world landmarks ("wl") back; returns a problem description instead of throwing. */
export function worldLandmarksFromJson(value: unknown): WorldLandmark[] | string {
  if (!Array.isArray(value))
    return `expected "wl" to be a list of world landmarks, got ${typeof value}`;
  if (value.length !== 0 && value.length !== LANDMARK_COUNT) {
    return `expected "wl" to have ${LANDMARK_COUNT} world landmarks (or none), got ${value.length}`;
  }
  const points: WorldLandmark[] = [];
  for (let i = 0; i < value.length; i++) {
    const entry = value[i];
    if (!Array.isArray(entry) || entry.length !== 3 || !entry.every((n) => typeof n === 'number')) {
      return `expected world landmark ${i} to be [x, y, z] in metres, got ${JSON.stringify(entry)}`;
    }
    const [x, y, z] = entry as [number, number, number];
    points.push({ x: Math.fround(x), y: Math.fround(y), z: Math.fround(z) });
  }
  return points;
}
