// A challenge's recordings with e-mail addresses, for analytics and the CSV export. Row security
// gives admins every row; anyone else gets their own rows only.

import type { ParticipantGender } from '../../../data/challenges/challenge-labels';
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

/** One sex's ranked recordings (verified: the database's `ranked`), in the leaderboard's order,
 * which the database keeps as each recording's rank key (supabase/rules/ranking.sql): the admin's
 * Male and Female tabs rank as the public leaderboard does. */
export async function listRankedRecordings(
  client: SupabaseClient,
  challengeId: string,
  gender: ParticipantGender,
): Promise<AdminRecording[]> {
  return readAllRows((from, to) =>
    client
      .from('challenge_recordings')
      .select(ADMIN_RECORDING_COLUMNS)
      .eq('challenge_id', challengeId)
      .eq('gender', gender)
      .eq('ranked', true)
      .order('rank_key', { ascending: false })
      .order('id')
      .range(from, to),
  );
}
