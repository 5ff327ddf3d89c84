// Shares of a recording (spec 02 §2: "a Shares count"). The database adds exactly one per call.

import type { SupabaseClient } from '../../../data/supabase-client';

/** Counts one share; answers the recording's new share count. */
export async function recordShare(client: SupabaseClient, recordingId: string): Promise<number> {
  const { data, error } = await client.rpc('record_recording_share', {
    target_recording_id: recordingId,
  });
  if (error) throw error;
  return data;
}
