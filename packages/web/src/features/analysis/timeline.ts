/**
 * What the analysis screen draws from an analysis: phase chips, the seek bar's coloured segments,
 * the rep timeline, the time readout and the status lines. Pure functions of the analyser's
 * timeline, reps and progress.
 */
import type { RepRecord, TimelineEntry, TimelinePhase } from '@reptemple/pose-sdk';
import { PHASE_COLORS, type PhaseLegendLabel } from './constants';

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

/** A chip's text: the phase alone, or 'Start · Invalid' when its legend entry differs. */
export function chipText(chip: PhaseChip): string {
  return chip.phaseLabel === chip.label ? chip.label : `${chip.phaseLabel} · ${chip.label}`;
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

/** Where a segment from `startMs` to `endMs` sits on the seek bar, as CSS percentages. */
export function seekBarSpan(
  startMs: number,
  endMs: number,
  durationMs: number,
): { leftPercent: number; widthPercent: number } {
  const start = fractionOf(startMs, durationMs);
  return { leftPercent: start * 100, widthPercent: (fractionOf(endMs, durationMs) - start) * 100 };
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

/** What the status line needs to know about the screen and its analysis. */
export interface AnalysisStatusInput {
  readonly error: string | null;
  readonly hasSource: boolean;
  readonly modelReady: boolean;
  readonly done: boolean;
  /** The run's counts (shown once done); null before a run exists. */
  readonly result: { validReps: number; invalidReps: number; frameCount: number } | null;
  /** Share of the video analysed so far, 0..1. */
  readonly analysedFraction: number;
}

/** The status line: the first of error, no video, model loading, final counts or progress. */
export function analysisStatusText(input: AnalysisStatusInput): string {
  if (input.error) return input.error;
  if (!input.hasSource) return 'Choose a sample video or upload one.';
  if (!input.modelReady) return 'Loading the pose model...';
  if (input.done && input.result) {
    const { validReps, invalidReps, frameCount } = input.result;
    return `Analysis complete: ${validReps} valid, ${invalidReps} invalid (${frameCount} frames)`;
  }
  return `Analysing... ${Math.round(input.analysedFraction * 100)}%`;
}

/**
 * The analysis speed, shown once the analysis is done (the benchmark reads it). Frame stepping (the
 * fallback for videos WebCodecs does not decode) is named, so its slower figure is not read as the
 * WebCodecs path's.
 */
export function analysisSpeedText(
  done: boolean,
  framesPerSecond: number | null,
  frameStepping: boolean,
): string | null {
  if (!done || framesPerSecond === null) return null;
  return `${framesPerSecond.toFixed(1)} frames analysed per second${frameStepping ? ' (frame stepping)' : ''}`;
}
