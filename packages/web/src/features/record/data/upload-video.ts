// POST /api/upload-video (spec 02 §7): the recording as multipart form data with the signed-in
// user's token. XMLHttpRequest rather than fetch for the upload's progress.

import { RECORD } from '../messages';

/** What the media API answers (spec 02 §3 "upload result"). The answer comes once the video is
 * stored; its thumbnail and GIF are made afterwards, at the URLs given here, which answer 503
 * (Retry-After) until then. `statusUrl` says how far that is (see the server's README, Uploads). */
export interface UploadResult {
  success: boolean;
  uploadId?: string;
  videoUrl: string;
  thumbnailUrl: string | null;
  gifUrl: string | null;
  /** 'queued' in the answer; GET statusUrl for 'ready' or 'failed'. */
  mediaStatus?: 'queued' | 'ready' | 'failed';
  statusUrl?: string;
  sessionId: string;
  durationSeconds?: number;
  /** Always null now (failures of the thumbnail or GIF are reported at statusUrl). */
  processingError: string | null;
}

export const UPLOAD_PATH = '/api/upload-video';

/** The upload failed: `message` is the server's error text or 'Upload failed with status ...'. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/** The message of a failed upload (spec 02 §8): the server's error text, else the status line. */
export function uploadFailureMessage(status: number, statusText: string, body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    if (typeof parsed.error === 'string' && parsed.error.trim()) return parsed.error;
  } catch {
    // Not JSON (a proxy's error page): the status line says what happened.
  }
  return RECORD.uploadFailedStatus(status, statusText || 'no response');
}

export function uploadVideo(input: {
  accessToken: string;
  video: Blob;
  fileName: string;
  fields: Record<string, string>;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}): Promise<UploadResult> {
  const form = new FormData();
  for (const [name, value] of Object.entries(input.fields)) form.append(name, value);
  form.append('video', input.video, input.fileName);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', UPLOAD_PATH);
    request.setRequestHeader('Authorization', `Bearer ${input.accessToken}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) input.onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        try {
          const result = JSON.parse(request.responseText) as UploadResult;
          if (!result.videoUrl) throw new Error('no videoUrl');
          resolve(result);
        } catch {
          reject(
            new UploadError(
              `Upload failed: the server answered ${request.status} without a video URL.`,
              request.status,
            ),
          );
        }
        return;
      }
      reject(
        new UploadError(
          uploadFailureMessage(request.status, request.statusText, request.responseText),
          request.status,
        ),
      );
    };
    request.onerror = () => reject(new UploadError(RECORD.offline, 0));
    request.onabort = () => reject(new UploadError(RECORD.uploadStopped, 0));
    input.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
