// A recording's per-rep verification evidence (public.recording_rep_evidence; written by the
// server's verification worker only).

import type { Row } from '../../../data/database';
import type { SupabaseClient } from '../../../data/supabase-client';

export type RepEvidence = Pick<
  Row<'recording_rep_evidence'>,
  | 'rep_number'
  | 'start_ms'
  | 'end_ms'
  | 'angle_name'
  | 'bottom_angle'
  | 'bottom_ms'
  | 'top_angle'
  | 'top_ms'
  | 'phase_path'
  | 'is_valid'
  | 'invalid_reason'
  | 'checks'
>;

export async function listRepEvidence(
  client: SupabaseClient,
  recordingId: string,
): Promise<RepEvidence[]> {
  const { data, error } = await client
    .from('recording_rep_evidence')
    .select(
      'rep_number, start_ms, end_ms, angle_name, bottom_angle, bottom_ms, top_angle, top_ms, phase_path, is_valid, invalid_reason, checks',
    )
    .eq('recording_id', recordingId)
    .order('rep_number');
  if (error) throw error;
  return data;
}
