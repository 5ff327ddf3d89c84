import { describe, expect, it } from 'vitest';
import { uploadFailureMessage } from './upload-video';

describe('upload failure messages (spec 02 §8)', () => {
  it("is the server's error text when it sends one", () => {
    expect(
      uploadFailureMessage(
        413,
        'Payload Too Large',
        '{"error":"The video is larger than 100 MB."}',
      ),
    ).toBe('The video is larger than 100 MB.');
  });
  it("is 'Upload failed with status {status}: {statusText}' otherwise", () => {
    expect(uploadFailureMessage(502, 'Bad Gateway', '<html>proxy</html>')).toBe(
      'Upload failed with status 502: Bad Gateway',
    );
    expect(uploadFailureMessage(500, 'Internal Server Error', '{"error":""}')).toBe(
      'Upload failed with status 500: Internal Server Error',
    );
  });
});
