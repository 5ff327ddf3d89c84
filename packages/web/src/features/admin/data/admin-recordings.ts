// A challenge's recordings with e-mail addresses, for analytics and the CSV export. Row security
// gives admins every row; anyone else gets their own rows only.

import type { SupabaseClient } from '@supabase/supabase-js';
import { readAllRows } from './all-rows';
import type { AdminRecording } from './types';

const COLUMNS =
  'id, challenge_id, user_id, name, email, gender, valid_reps, invalid_reps, total_reps, duration_seconds, created_at';

export async function listChallengeRecordings(
  client: SupabaseClient,
  challengeId: string,
): Promise<AdminRecording[]> {
  const rows = await readAllRows<AdminRecording>((from, to) =>
    client
      .from('challenge_recordings')
      .select(COLUMNS)
      .eq('challenge_id', challengeId)
      .order('created_at', { ascending: false })
      .order('id')
      .range(from, to),
  );
  // numeric(6, 2) may arrive as a string from some PostgREST versions.
  return rows.map((row) => ({ ...row, duration_seconds: Number(row.duration_seconds) }));
}
