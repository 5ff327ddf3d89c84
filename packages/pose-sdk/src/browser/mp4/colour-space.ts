/// <reference lib="dom" />
/**
 * ffmpeg's colour tag names -> WebCodecs' VideoColorSpaceInit, so a VideoFrame of a file's samples
 * (from ffmpeg in the CLI, from WebCodecs in a page) is converted to RGB exactly as Chromium
 * converts the same file in a <video>. Unknown primaries and transfer are left out: Chromium then
 * applies the same defaults it applies to the file.
 */
import type { ColourTags } from '../../media/avc-colour.js';

/**
 * The YUV matrix Chromium's <video> assumes for a file that names none (measured: BT.601, with
 * limited range).
 */
export const UNTAGGED_MATRIX = 'smpte170m';

// TypeScript's DOM lib lists only some of the values Chromium accepts, hence plain strings.
const MATRIX: Readonly<Record<string, string>> = {
  rgb: 'rgb',
  bt709: 'bt709',
  bt470bg: 'bt470bg',
  smpte170m: 'smpte170m',
  bt2020nc: 'bt2020-ncl',
};

const PRIMARIES: Readonly<Record<string, string>> = {
  bt709: 'bt709',
  bt470bg: 'bt470bg',
  smpte170m: 'smpte170m',
  bt2020: 'bt2020',
  smpte432: 'smpte432',
};

const TRANSFER: Readonly<Record<string, string>> = {
  bt709: 'bt709',
  smpte170m: 'smpte170m',
  'iec61966-2-1': 'iec61966-2-1',
  linear: 'linear',
  smpte2084: 'pq',
  'arib-std-b67': 'hlg',
};

/**
 * The colour space to give a VideoFrame built from the file's samples. Untagged parts take the
 * values Chromium's <video> assumes (measured: BT.601 matrix, limited range), because a VideoFrame
 * left without them is converted differently (0.4 levels and 0.5 px of landmarks off).
 */
export function videoColorSpace(tags: ColourTags): VideoColorSpaceInit {
  const init: { matrix: string; primaries?: string; transfer?: string; fullRange: boolean } = {
    matrix: (tags.matrix && MATRIX[tags.matrix]) || UNTAGGED_MATRIX,
    fullRange: tags.range === 'pc',
  };
  const primaries = tags.primaries && PRIMARIES[tags.primaries];
  const transfer = tags.transfer && TRANSFER[tags.transfer];
  if (primaries) init.primaries = primaries;
  if (transfer) init.transfer = transfer;
  return init as VideoColorSpaceInit;
}
