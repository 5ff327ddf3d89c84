// Where uploaded media live, behind one interface (issue 27): the videos, and the thumbnails and
// GIFs their media jobs make. Today's store is a directory (LocalDirectoryStore): this server's
// own <data>/media by default, or a directory every server of one database shares (MEDIA_DIR), so
// two servers serve the same uploads. An S3-compatible store is designed in docs/architecture.md
// ("Media storage"): the same operations over a bucket.
//
// What the server needs of a store, and nothing else:
//   put      a complete upload, received and checked in this server's staging directory, moves in
//   create   a thumbnail or GIF is made into a local file and appears whole or not at all
//   withLocalFile   ffmpeg reads a stored file from a local path
//   serve    GET and HEAD of /media/<kind>/<name>, with byte ranges
//   remove, prepare (folders, and leftovers of a crash swept)
// Names are the server's own (an upload id and an extension; the route checks them first).

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MediaSource } from '@reptemple/verifier';
import type pg from 'pg';
import type { Logger } from '../log.js';

export const MEDIA_KINDS = { videos: 'videos', thumbnails: 'thumbnails', gifs: 'gifs' } as const;
export type MediaKind = keyof typeof MEDIA_KINDS;

export interface MediaStore {
  /** For logs: the kind of store and where it is. */
  readonly description: string;
  /** Other servers use the store too: leftovers are swept only once they are old enough to be
   * nobody's work in progress, and interrupted media jobs are told apart by their job locks. */
  readonly shared: boolean;
  /** Where this server's verification workers read the videos. */
  readonly verifierSource: MediaSource;
  /** Creates what the store needs, imports uploads of earlier versions, and removes leftovers of
   * a crash (files without an upload row, files half made). */
  prepare(pool: pg.Pool, log: Logger): Promise<void>;
  /** Moves a complete local file into the store as kind/name (the local file is gone after). */
  put(kind: MediaKind, name: string, localFile: string): Promise<void>;
  /** Makes kind/name: `make` writes a local file, which appears in the store once complete. A
   * `make` that throws leaves nothing. */
  create(kind: MediaKind, name: string, make: (localFile: string) => Promise<void>): Promise<void>;
  /** Runs `use` with a local path of kind/name (for ffmpeg). */
  withLocalFile<T>(kind: MediaKind, name: string, use: (file: string) => Promise<T>): Promise<T>;
  /** Answers a GET or HEAD of kind/name (byte ranges included); false when there is no such file. */
  serve(
    req: IncomingMessage,
    res: ServerResponse,
    kind: MediaKind,
    name: string,
    cacheControl: string,
  ): Promise<boolean>;
  remove(kind: MediaKind, name: string): Promise<void>;
}
