/**
 * The colour tags an H.264 stream carries in its sequence parameter set (VUI), named as ffmpeg
 * names them: what ffmpeg reports for each decoded frame, and so what the CLI's frames carry.
 * Pure: the avcC record in, tags out (undefined where the stream says nothing).
 */

import { Mp4FormatError } from './mp4-errors.js';

export interface ColourTags {
  readonly range?: string;
  readonly matrix?: string;
  readonly primaries?: string;
  readonly transfer?: string;
}

// H.264 Table E-3..E-5 codes -> ffmpeg's names (only the ones a browser can convert).
const MATRIX: Readonly<Record<number, string>> = {
  0: 'rgb',
  1: 'bt709',
  5: 'bt470bg',
  6: 'smpte170m',
  9: 'bt2020nc',
};
const PRIMARIES: Readonly<Record<number, string>> = {
  1: 'bt709',
  5: 'bt470bg',
  6: 'smpte170m',
  9: 'bt2020',
  12: 'smpte432',
};
const TRANSFER: Readonly<Record<number, string>> = {
  1: 'bt709',
  6: 'smpte170m',
  8: 'linear',
  13: 'iec61966-2-1',
  16: 'smpte2084',
  18: 'arib-std-b67',
};

/** profile_idc values whose SPS carries chroma format, bit depths and scaling matrices. */
const HIGH_PROFILES = new Set([100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135]);

function damagedSps(problem: string): Mp4FormatError {
  return new Mp4FormatError(
    'CORRUPT',
    `Expected a complete H.264 sequence parameter set, but ${problem}.`,
  );
}

class BitReader {
  private bit = 0;
  constructor(private readonly bytes: Uint8Array) {}

  u(bits: number): number {
    let value = 0;
    for (let i = 0; i < bits; i++) {
      const byte = this.bytes[this.bit >> 3];
      if (byte === undefined) throw damagedSps('it ended early');
      value = value * 2 + ((byte >> (7 - (this.bit & 7))) & 1);
      this.bit++;
    }
    return value;
  }

  ue(): number {
    let zeros = 0;
    while (this.u(1) === 0) {
      zeros++;
      if (zeros > 31) throw damagedSps('it holds a bad exp-Golomb code');
    }
    return 2 ** zeros - 1 + this.u(zeros);
  }

  se(): number {
    const k = this.ue();
    return k % 2 === 1 ? (k + 1) / 2 : -k / 2;
  }
}

/** The SPS payload without its NAL header and emulation-prevention bytes (00 00 03 -> 00 00). */
function rbsp(nal: Uint8Array): Uint8Array {
  const out: number[] = [];
  for (let i = 1; i < nal.length; i++) {
    if (i >= 3 && nal[i] === 3 && nal[i - 1] === 0 && nal[i - 2] === 0) continue;
    out.push(nal[i]!);
  }
  return Uint8Array.from(out);
}

/** Colour tags of the first SPS in an avcC record; {} when it has no VUI colour information. */
export function avcColourTags(avcC: Uint8Array): ColourTags {
  if (avcC.length < 8 || (avcC[5]! & 0x1f) === 0) return {};
  const length = (avcC[6]! << 8) | avcC[7]!;
  const reader = new BitReader(rbsp(avcC.subarray(8, 8 + length)));
  const profile = reader.u(8);
  reader.u(16); // constraint flags, level
  reader.ue(); // seq_parameter_set_id
  if (HIGH_PROFILES.has(profile)) {
    const chromaFormat = reader.ue();
    if (chromaFormat === 3) reader.u(1);
    reader.ue(); // bit_depth_luma_minus8
    reader.ue(); // bit_depth_chroma_minus8
    reader.u(1); // qpprime_y_zero_transform_bypass_flag
    if (reader.u(1)) {
      for (let i = 0; i < (chromaFormat !== 3 ? 8 : 12); i++) {
        if (!reader.u(1)) continue;
        let last = 8;
        let next = 8;
        for (let j = 0; j < (i < 6 ? 16 : 64); j++) {
          if (next !== 0) next = (last + reader.se() + 256) % 256;
          last = next === 0 ? last : next;
        }
      }
    }
  }
  reader.ue(); // log2_max_frame_num_minus4
  const pocType = reader.ue();
  if (pocType === 0) reader.ue();
  else if (pocType === 1) {
    reader.u(1);
    reader.se();
    reader.se();
    const cycle = reader.ue();
    for (let i = 0; i < cycle; i++) reader.se();
  }
  reader.ue(); // max_num_ref_frames
  reader.u(1); // gaps_in_frame_num_value_allowed_flag
  reader.ue(); // pic_width_in_mbs_minus1
  reader.ue(); // pic_height_in_map_units_minus1
  if (!reader.u(1)) reader.u(1); // frame_mbs_only_flag, mb_adaptive_frame_field_flag
  reader.u(1); // direct_8x8_inference_flag
  if (reader.u(1)) for (let i = 0; i < 4; i++) reader.ue(); // frame cropping
  if (!reader.u(1)) return {}; // no VUI
  if (reader.u(1) && reader.u(8) === 255) reader.u(32); // aspect ratio
  if (reader.u(1)) reader.u(1); // overscan
  if (!reader.u(1)) return {}; // no video signal type
  reader.u(3); // video_format
  const range = reader.u(1) ? 'pc' : 'tv';
  if (!reader.u(1)) return { range };
  const primaries = PRIMARIES[reader.u(8)];
  const transfer = TRANSFER[reader.u(8)];
  const matrix = MATRIX[reader.u(8)];
  return {
    range,
    ...(matrix ? { matrix } : {}),
    ...(primaries ? { primaries } : {}),
    ...(transfer ? { transfer } : {}),
  };
}
