import { describe, expect, it } from 'vitest';
import { videoColorSpace } from '../../src/browser/mp4/colour-space.js';

describe('videoColorSpace (ffmpeg tags -> WebCodecs, as Chromium reads the same file)', () => {
  it('maps fully tagged BT.709 and HLG BT.2020 files', () => {
    expect(
      videoColorSpace({ range: 'tv', matrix: 'bt709', primaries: 'bt709', transfer: 'bt709' }),
    ).toEqual({ matrix: 'bt709', primaries: 'bt709', transfer: 'bt709', fullRange: false });
    expect(
      videoColorSpace({
        range: 'tv',
        matrix: 'bt2020nc',
        primaries: 'bt2020',
        transfer: 'arib-std-b67',
      }),
    ).toEqual({ matrix: 'bt2020-ncl', primaries: 'bt2020', transfer: 'hlg', fullRange: false });
  });

  it('gives untagged files the BT.601 limited-range defaults of a <video>', () => {
    expect(videoColorSpace({})).toEqual({ matrix: 'smpte170m', fullRange: false });
    expect(videoColorSpace({ range: 'pc', matrix: 'bt470bg' })).toEqual({
      matrix: 'bt470bg',
      fullRange: true,
    });
  });
});
