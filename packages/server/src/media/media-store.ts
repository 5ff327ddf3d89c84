// The uploads' rows (reptemple_local.media_uploads, sql/bootstrap.sql): what was stored, for whom,
// and how far its thumbnail and GIF are; and who uploaded each video, for the database's rules.

import type pg from 'pg';
import type { UploadFields } from './upload-fields.js';

export type Queryable = pg.ClientBase | pg.Pool;
export type MediaStatus = 'queued' | 'ready' | 'failed';

export interface MediaUploadRow {
  id: string;
  video_file: string;
  duration_seconds: number | null;
  media_status: MediaStatus;
  thumbnail_ready: boolean;
  gif_ready: boolean;
  processing_error: string | null;
}

const COLUMNS =
  'id, video_file, duration_seconds, media_status, thumbnail_ready, gif_ready, processing_error';

export interface NewUpload {
  id: string;
  userId: string;
  videoFile: string;
  bytes: number;
  durationSeconds: number | null;
  fields: UploadFields;
  originalName: string | null;
}

/** Who uploaded the video, where the database's submission rules read it
 * (reptemple_private.video_uploads, supabase/rules/submission.sql): a recording may carry only its
 * own participant's upload, once. In the upload's transaction. */
async function recordUploader(
  db: Queryable,
  upload: Pick<NewUpload, 'id' | 'userId' | 'videoFile'>,
) {
  await db.query(
    `insert into reptemple_private.video_uploads (upload_id, video_url, user_id)
     values ($1, $2, $3) on conflict (upload_id) do nothing`,
    [upload.id, `/media/videos/${upload.videoFile}`, upload.userId],
  );
}

export async function insertUpload(db: Queryable, upload: NewUpload): Promise<void> {
  await recordUploader(db, upload);
  await db.query(
    `insert into reptemple_local.media_uploads (id, user_id, session_id, video_file, bytes,
       duration_seconds, exercise, total_pushups, challenge_name, analysis_data, original_name)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      upload.id,
      upload.userId,
      upload.fields.sessionId,
      upload.videoFile,
      upload.bytes,
      upload.durationSeconds,
      upload.fields.exercise,
      upload.fields.totalPushups,
      upload.fields.challengeName,
      upload.fields.analysisData,
      upload.originalName,
    ],
  );
}

export async function findUpload(db: Queryable, id: string): Promise<MediaUploadRow | undefined> {
  const { rows } = await db.query<MediaUploadRow>(
    `select ${COLUMNS} from reptemple_local.media_uploads where id = $1`,
    [id],
  );
  return rows[0];
}

/** Every upload's id: the files whose name starts with none of them are leftovers. */
export async function listUploadIds(db: Queryable): Promise<Set<string>> {
  const { rows } = await db.query<{ id: string }>('select id from reptemple_local.media_uploads');
  return new Set(rows.map((row) => row.id));
}

export async function recordProgress(
  db: Queryable,
  id: string,
  progress: {
    thumbnailReady: boolean;
    gifReady: boolean;
    status: MediaStatus;
    error: string | null;
  },
): Promise<void> {
  await db.query(
    `update reptemple_local.media_uploads
     set thumbnail_ready = $2, gif_ready = $3, media_status = $4, processing_error = $5,
         processed_at = case when $4 = 'queued' then null else now() end
     where id = $1`,
    [id, progress.thumbnailReady, progress.gifReady, progress.status, progress.error],
  );
}

/** The rows of uploads made before uploads had rows (a JSON file per upload in media/meta), so
 * that their files are not taken for leftovers. Answers false when the user no longer exists. */
export async function importLegacyUpload(
  db: Queryable,
  upload: NewUpload & {
    status: MediaStatus;
    thumbnailReady: boolean;
    gifReady: boolean;
    uploadedAt: string | null;
  },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `insert into reptemple_local.media_uploads (id, user_id, session_id, video_file, bytes,
       duration_seconds, exercise, total_pushups, challenge_name, analysis_data, original_name,
       media_status, thumbnail_ready, gif_ready, uploaded_at, processed_at)
     select $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, coalesce($15::timestamptz, now()), now()
     where exists (select 1 from auth.users where id = $2)
     on conflict (id) do nothing`,
    [
      upload.id,
      upload.userId,
      upload.fields.sessionId,
      upload.videoFile,
      upload.bytes,
      upload.durationSeconds,
      upload.fields.exercise,
      upload.fields.totalPushups,
      upload.fields.challengeName,
      upload.fields.analysisData,
      upload.originalName,
      upload.status,
      upload.thumbnailReady,
      upload.gifReady,
      upload.uploadedAt,
    ],
  );
  if ((rowCount ?? 0) === 0) return false;
  await recordUploader(db, upload);
  return true;
}
