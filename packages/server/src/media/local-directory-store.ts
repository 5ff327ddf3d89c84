// The media store as a directory (MediaStore): this server's own <data>/media (the default), or
// a directory shared by every server of one database (MEDIA_DIR: a network file system, a volume
// both mount). Inside it:
//   videos/<id>.<webm|mp4|mov>  a stored upload (its row in reptemple_local.media_uploads)
//   thumbnails/<id>.jpg         made by its media job through a .partial name, then renamed
//   gifs/<id>.gif               likewise
// A file without a row and a .partial file are leftovers of a crash or a kill: prepare() removes
// them at every start, before any upload or job runs; in a shared directory only those older than
// SHARED_LEFTOVER_AGE_MS, since another server may be writing the newer ones right now.

import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { MediaSource } from '@reptemple/verifier';
import type pg from 'pg';
import { describeError } from '../errors.js';
import { serveFile } from '../http/static-files.js';
import type { Logger } from '../log.js';
import { MEDIA_KINDS, type MediaKind, type MediaStore } from './media-storage.js';
import { importLegacyUpload, listUploadIds, type MediaStatus } from './media-store.js';

/** Marks a file still being written; such names are never served. */
const PARTIAL_MARK = '.partial';
/** In a shared directory a leftover is removed only when it is older than this: an upload moves
 * its video in just before its row commits, and a media job writes for at most a few minutes. ms */
export const SHARED_LEFTOVER_AGE_MS = 60 * 60 * 1000;

export class LocalDirectoryStore implements MediaStore {
  constructor(
    readonly dir: string,
    readonly shared = false,
  ) {}

  get description(): string {
    return `${this.shared ? 'shared directory' : 'directory'} ${this.dir}`;
  }

  get verifierSource(): MediaSource {
    return { kind: 'directory', dir: this.dir };
  }

  private kindDir(kind: MediaKind): string {
    return path.join(this.dir, MEDIA_KINDS[kind]);
  }

  private file(kind: MediaKind, name: string): string {
    return path.join(this.kindDir(kind), name);
  }

  /** A name of its own for each writer: <id>.partial-<random>.<ext>, never served, never shared
   * by two servers making the same file. */
  private static partial(name: string): string {
    const extension = path.extname(name);
    return `${name.slice(0, -extension.length)}${PARTIAL_MARK}-${randomBytes(4).toString('hex')}${extension}`;
  }

  async put(kind: MediaKind, name: string, localFile: string): Promise<void> {
    const target = this.file(kind, name);
    try {
      await rename(localFile, target);
    } catch (error) {
      // The staging directory is on another file system (a shared directory mounted elsewhere):
      // copied under a partial name, then renamed, so the file appears whole.
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      const partial = path.join(this.kindDir(kind), LocalDirectoryStore.partial(name));
      try {
        await copyFile(localFile, partial);
        await rename(partial, target);
      } catch (copyError) {
        await rm(partial, { force: true });
        throw copyError;
      }
      await rm(localFile, { force: true });
    }
  }

  async create(
    kind: MediaKind,
    name: string,
    make: (localFile: string) => Promise<void>,
  ): Promise<void> {
    const partial = path.join(this.kindDir(kind), LocalDirectoryStore.partial(name));
    try {
      await make(partial);
      await rename(partial, this.file(kind, name));
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  withLocalFile<T>(kind: MediaKind, name: string, use: (file: string) => Promise<T>): Promise<T> {
    return use(this.file(kind, name));
  }

  serve(
    req: IncomingMessage,
    res: ServerResponse,
    kind: MediaKind,
    name: string,
    cacheControl: string,
  ): Promise<boolean> {
    return serveFile(req, res, this.file(kind, name), cacheControl);
  }

  async remove(kind: MediaKind, name: string): Promise<void> {
    await rm(this.file(kind, name), { force: true });
  }

  /** Creates the folders, imports the rows of uploads from before uploads had rows, and removes
   * leftovers (see above). */
  async prepare(pool: pg.Pool, log: Logger): Promise<void> {
    for (const kind of Object.keys(MEDIA_KINDS) as MediaKind[]) {
      await mkdir(this.kindDir(kind), { recursive: true });
    }
    const unreadableMeta = await this.importLegacyMeta(pool, log);
    const known = await listUploadIds(pool);
    for (const id of unreadableMeta) known.add(id);
    const oldEnough = async (file: string) =>
      !this.shared ||
      (await stat(file).then(
        (info) => Date.now() - info.mtimeMs > SHARED_LEFTOVER_AGE_MS,
        () => false,
      ));
    const removed: string[] = [];
    for (const kind of Object.keys(MEDIA_KINDS) as MediaKind[]) {
      for (const name of await readdir(this.kindDir(kind))) {
        const id = name.split('.')[0]!;
        const file = path.join(this.kindDir(kind), name);
        if ((name.includes(PARTIAL_MARK) || !known.has(id)) && (await oldEnough(file))) {
          await rm(file, { recursive: true, force: true });
          removed.push(`${kind}/${name}`);
        }
      }
    }
    if (removed.length > 0) {
      log.warn('media_leftovers_removed', { count: removed.length, files: removed.slice(0, 20) });
    }
  }

  /** media/meta/<id>.json of earlier versions becomes a row; the JSON file is then removed.
   * Answers the ids whose file could not be imported (their files are kept). */
  private async importLegacyMeta(pool: pg.Pool, log: Logger): Promise<Set<string>> {
    const metaDir = path.join(this.dir, 'meta');
    const unreadable = new Set<string>();
    let names: string[];
    try {
      names = (await readdir(metaDir)).filter((name) => name.endsWith('.json'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return unreadable;
      throw error;
    }
    let imported = 0;
    for (const name of names) {
      const id = name.slice(0, -'.json'.length);
      try {
        const meta = JSON.parse(await readFile(path.join(metaDir, name), 'utf8')) as LegacyMeta;
        const videoFile = path.basename(meta.videoUrl ?? '');
        const ok = await importLegacyUpload(pool, {
          id,
          userId: meta.userId,
          videoFile,
          bytes: meta.bytes ?? 0,
          durationSeconds: meta.durationSeconds ?? null,
          fields: {
            sessionId: meta.sessionId ?? id,
            totalPushups: meta.totalPushups ?? 0,
            challengeName: meta.challengeName ?? '',
            exercise: meta.exercise ?? 'PUSHUP',
            analysisData: (meta.analysisData ?? null) as Record<string, unknown> | null,
          },
          originalName: meta.originalName ?? null,
          status: (meta.thumbnailUrl && meta.gifUrl ? 'ready' : 'failed') satisfies MediaStatus,
          thumbnailReady: Boolean(meta.thumbnailUrl),
          gifReady: Boolean(meta.gifUrl),
          uploadedAt: meta.uploadedAt ?? null,
        });
        if (ok) imported++;
        await rm(path.join(metaDir, name), { force: true });
      } catch (error) {
        // Kept for a person to look at; its files stay until it is fixed or removed.
        unreadable.add(id);
        log.error('media_legacy_meta_unreadable', { file: name, error: describeError(error) });
      }
    }
    if (imported > 0) log.info('media_legacy_uploads_imported', { count: imported });
    if (unreadable.size === 0) await rm(metaDir, { recursive: true, force: true });
    return unreadable;
  }
}

interface LegacyMeta {
  userId: string;
  videoUrl?: string;
  thumbnailUrl?: string | null;
  gifUrl?: string | null;
  sessionId?: string;
  durationSeconds?: number | null;
  exercise?: string;
  totalPushups?: number;
  challengeName?: string;
  analysisData?: unknown;
  bytes?: number;
  originalName?: string;
  uploadedAt?: string;
}
