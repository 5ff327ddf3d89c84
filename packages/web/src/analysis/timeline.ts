/**
 * What the analysis screen draws from an analysis: phase chips, the seek bar's coloured segments,
 * the rep timeline and the time readout. Pure functions of the analyser's timeline and reps.
 */
import type { RepRecord, TimelineEntry, TimelinePhase } from '@reptemple/pose-sdk';
import { PHASE_COLORS, type PhaseLegendLabel } from '../constants/analysis';

const LEGEND_BY_PHASE: Readonly<Record<TimelinePhase, PhaseLegendLabel>> = {
  start: 'Start',
  transition: 'Transition',
  end: 'End',
  STOP: 'STOP',
  READY: 'READY',
};

/** The legend entry of a phase, before validity is considered. */
export function legendLabel(phase: TimelinePhase): PhaseLegendLabel {
  return LEGEND_BY_PHASE[phase];
}

function isMoment(phase: TimelinePhase): boolean {
  return phase === 'STOP' || phase === 'READY';
}

/** The rep whose span [startTime, endTime] holds a moment, if any. */
function repAt(reps: readonly RepRecord[], timeMs: number): RepRecord | undefined {
  return reps.find((rep) => rep.startTime <= timeMs && timeMs <= rep.endTime);
}

/**
 * A chip's legend entry: STOP and READY as themselves; a phase entry is Invalid when the analyser
 * marked it invalid (before READY) or it belongs to a rep judged invalid; otherwise its phase.
 */
export function chipCategory(entry: TimelineEntry, reps: readonly RepRecord[]): PhaseLegendLabel {
  if (isMoment(entry.phase)) return legendLabel(entry.phase);
  if (!entry.valid) return 'Invalid';
  const rep = repAt(reps, entry.timestamp);
  if (rep && !rep.isValidRep) return 'Invalid';
  return legendLabel(entry.phase);
}

export interface PhaseChip {
  readonly timestampMs: number;
  readonly label: PhaseLegendLabel;
  /** The phase name shown on the chip (Start, Transition, End, STOP, READY). */
  readonly phaseLabel: PhaseLegendLabel;
  readonly color: string;
}

export function phaseChips(
  timeline: readonly TimelineEntry[],
  reps: readonly RepRecord[],
): PhaseChip[] {
  return timeline.map((entry) => {
    const label = chipCategory(entry, reps);
    return {
      timestampMs: entry.timestamp,
      label,
      phaseLabel: legendLabel(entry.phase),
      color: PHASE_COLORS[label],
    };
  });
}

export interface SeekBarSegment {
  readonly startMs: number;
  readonly endMs: number;
  readonly label: PhaseLegendLabel;
  readonly color: string;
}

export interface SeekBarMarker {
  readonly atMs: number;
  readonly label: 'STOP' | 'READY';
  readonly color: string;
}

/**
 * The seek bar's colours: each phase entry colours the bar from its time to the next phase entry
 * (or to the end of what has been analysed); STOP and READY are markers. Time before the first
 * entry and time not yet analysed stay uncoloured.
 */
export function seekBarSegments(
  timeline: readonly TimelineEntry[],
  reps: readonly RepRecord[],
  analysedUntilMs: number,
): { segments: SeekBarSegment[]; markers: SeekBarMarker[] } {
  const segments: SeekBarSegment[] = [];
  const markers: SeekBarMarker[] = [];
  const phases = timeline.filter((entry) => !isMoment(entry.phase));
  phases.forEach((entry, index) => {
    const endMs = Math.min(phases[index + 1]?.timestamp ?? analysedUntilMs, analysedUntilMs);
    if (endMs <= entry.timestamp) return;
    const label = chipCategory(entry, reps);
    segments.push({ startMs: entry.timestamp, endMs, label, color: PHASE_COLORS[label] });
  });
  for (const entry of timeline) {
    if (entry.phase === 'STOP' || entry.phase === 'READY')
      markers.push({ atMs: entry.timestamp, label: entry.phase, color: PHASE_COLORS[entry.phase] });
  }
  return { segments, markers };
}

export interface RepTimelineItem {
  readonly repNumber: number;
  readonly startMs: number;
  readonly endMs: number;
  readonly valid: boolean;
  readonly invalidReason: string | null;
  /** The phase chips of this rep (shown on hover). */
  readonly chips: PhaseChip[];
}

/** One button per rep, with the chips whose time falls inside the rep. */
export function repTimeline(
  reps: readonly RepRecord[],
  timeline: readonly TimelineEntry[],
): RepTimelineItem[] {
  const chips = phaseChips(timeline, reps);
  return reps.map((rep) => ({
    repNumber: rep.repNumber,
    startMs: rep.startTime,
    endMs: rep.endTime,
    valid: rep.isValidRep,
    invalidReason: rep.invalidReason,
    chips: chips.filter(
      (chip) => chip.timestampMs >= rep.startTime && chip.timestampMs <= rep.endTime,
    ),
  }));
}

/** Seek-bar position (0..1) of a time; 0 when the duration is not known yet. */
export function fractionOf(timeMs: number, durationMs: number): number {
  if (!(durationMs > 0) || !Number.isFinite(durationMs)) return 0;
  return Math.min(1, Math.max(0, timeMs / durationMs));
}

/** '1:05.3': minutes, seconds and tenths (frame stepping needs sub-second precision). */
export function formatTime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '0:00.0';
  const tenths = Math.floor(seconds * 10 + 1e-6);
  const minutes = Math.floor(tenths / 600);
  const rest = tenths - minutes * 600;
  const wholeSeconds = Math.floor(rest / 10);
  return `${minutes}:${String(wholeSeconds).padStart(2, '0')}.${rest % 10}`;
}
