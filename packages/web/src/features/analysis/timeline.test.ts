import type { RepRecord, TimelineEntry } from '@reptemple/pose-sdk';
import { describe, expect, it } from 'vitest';
import { PHASE_COLORS } from './constants';
import {
  analysisSpeedText,
  analysisStatusText,
  chipCategory,
  chipText,
  formatTime,
  fractionOf,
  phaseChips,
  repTimeline,
  seekBarSegments,
  seekBarSpan,
} from './timeline';

const entry = (timestamp: number, phase: TimelineEntry['phase'], valid = true): TimelineEntry => ({
  timestamp,
  phase,
  angles: {},
  valid,
});
const rep = (repNumber: number, startTime: number, endTime: number, valid: boolean): RepRecord => ({
  repNumber,
  startTime,
  endTime,
  isValidRep: valid,
  invalidReason: valid ? null : "Didn't go low enough",
});

const TIMELINE = [
  entry(0, 'start'),
  entry(500, 'READY'),
  entry(1000, 'transition'),
  entry(1500, 'end'),
  entry(2000, 'transition'),
  entry(2500, 'start'),
  entry(3000, 'transition'),
  entry(3500, 'start'),
  entry(3600, 'STOP'),
];
const REPS = [rep(1, 1000, 2500, true), rep(2, 3000, 3500, false)];

describe('phase chips', () => {
  it('labels phase entries by phase, STOP and READY as themselves', () => {
    expect(phaseChips(TIMELINE, REPS).map((chip) => chip.label)).toEqual([
      'Start',
      'READY',
      'Transition',
      'End',
      'Transition',
      'Start',
      'Invalid',
      'Invalid',
      'STOP',
    ]);
  });

  it('marks entries the analyser marked invalid, and those inside an invalid rep, Invalid', () => {
    expect(chipCategory(entry(10, 'start', false), [])).toBe('Invalid');
    expect(chipCategory(entry(3200, 'transition'), REPS)).toBe('Invalid');
    expect(chipCategory(entry(3600, 'STOP', false), REPS)).toBe('STOP');
  });

  it('colours each chip with its legend colour', () => {
    for (const chip of phaseChips(TIMELINE, REPS))
      expect(chip.color).toBe(PHASE_COLORS[chip.label]);
  });

  it('names the phase alone, or the phase and its legend entry when they differ', () => {
    const texts = phaseChips(TIMELINE, REPS).map(chipText);
    expect(texts.slice(0, 3)).toEqual(['Start', 'READY', 'Transition']);
    expect(texts.slice(6)).toEqual(['Transition · Invalid', 'Start · Invalid', 'STOP']);
  });
});

describe('seek bar', () => {
  it('colours from each phase entry to the next, up to what has been analysed', () => {
    const { segments, markers } = seekBarSegments(TIMELINE, REPS, 3400);
    expect(segments.map((s) => [s.startMs, s.endMs, s.label])).toEqual([
      [0, 1000, 'Start'],
      [1000, 1500, 'Transition'],
      [1500, 2000, 'End'],
      [2000, 2500, 'Transition'],
      [2500, 3000, 'Start'],
      [3000, 3400, 'Invalid'],
    ]);
    expect(markers.map((m) => [m.atMs, m.label])).toEqual([
      [500, 'READY'],
      [3600, 'STOP'],
    ]);
  });

  it('places times as fractions of the duration, 0 while the duration is unknown', () => {
    expect(fractionOf(2500, 10_000)).toBe(0.25);
    expect(fractionOf(20_000, 10_000)).toBe(1);
    expect(fractionOf(100, 0)).toBe(0);
    expect(fractionOf(100, Number.POSITIVE_INFINITY)).toBe(0);
  });

  it('spans a segment in percent of the bar, clamped to it', () => {
    expect(seekBarSpan(2500, 5000, 10_000)).toEqual({ leftPercent: 25, widthPercent: 25 });
    expect(seekBarSpan(7500, 20_000, 10_000)).toEqual({ leftPercent: 75, widthPercent: 25 });
    expect(seekBarSpan(1000, 2000, 0)).toEqual({ leftPercent: 0, widthPercent: 0 });
  });
});

describe('rep timeline', () => {
  it('has one item per rep, with the chips inside its span for hovering', () => {
    const items = repTimeline(REPS, TIMELINE);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ repNumber: 1, startMs: 1000, endMs: 2500, valid: true });
    expect(items[0]!.chips.map((c) => c.timestampMs)).toEqual([1000, 1500, 2000, 2500]);
    expect(items[1]!.valid).toBe(false);
    expect(items[1]!.invalidReason).toBe("Didn't go low enough");
    expect(items[1]!.chips.map((c) => c.label)).toEqual(['Invalid', 'Invalid']);
  });
});

describe('time readout', () => {
  it('shows minutes, seconds and tenths', () => {
    expect(formatTime(0)).toBe('0:00.0');
    expect(formatTime(9.03)).toBe('0:09.0');
    expect(formatTime(65.35)).toBe('1:05.3');
    expect(formatTime(0.1)).toBe('0:00.1');
    expect(formatTime(Number.NaN)).toBe('0:00.0');
    expect(formatTime(Number.POSITIVE_INFINITY)).toBe('0:00.0');
  });
});

describe('status lines', () => {
  const ANALYSING = {
    error: null,
    hasSource: true,
    modelReady: true,
    done: false,
    result: null,
    analysedFraction: 0.426,
  };

  it('shows progress while analysing, the counts once done', () => {
    expect(analysisStatusText(ANALYSING)).toBe('Analysing... 43%');
    expect(
      analysisStatusText({
        ...ANALYSING,
        done: true,
        result: { validReps: 3, invalidReps: 1, frameCount: 120 },
      }),
    ).toBe('Analysis complete: 3 valid, 1 invalid (120 frames)');
  });

  it('puts an error first, then a missing video, then the model loading', () => {
    expect(analysisStatusText({ ...ANALYSING, error: 'Boom', hasSource: false })).toBe('Boom');
    expect(analysisStatusText({ ...ANALYSING, hasSource: false, modelReady: false })).toBe(
      'Choose a sample video or upload one.',
    );
    expect(analysisStatusText({ ...ANALYSING, modelReady: false })).toBe(
      'Loading the pose model...',
    );
  });

  it('shows the speed only once done, naming frame stepping', () => {
    expect(analysisSpeedText(false, 19.94, false)).toBeNull();
    expect(analysisSpeedText(true, null, false)).toBeNull();
    expect(analysisSpeedText(true, 19.94, false)).toBe('19.9 frames analysed per second');
    expect(analysisSpeedText(true, 4, true)).toBe(
      '4.0 frames analysed per second (frame stepping)',
    );
  });
});
