// Verification contact sheets (issue 18): one JPEG per rep, written by the verification worker
// into reptemple_private.recording_rep_images, served at /api/recordings/{id}/reps/{n}.jpg to
// whoever may see the recording's video (the video itself is public at its unguessable URL).

import type pg from 'pg';

export async function readContactSheet(
  pool: pg.Pool,
  recordingId: string,
  repNumber: number,
): Promise<Buffer | undefined> {
  const { rows } = await pool.query<{ jpeg: Buffer }>(
    `select jpeg from reptemple_private.recording_rep_images
     where recording_id = $1 and rep_number = $2`,
    [recordingId, repNumber],
  );
  return rows[0]?.jpeg;
}
