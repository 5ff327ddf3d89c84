import { RepTempleError } from '../core/errors.js';

export type Mp4FormatErrorCode =
  | 'NOT_MP4'
  | 'NO_VIDEO_TRACK'
  | 'UNSUPPORTED_CODEC'
  | 'FRAGMENTED'
  | 'CORRUPT';

/** What the person holding the file can do about each problem. */
const MP4_FORMAT_HINTS: Readonly<Record<Mp4FormatErrorCode, string>> = {
  NOT_MP4:
    'Export the video as MP4 (H.264), or analyse it with `reptemple analyze`, which reads any format ffmpeg reads.',
  NO_VIDEO_TRACK: 'Choose a file that contains video, not only sound.',
  UNSUPPORTED_CODEC:
    'Convert it to upright H.264, for example: ffmpeg -i in.mp4 -c:v libx264 out.mp4',
  FRAGMENTED:
    'Re-mux it with a complete index, for example: ffmpeg -i in.mp4 -c copy -movflags +faststart out.mp4',
  CORRUPT: 'The file is damaged or was cut short: record or export it again.',
};

/** An MP4/MOV file this reader cannot take, with the reason in `code` and a way out in `hint`. */
export class Mp4FormatError extends RepTempleError {
  declare readonly code: Mp4FormatErrorCode;

  constructor(code: Mp4FormatErrorCode, message: string) {
    super(code, message, { hint: MP4_FORMAT_HINTS[code] });
    this.name = 'Mp4FormatError';
  }
}
