// The dashboard's numbers and recent activity (spec 02 §2, §7): every challenge's id, flags and
// dates; recording and participant totals (admin_recording_totals(), admins only); the newest
// challenges and recordings.

import type { SupabaseClient } from '@supabase/supabase-js';
import { type Challenge, challengeDateStatus } from '../../../data/challenges/challenges';
import { RECENT_CHALLENGES, RECENT_RECORDINGS } from '../constants';
import { readAllRows } from './all-rows';

type DashboardChallenge = Pick<
  Challenge,
  'id' | 'name' | 'is_active' | 'start_date' | 'end_date' | 'created_at'
>;

export interface RecentRecording {
  id: string;
  name: string;
  created_at: string;
  challenge_id: string;
  challenges: { name: string } | null;
}

export interface DashboardData {
  challengeCount: number;
  activeChallengeCount: number;
  recordingCount: number;
  participantCount: number;
  recentChallenges: DashboardChallenge[];
  recentRecordings: RecentRecording[];
}

/** Active: switched on and within its dates (spec 02 §4) at `now`. */
export function countActive(challenges: readonly DashboardChallenge[], now: Date): number {
  return challenges.filter(
    (challenge) => challenge.is_active && challengeDateStatus(challenge, now) === 'active',
  ).length;
}

export async function loadDashboard(client: SupabaseClient, now: Date): Promise<DashboardData> {
  const [challenges, totals, recordings] = await Promise.all([
    readAllRows<DashboardChallenge>((from, to) =>
      client
        .from('challenges')
        .select('id, name, is_active, start_date, end_date, created_at')
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
  const counts = totals.data as { recording_count: number; participant_count: number };
  return {
    challengeCount: challenges.length,
    activeChallengeCount: countActive(challenges, now),
    recordingCount: Number(counts.recording_count),
    participantCount: Number(counts.participant_count),
    recentChallenges: challenges.slice(0, RECENT_CHALLENGES),
    recentRecordings: recordings.data as unknown as RecentRecording[],
  };
}
