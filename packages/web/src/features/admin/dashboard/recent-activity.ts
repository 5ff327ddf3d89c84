// Recent activity (spec 02 §2): the newest challenges as 'New challenge created' and the newest
// recordings as '{name} submitted a recording', newest first, each with its age. Pure.

import { DASHBOARD } from '../constants';
import type { DashboardData } from '../data/admin-dashboard';
import { relativeAge } from '../lib/relative-age';

export interface ActivityItem {
  key: string;
  kind: 'challenge' | 'recording';
  title: string;
  /** The challenge the item belongs to. */
  detail: string;
  age: string;
  at: number;
}

export function recentActivity(
  data: Pick<DashboardData, 'recentChallenges' | 'recentRecordings'>,
  now: Date,
): ActivityItem[] {
  const items: ActivityItem[] = [
    ...data.recentChallenges.map((challenge) => ({
      key: `challenge-${challenge.id}`,
      kind: 'challenge' as const,
      title: DASHBOARD.newChallenge,
      detail: challenge.name,
      age: relativeAge(new Date(challenge.created_at), now),
      at: new Date(challenge.created_at).getTime(),
    })),
    ...data.recentRecordings.map((recording) => ({
      key: `recording-${recording.id}`,
      kind: 'recording' as const,
      title: DASHBOARD.submitted(recording.name),
      detail: recording.challenges?.name ?? '',
      age: relativeAge(new Date(recording.created_at), now),
      at: new Date(recording.created_at).getTime(),
    })),
  ];
  return items.sort((a, b) => b.at - a.at);
}
