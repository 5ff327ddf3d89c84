// The numbers of the analytics page (spec 02 §2, §9): stats cards, leaderboards by sex, and the
// series of its three charts. Pure.

import { HISTOGRAM_MAX_BINS } from '../constants';
import type { AdminRecording } from '../data/types';

export interface RecordingStats {
  recordingCount: number;
  /** Distinct e-mail addresses. */
  participantCount: number;
  /** Mean valid reps, rounded (spec 02 §9); 0 without recordings. */
  averageValidReps: number;
  /** The most valid reps in one recording (spec 02 §9); null without recordings. */
  topScore: number | null;
}

export function recordingStats(recordings: readonly AdminRecording[]): RecordingStats {
  if (recordings.length === 0)
    return { recordingCount: 0, participantCount: 0, averageValidReps: 0, topScore: null };
  let sum = 0;
  let top = 0;
  for (const recording of recordings) {
    sum += recording.valid_reps;
    top = Math.max(top, recording.valid_reps);
  }
  return {
    recordingCount: recordings.length,
    participantCount: new Set(recordings.map((recording) => recording.email)).size,
    averageValidReps: Math.round(sum / recordings.length),
    topScore: top,
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

/** One sex's recordings as the leaderboard ranks them: verified (and verifying) before unverified
 * (issue 18), then most valid reps first; among equals the earlier one ranks higher (the
 * tie-breaker of spec 02 §5). */
export function leaderboard(
  recordings: readonly AdminRecording[],
  gender: AdminRecording['gender'],
): AdminRecording[] {
  return recordings
    .filter((recording) => recording.gender === gender)
    .sort(
      (a, b) =>
        (b.verification_rank ?? 0) - (a.verification_rank ?? 0) ||
        b.valid_reps - a.valid_reps ||
        new Date(a.created_at).getTime() - new Date(b.created_at).getTime(),
    );
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

/** How many recordings fall in each band of valid reps, from 0 to the top score. */
export function validRepsDistribution(
  recordings: readonly AdminRecording[],
): { label: string; count: number }[] {
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

/** Valid and invalid reps over all recordings. */
export function repTotals(recordings: readonly AdminRecording[]): {
  valid: number;
  invalid: number;
} {
  let valid = 0;
  let invalid = 0;
  for (const recording of recordings) {
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
