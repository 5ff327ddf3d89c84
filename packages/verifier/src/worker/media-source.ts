// Where a worker reads uploaded videos: the server's media directory (on this machine, or shared
// with it), or the server's public URL (videos are served at /media/videos/<file>). A recording's
// video_url is always /media/videos/<file> (the database refuses anything else from clients).

import { createWriteStream } from 'node:fs';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { VerificationError } from './verification-error.js';

export type MediaSource =
  | { readonly kind: 'directory'; readonly dir: string }
  | { readonly kind: 'url'; readonly baseUrl: string };

const VIDEO_URL = /^\/media\/videos\/([A-Za-z0-9_-]+\.(?:webm|mp4|mov))$/;

/** `--media` as given: an http(s) URL, or a directory. */
export function parseMediaSource(value: string): MediaSource {
  if (/^https?:\/\//i.test(value)) return { kind: 'url', baseUrl: value.replace(/\/+$/, '') };
  return { kind: 'directory', dir: path.resolve(value) };
}

/** The file name of a recording's video, or a permanent error for any other URL. */
export function videoFileOf(videoUrl: string): string {
  const match = VIDEO_URL.exec(videoUrl);
  if (!match) {
    throw new VerificationError(
      'video_url_unsupported',
      `Expected the video at /media/videos/<file> of this server, found ${videoUrl.slice(0, 200)}.`,
    );
  }
  return match[1]!;
}

export interface LocalVideo {
  readonly file: string;
  /** Removes a downloaded copy (nothing for a file in the media directory). */
  release(): Promise<void>;
}

export async function openVideo(
  source: MediaSource,
  videoFile: string,
  signal?: AbortSignal,
): Promise<LocalVideo> {
  if (source.kind === 'directory') {
    const file = path.join(source.dir, 'videos', videoFile);
    try {
      await access(file);
    } catch {
      throw new VerificationError(
        'video_missing',
        `Expected the video ${videoFile} in ${path.join(source.dir, 'videos')}, found nothing.`,
      );
    }
    return { file, release: async () => undefined };
  }
  const url = `${source.baseUrl}/media/videos/${videoFile}`;
  const response = await fetch(url, signal ? { signal } : {});
  if (response.status === 404) {
    throw new VerificationError('video_missing', `Expected the video at ${url}, got 404.`);
  }
  if (!response.ok || !response.body) {
    // A server restarting or unreachable: worth another try.
    throw new Error(`Downloading ${url} failed with ${response.status} ${response.statusText}.`);
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'reptemple-verify-'));
  const file = path.join(dir, videoFile);
  try {
    await pipeline(Readable.fromWeb(response.body as never), createWriteStream(file));
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return { file, release: () => rm(dir, { recursive: true, force: true }) };
}
