// The dashboard's numbers and recent activity (spec 02 §2, §7): every challenge's id, flags and
// dates; recording and participant totals (admin_recording_totals(), admins only); the newest
// challenges and recordings.

import { challengeTiming } from '../../../data/challenges/challenge-status';
import type { FunctionRow, Row } from '../../../data/database';
import type { SupabaseClient } from '../../../data/supabase-client';
import { RECENT_CHALLENGES, RECENT_RECORDINGS } from '../constants';
import { readAllRows } from './all-rows';

type DashboardChallenge = Pick<
  Row<'challenges'>,
  | 'id'
  | 'name'
  | 'is_active'
  | 'start_date'
  | 'end_date'
  | 'created_at'
  | 'challenge_type'
  | 'first_participant_joined_at'
>;

/** A recording with its challenge's name. The generated types call the embedded challenge never
 * null (challenge_id is not null), but row security leaves it out for a caller who may not read
 * it, so it may be; an admin reads every challenge. */
export type RecentRecording = Pick<
  Row<'challenge_recordings'>,
  'id' | 'name' | 'created_at' | 'challenge_id'
> & { challenges: Pick<Row<'challenges'>, 'name'> | null };

type RecordingTotals = FunctionRow<'admin_recording_totals'>;

export interface DashboardData {
  challengeCount: number;
  activeChallengeCount: number;
  recordingCount: RecordingTotals['recording_count'];
  /** Distinct e-mail addresses. */
  participantCount: RecordingTotals['participant_count'];
  recentChallenges: DashboardChallenge[];
  recentRecordings: RecentRecording[];
}

/** Active: open at `now` (switched on, within its dates, a duel within its 72 hours; spec 02 §4),
 * by the same rule every screen and the database use. */
export function countActive(challenges: readonly DashboardChallenge[], now: Date): number {
  return challenges.filter((challenge) => challengeTiming(challenge, now).open).length;
}

export async function loadDashboard(client: SupabaseClient, now: Date): Promise<DashboardData> {
  const [challenges, totals, recordings] = await Promise.all([
    readAllRows((from, to) =>
      client
        .from('challenges')
        .select(
          'id, name, is_active, start_date, end_date, created_at, challenge_type, first_participant_joined_at',
        )
        .order('created_at', { ascending: false })
        .order('id')
        .range(from, to),
    ),
    client.rpc('admin_recording_totals').single(),
    client
      .from('challenge_recordings')
      .select('id, name, created_at, challenge_id, challenges(name)')
      .order('created_at', { ascending: false })
      .limit(RECENT_RECORDINGS),
  ]);
  if (totals.error) throw totals.error;
  if (recordings.error) throw recordings.error;
  return {
    challengeCount: challenges.length,
    activeChallengeCount: countActive(challenges, now),
    recordingCount: totals.data.recording_count,
    participantCount: totals.data.participant_count,
    recentChallenges: challenges.slice(0, RECENT_CHALLENGES),
    recentRecordings: recordings.data,
  };
}
