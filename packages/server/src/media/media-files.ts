// Where the media API keeps files, under <data>/media:
//   incoming/<uuid>.part        an upload being received (removed when it is refused or dropped)
//   videos/<id>.<webm|mp4|mov>  a stored upload (its row in reptemple_local.media_uploads)
//   thumbnails/<id>.jpg         made by its media job, written as <id>.partial.jpg and renamed
//   gifs/<id>.gif               likewise
// A file without a row, a .partial file and anything in incoming/ are leftovers of a crash or a
// kill: prepare() removes them at every start, before any upload or job runs.

import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { describeError } from '../errors.js';
import type { Logger } from '../log.js';
import { importLegacyUpload, listUploadIds, type MediaStatus } from './media-store.js';

export const MEDIA_KINDS = { videos: 'videos', thumbnails: 'thumbnails', gifs: 'gifs' } as const;
export type MediaKind = keyof typeof MEDIA_KINDS;

/** Marks a file still being written; such names are never served. */
const PARTIAL_MARK = '.partial';

export class MediaFiles {
  constructor(readonly mediaDir: string) {}

  dir(kind: MediaKind): string {
    return path.join(this.mediaDir, MEDIA_KINDS[kind]);
  }

  get incomingDir(): string {
    return path.join(this.mediaDir, 'incoming');
  }

  thumbnailPath(id: string): string {
    return path.join(this.dir('thumbnails'), `${id}.jpg`);
  }

  gifPath(id: string): string {
    return path.join(this.dir('gifs'), `${id}.gif`);
  }

  /** The name a file is written under until it is complete: <id>.partial.<ext>. */
  static partial(file: string): string {
    const extension = path.extname(file);
    return `${file.slice(0, -extension.length)}${PARTIAL_MARK}${extension}`;
  }

  /** Creates the folders, imports the rows of uploads from before uploads had rows, and removes
   * every leftover (see above). */
  async prepare(pool: pg.Pool, log: Logger): Promise<void> {
    for (const kind of Object.keys(MEDIA_KINDS) as MediaKind[]) {
      await mkdir(this.dir(kind), { recursive: true });
    }
    await rm(this.incomingDir, { recursive: true, force: true });
    await mkdir(this.incomingDir, { recursive: true });
    const unreadableMeta = await this.importLegacyMeta(pool, log);
    const known = await listUploadIds(pool);
    for (const id of unreadableMeta) known.add(id);
    const removed: string[] = [];
    for (const kind of Object.keys(MEDIA_KINDS) as MediaKind[]) {
      for (const name of await readdir(this.dir(kind))) {
        const id = name.split('.')[0]!;
        if (name.includes(PARTIAL_MARK) || !known.has(id)) {
          await rm(path.join(this.dir(kind), name), { recursive: true, force: true });
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
    const metaDir = path.join(this.mediaDir, 'meta');
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
