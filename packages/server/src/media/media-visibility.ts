// Who may fetch a recording's media and contact sheets (supabase/rules/visibility.sql): while a
// challenge's results are hidden, only the recording's participant and admins. A request speaks
// for an account through its access token: the Authorization header, or an access_token query
// parameter for <img> and <video>, which cannot send headers. A visitor, or a token that does not
// verify, is nobody in particular.

import type { IncomingMessage } from 'node:http';
import type pg from 'pg';
import { verifyJwt } from '../auth/jwt.js';
import { AppError } from '../errors.js';

/** Who may see a file: everyone (cache it publicly), the asking account only (its participant or
 * an admin, while results are hidden: never cache it publicly), or not the asking account. */
export type MediaAudience = 'everyone' | 'viewer' | 'nobody';

/** The account id a request's access token names, or null. */
export function viewerOf(req: IncomingMessage, url: URL, jwtSecret: string): string | null {
  const header = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  const token = header ?? url.searchParams.get('access_token');
  if (!token) return null;
  try {
    const claims = verifyJwt(token, jwtSecret);
    return claims.role === 'authenticated' && typeof claims.sub === 'string' ? claims.sub : null;
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

function audienceOf(toViewer: boolean, toEveryone: boolean): MediaAudience {
  if (toEveryone) return 'everyone';
  return toViewer ? 'viewer' : 'nobody';
}

/** Who may fetch the files of an upload (video, thumbnail, GIF). */
export async function mediaAudience(
  pool: pg.Pool,
  uploadId: string,
  viewer: string | null,
): Promise<MediaAudience> {
  const { rows } = await pool.query<{ to_viewer: boolean; to_everyone: boolean }>(
    `select reptemple_private.media_visible_to($1, $2::uuid) as to_viewer,
       reptemple_private.media_visible_to($1, null) as to_everyone`,
    [uploadId, viewer],
  );
  return audienceOf(rows[0]!.to_viewer, rows[0]!.to_everyone);
}

/** A rep's contact sheet and who may see it; undefined when there is none or the viewer may not
 * see it (one answer for both, so a refusal says nothing about the recording). */
export async function readVisibleContactSheet(
  pool: pg.Pool,
  recordingId: string,
  repNumber: number,
  viewer: string | null,
): Promise<{ jpeg: Buffer; audience: Exclude<MediaAudience, 'nobody'> } | undefined> {
  const { rows } = await pool.query<{ jpeg: Buffer; to_viewer: boolean; to_everyone: boolean }>(
    `select i.jpeg,
       reptemple_private.recording_results_visible(i.recording_id, $3::uuid) as to_viewer,
       reptemple_private.recording_results_visible(i.recording_id, null) as to_everyone
     from reptemple_private.recording_rep_images i
     where i.recording_id = $1 and i.rep_number = $2`,
    [recordingId, repNumber, viewer],
  );
  const row = rows[0];
  if (!row) return undefined;
  const audience = audienceOf(row.to_viewer, row.to_everyone);
  return audience === 'nobody' ? undefined : { jpeg: row.jpeg, audience };
}
