// The numbers of the analytics page (spec 02 §2, §9): stats cards and the series of its three
// charts. Pure. Counts are read from verified recordings only (claims rank nothing and count
// nothing); the leaderboards by sex come ranked from the database (listRankedRecordings).

import { HISTOGRAM_MAX_BINS } from '../constants';
import type { AdminRecording } from '../data/types';

export interface RecordingStats {
  recordingCount: number;
  /** Distinct e-mail addresses. */
  participantCount: number;
  /** Mean verified valid reps, rounded (spec 02 §9); 0 without verified recordings. */
  averageValidReps: number;
  /** The most verified valid reps in one recording (spec 02 §9); null without one. */
  topScore: number | null;
}

export function recordingStats(recordings: readonly AdminRecording[]): RecordingStats {
  const verified = verifiedOnly(recordings);
  let sum = 0;
  let top = 0;
  for (const recording of verified) {
    sum += recording.valid_reps;
    top = Math.max(top, recording.valid_reps);
  }
  return {
    recordingCount: recordings.length,
    participantCount: new Set(recordings.map((recording) => recording.email)).size,
    averageValidReps: verified.length === 0 ? 0 : Math.round(sum / verified.length),
    topScore: verified.length === 0 ? null : top,
  };
}

/** Only the recordings whose verified total is more than one rep from the claim. */
export function flaggedOnly(recordings: readonly AdminRecording[]): AdminRecording[] {
  return recordings.filter((recording) => recording.verification_flagged);
}

/** Newest first (the All Recordings tab and the CSV). */
export function newestFirst(recordings: readonly AdminRecording[]): AdminRecording[] {
  return [...recordings].sort(
    (a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime(),
  );
}

/** The recordings whose counts are verified (the database's `ranked`): the only counts that
 * rank, and the only ones the stats and charts of counts read. */
export function verifiedOnly(recordings: readonly AdminRecording[]): AdminRecording[] {
  return recordings.filter((recording) => recording.ranked);
}

/** The calendar day of a time in this browser's time zone, as YYYY-MM-DD. */
export function localDayKey(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** Submissions per calendar day (local time), every day from the first to the last one present,
 * days without submissions as 0. */
export function submissionsPerDay(
  recordings: readonly AdminRecording[],
): { day: string; count: number }[] {
  if (recordings.length === 0) return [];
  const counts = new Map<string, number>();
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const recording of recordings) {
    const at = new Date(recording.created_at);
    const key = localDayKey(at);
    counts.set(key, (counts.get(key) ?? 0) + 1);
    first = Math.min(first, at.getTime());
    last = Math.max(last, at.getTime());
  }
  const days: { day: string; count: number }[] = [];
  const cursor = new Date(first);
  cursor.setHours(12, 0, 0, 0); // noon: stepping a day never lands on the wrong date at DST
  const lastKey = localDayKey(new Date(last));
  for (;;) {
    const key = localDayKey(cursor);
    days.push({ day: key, count: counts.get(key) ?? 0 });
    if (key === lastKey) break;
    cursor.setDate(cursor.getDate() + 1);
  }
  return days;
}

/** The smallest width of 1, 2, 5, 10, 20, 50... reps that fits 0..max in at most maxBins bins. */
export function histogramBinWidth(maxValue: number, maxBins = HISTOGRAM_MAX_BINS): number {
  for (let scale = 1; ; scale *= 10)
    for (const step of [1, 2, 5]) {
      const width = step * scale;
      if (Math.floor(maxValue / width) + 1 <= maxBins) return width;
    }
}

/** How many verified recordings fall in each band of valid reps, from 0 to the top score. */
export function validRepsDistribution(
  all: readonly AdminRecording[],
): { label: string; count: number }[] {
  const recordings = verifiedOnly(all);
  if (recordings.length === 0) return [];
  const max = Math.max(...recordings.map((recording) => recording.valid_reps));
  const width = histogramBinWidth(max);
  const bins = Array.from({ length: Math.floor(max / width) + 1 }, (_, index) => ({
    label: width === 1 ? String(index) : `${index * width}–${index * width + width - 1}`,
    count: 0,
  }));
  for (const recording of recordings) {
    const bin = bins[Math.floor(recording.valid_reps / width)];
    if (bin) bin.count += 1;
  }
  return bins;
}

/** Valid and invalid reps over the verified recordings. */
export function repTotals(recordings: readonly AdminRecording[]): {
  valid: number;
  invalid: number;
} {
  let valid = 0;
  let invalid = 0;
  for (const recording of verifiedOnly(recordings)) {
    valid += recording.valid_reps;
    invalid += recording.invalid_reps;
  }
  return { valid, invalid };
}

/** Seconds as m:ss (spec 02 §9). */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
