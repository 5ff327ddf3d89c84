/**
 * Reads an MP4/MOV file's video sample table: where each coded frame is, whether it is a key
 * frame, and its presentation time. The analysis decodes exactly these frames, in order, stamped
 * with exactly the times the CLI's ffmpeg reports (pts x time base, edit list applied), so the
 * browser and `reptemple analyze` feed the analysers the same frames. Pure: bytes in, table out.
 */

import { avcColourTags, type ColourTags } from './avc-colour.js';
import { Mp4FormatError } from './mp4-errors.js';

export { Mp4FormatError, type Mp4FormatErrorCode } from './mp4-errors.js';

export interface Mp4Sample {
  /** Byte offset of the coded frame in the file. */
  readonly offset: number;
  readonly size: number;
  readonly isKey: boolean;
  /** Presentation time in track ticks (edit list applied). */
  readonly ptsTicks: number;
  /** Presentation time in ms, computed as ffmpeg's showinfo pts x time base x 1000. */
  readonly timestampMs: number;
}

export interface Mp4VideoTrack {
  /** WebCodecs codec string, e.g. avc1.64001e */
  readonly codec: string;
  /** avcC record for VideoDecoderConfig.description. */
  readonly description: Uint8Array;
  readonly codedWidth: number;
  readonly codedHeight: number;
  /** Ticks per second of the track's clock. */
  readonly timescale: number;
  /**
   * Degrees clockwise the player turns the coded frames for display (the track header's matrix,
   * as phones record portrait video). ffmpeg turns decoded frames the same way before the CLI
   * analyses them.
   */
  readonly rotation: Mp4Rotation;
  /** The stream's colour tags, in ffmpeg's names (what ffmpeg reports for its frames). */
  readonly colour: ColourTags;
  /** In decode order (the order a decoder must receive them). */
  readonly samples: readonly Mp4Sample[];
}

export type Mp4Rotation = 0 | 90 | 180 | 270;

interface Box {
  readonly type: string;
  /** Start of the payload (after the header). */
  readonly start: number;
  readonly end: number;
}

function readBoxes(view: DataView, start: number, end: number): Box[] {
  const boxes: Box[] = [];
  let offset = start;
  while (offset + 8 <= end) {
    let size = view.getUint32(offset);
    const type = String.fromCharCode(
      view.getUint8(offset + 4),
      view.getUint8(offset + 5),
      view.getUint8(offset + 6),
      view.getUint8(offset + 7),
    );
    let header = 8;
    if (size === 1) {
      if (offset + 16 > end) break;
      size = Number(view.getBigUint64(offset + 8));
      header = 16;
    } else if (size === 0) {
      size = end - offset;
    }
    if (size < header || offset + size > end) {
      throw new Mp4FormatError(
        'CORRUPT',
        `Expected the ${type} box at byte ${offset} to fit in the file, received size ${size}. The file is truncated or damaged.`,
      );
    }
    boxes.push({ type, start: offset + header, end: offset + size });
    offset += size;
  }
  return boxes;
}

function child(view: DataView, box: Box, type: string): Box | undefined {
  return readBoxes(view, box.start, box.end).find((b) => b.type === type);
}

function path(view: DataView, box: Box, types: readonly string[]): Box | undefined {
  let current: Box | undefined = box;
  for (const type of types) {
    if (!current) return undefined;
    current = child(view, current, type);
  }
  return current;
}

function hex2(value: number): string {
  return value.toString(16).padStart(2, '0');
}

/** Track time of each edit: ffmpeg shifts presentation times by the first edit's media time. */
function editShiftTicks(view: DataView, trak: Box, trackTimescale: number, movieTimescale: number) {
  const elst = path(view, trak, ['edts', 'elst']);
  if (!elst) return 0;
  const version = view.getUint8(elst.start);
  const count = view.getUint32(elst.start + 4);
  let offset = elst.start + 8;
  let emptyTicks = 0;
  for (let i = 0; i < count; i++) {
    const segmentDuration =
      version === 1 ? Number(view.getBigUint64(offset)) : view.getUint32(offset);
    const mediaTime =
      version === 1 ? Number(view.getBigInt64(offset + 8)) : view.getInt32(offset + 4);
    offset += version === 1 ? 20 : 12;
    if (mediaTime === -1) {
      // An empty edit delays the track; its duration is in the movie's clock.
      emptyTicks += Math.round((segmentDuration * trackTimescale) / movieTimescale);
      continue;
    }
    return emptyTicks - mediaTime;
  }
  return emptyTicks;
}

/**
 * The first video track's sample table. Throws Mp4FormatError for files the caller must analyse
 * another way (not MP4, fragmented, a codec other than H.264).
 */
export function readMp4VideoTrack(bytes: Uint8Array): Mp4VideoTrack {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 12 || view.getUint32(4) !== 0x66747970 /* ftyp */) {
    throw new Mp4FormatError('NOT_MP4', 'Expected an MP4/MOV file (ftyp box first).');
  }
  const top = readBoxes(view, 0, bytes.byteLength);
  const moov = top.find((b) => b.type === 'moov');
  if (!moov)
    throw new Mp4FormatError('CORRUPT', 'Expected a moov box in the MP4 file, found none.');
  if (top.some((b) => b.type === 'moof') || child(view, moov, 'mvex')) {
    throw new Mp4FormatError('FRAGMENTED', 'Fragmented MP4 files have no complete sample table.');
  }
  const mvhd = child(view, moov, 'mvhd');
  const movieTimescale = mvhd
    ? view.getUint32(mvhd.start + (view.getUint8(mvhd.start) === 1 ? 20 : 12))
    : 1000;

  for (const trak of readBoxes(view, moov.start, moov.end).filter((b) => b.type === 'trak')) {
    const hdlr = path(view, trak, ['mdia', 'hdlr']);
    if (!hdlr) continue;
    const handler = String.fromCharCode(...bytes.subarray(hdlr.start + 8, hdlr.start + 12));
    if (handler !== 'vide') continue;
    return readVideoTrak(view, bytes, trak, movieTimescale);
  }
  throw new Mp4FormatError('NO_VIDEO_TRACK', 'Expected a video track in the MP4 file, found none.');
}

function readVideoTrak(
  view: DataView,
  bytes: Uint8Array,
  trak: Box,
  movieTimescale: number,
): Mp4VideoTrack {
  const mdhd = path(view, trak, ['mdia', 'mdhd']);
  const stbl = path(view, trak, ['mdia', 'minf', 'stbl']);
  if (!mdhd || !stbl) throw new Mp4FormatError('CORRUPT', 'The video track has no sample table.');
  const timescale = view.getUint32(mdhd.start + (view.getUint8(mdhd.start) === 1 ? 20 : 12));
  const tables = new Map(readBoxes(view, stbl.start, stbl.end).map((b) => [b.type, b]));

  // Sample description: the codec and its decoder configuration.
  const stsd = tables.get('stsd');
  if (!stsd) throw new Mp4FormatError('CORRUPT', 'The video track has no sample description.');
  const [entry] = readBoxes(view, stsd.start + 8, stsd.end);
  if (!entry || (entry.type !== 'avc1' && entry.type !== 'avc3')) {
    throw new Mp4FormatError(
      'UNSUPPORTED_CODEC',
      `Expected H.264 (avc1) video, received ${entry?.type ?? 'no sample entry'}.`,
    );
  }
  const codedWidth = view.getUint16(entry.start + 24);
  const codedHeight = view.getUint16(entry.start + 26);
  // Visual sample entry: 78 bytes of fixed fields before the child boxes.
  const avcC = readBoxes(view, entry.start + 78, entry.end).find((b) => b.type === 'avcC');
  if (!avcC) throw new Mp4FormatError('CORRUPT', 'The H.264 track has no avcC configuration.');
  const description = bytes.slice(avcC.start, avcC.end);
  const codec = `avc1.${hex2(description[1]!)}${hex2(description[2]!)}${hex2(description[3]!)}`;

  // Sizes.
  const stsz = tables.get('stsz');
  if (!stsz) throw new Mp4FormatError('CORRUPT', 'The video track has no sample sizes.');
  const fixedSize = view.getUint32(stsz.start + 4);
  const count = view.getUint32(stsz.start + 8);
  const sizes = new Array<number>(count);
  for (let i = 0; i < count; i++)
    sizes[i] = fixedSize !== 0 ? fixedSize : view.getUint32(stsz.start + 12 + i * 4);

  // Chunk offsets and the samples in each chunk -> each sample's byte offset.
  const stco = tables.get('stco');
  const co64 = tables.get('co64');
  const chunkOffsets: number[] = [];
  if (stco) {
    const n = view.getUint32(stco.start + 4);
    for (let i = 0; i < n; i++) chunkOffsets.push(view.getUint32(stco.start + 8 + i * 4));
  } else if (co64) {
    const n = view.getUint32(co64.start + 4);
    for (let i = 0; i < n; i++)
      chunkOffsets.push(Number(view.getBigUint64(co64.start + 8 + i * 8)));
  } else {
    throw new Mp4FormatError('CORRUPT', 'The video track has no chunk offsets.');
  }
  const stsc = tables.get('stsc');
  if (!stsc) throw new Mp4FormatError('CORRUPT', 'The video track has no sample-to-chunk table.');
  const stscEntries: { firstChunk: number; perChunk: number }[] = [];
  const stscCount = view.getUint32(stsc.start + 4);
  for (let i = 0; i < stscCount; i++) {
    stscEntries.push({
      firstChunk: view.getUint32(stsc.start + 8 + i * 12),
      perChunk: view.getUint32(stsc.start + 12 + i * 12),
    });
  }
  const offsets = new Array<number>(count);
  let sample = 0;
  for (let e = 0; e < stscEntries.length && sample < count; e++) {
    const { firstChunk, perChunk } = stscEntries[e]!;
    const lastChunk =
      e + 1 < stscEntries.length ? stscEntries[e + 1]!.firstChunk - 1 : chunkOffsets.length;
    for (let chunk = firstChunk; chunk <= lastChunk && sample < count; chunk++) {
      let offset = chunkOffsets[chunk - 1]!;
      for (let k = 0; k < perChunk && sample < count; k++) {
        offsets[sample] = offset;
        offset += sizes[sample]!;
        sample++;
      }
    }
  }
  if (sample < count) throw new Mp4FormatError('CORRUPT', 'The sample-to-chunk table is short.');

  // Decode times (stts) plus composition offsets (ctts) -> presentation times.
  const stts = tables.get('stts');
  if (!stts) throw new Mp4FormatError('CORRUPT', 'The video track has no decode times.');
  const decodeTicks = new Array<number>(count);
  {
    let t = 0;
    let s = 0;
    const n = view.getUint32(stts.start + 4);
    for (let i = 0; i < n; i++) {
      const runLength = view.getUint32(stts.start + 8 + i * 8);
      const delta = view.getUint32(stts.start + 12 + i * 8);
      for (let k = 0; k < runLength && s < count; k++, s++) {
        decodeTicks[s] = t;
        t += delta;
      }
    }
    if (s < count) throw new Mp4FormatError('CORRUPT', 'The decode-time table is short.');
  }
  const compositionOffsets = new Array<number>(count).fill(0);
  const ctts = tables.get('ctts');
  if (ctts) {
    const version = view.getUint8(ctts.start);
    const n = view.getUint32(ctts.start + 4);
    let s = 0;
    for (let i = 0; i < n; i++) {
      const runLength = view.getUint32(ctts.start + 8 + i * 8);
      const offset =
        version === 1
          ? view.getInt32(ctts.start + 12 + i * 8)
          : view.getUint32(ctts.start + 12 + i * 8);
      for (let k = 0; k < runLength && s < count; k++, s++) compositionOffsets[s] = offset;
    }
  }
  // Key frames (stss); without the table every sample is a key frame.
  const stss = tables.get('stss');
  const keys = new Set<number>();
  if (stss) {
    const n = view.getUint32(stss.start + 4);
    for (let i = 0; i < n; i++) keys.add(view.getUint32(stss.start + 8 + i * 4) - 1);
  }

  const shift = editShiftTicks(view, trak, timescale, movieTimescale);
  // ffmpeg's showinfo: pts x time base (1/timescale) x 1000, in this order of operations.
  const timeBase = 1 / timescale;
  const samples: Mp4Sample[] = [];
  for (let i = 0; i < count; i++) {
    const ptsTicks = decodeTicks[i]! + compositionOffsets[i]! + shift;
    samples.push({
      offset: offsets[i]!,
      size: sizes[i]!,
      isKey: stss ? keys.has(i) : true,
      ptsTicks,
      timestampMs: ptsTicks * timeBase * 1000,
    });
  }
  const rotation = displayRotation(view, trak);
  const colour: ColourTags = avcColourTags(description);
  return { codec, description, codedWidth, codedHeight, timescale, rotation, colour, samples };
}

/**
 * The clockwise display rotation in the track header's matrix: [a b; c d] = [cos θ, -sin θ;
 * sin θ, cos θ] in 16.16 fixed point for θ counter-clockwise, which is what ffmpeg's
 * `av_display_rotation_get` reads; its CLI then turns the frames clockwise by -θ. Mirrored or
 * skewed matrices are refused (the caller analyses such files another way).
 */
function displayRotation(view: DataView, trak: Box): Mp4Rotation {
  const tkhd = child(view, trak, 'tkhd');
  if (!tkhd) return 0;
  const version = view.getUint8(tkhd.start);
  // version, flags, times, track id, reserved, duration, reserved(8), layer, group, volume, reserved
  const matrixAt = tkhd.start + (version === 1 ? 52 : 40);
  const fixed = (index: number) => view.getInt32(matrixAt + index * 4) / 65536;
  const [a, b, c, d] = [fixed(0), fixed(1), fixed(3), fixed(4)];
  // ffmpeg: theta = atan2(matrix[1], matrix[0]) over the transposed [a c; b d] layout.
  const counterClockwise = Math.round((Math.atan2(c, a) * 180) / Math.PI);
  const clockwise = (((-counterClockwise % 360) + 360) % 360) as number;
  const isRotation =
    Math.abs(a - d) < 1e-3 && Math.abs(b + c) < 1e-3 && Math.abs(a * a + b * b - 1) < 1e-3;
  if (!isRotation || clockwise % 90 !== 0) {
    throw new Mp4FormatError(
      'UNSUPPORTED_CODEC',
      `Expected the video track to be turned by a multiple of 90 degrees, received the matrix [${a} ${b}; ${c} ${d}].`,
    );
  }
  return clockwise as Mp4Rotation;
}

/**
 * The frames a decoder presents, in presentation order: the samples an edit list cuts before the
 * start (negative times) are decoded as references but not shown, as in ffmpeg.
 */
export function presentedFrames(track: Mp4VideoTrack): Mp4Sample[] {
  return track.samples
    .filter((sample) => sample.ptsTicks >= 0)
    .sort((a, b) => a.ptsTicks - b.ptsTicks);
}
