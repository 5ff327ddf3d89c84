// A challenge's recordings with e-mail addresses, for analytics and the CSV export. Row security
// gives admins every row; anyone else gets their own rows only.

import type { SupabaseClient } from '../../../data/supabase-client';
import { readAllRows } from './all-rows';
import { ADMIN_RECORDING_COLUMNS, type AdminRecording } from './types';

export async function listChallengeRecordings(
  client: SupabaseClient,
  challengeId: string,
): Promise<AdminRecording[]> {
  return readAllRows((from, to) =>
    client
      .from('challenge_recordings')
      .select(ADMIN_RECORDING_COLUMNS)
      .eq('challenge_id', challengeId)
      .order('created_at', { ascending: false })
      .order('id')
      .range(from, to),
  );
}
