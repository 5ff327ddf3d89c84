import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtinDefinitions } from '@reptemple/definitions';
import { DefinitionAnalyzer, PushupAnalyzer, parseTrace } from '@reptemple/pose-sdk';
import { describe, expect, it } from 'vitest';
import { AnalysisRun, displayPhase, frameAtTime } from './analysis-run';
import { ANGLE_ARC_COLORS } from './constants';
import { arcLandmarks, isDrawable, overlayAngles, visibleSide } from './pose-overlay';

const REPO_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const trace = (name: string) =>
  parseTrace(readFileSync(path.join(REPO_DIR, 'fixtures/traces/pushup', name), 'utf8'));

describe('an analysis run', () => {
  const { header, frames } = trace('08-tank-top-side.ndjson');
  const size = { width: header.width, height: header.height };

  it('counts like the CLI: the push-up analyser, finished after the last frame', () => {
    const reference = new PushupAnalyzer({ frameSize: size });
    for (const frame of frames) reference.process(frame);
    reference.finish();
    const run = new AnalysisRun(null, size);
    for (const frame of frames) run.add(frame);
    run.finish();
    expect(run.validReps).toBe(reference.state.repCount);
    expect(run.invalidReps).toBe(reference.state.invalidRepCount);
    expect(run.reps).toEqual(reference.reps);
    expect(run.frames).toHaveLength(frames.length);
    // The last frame shows the whole clip's counts (finish() included).
    expect(run.frames.at(-1)).toMatchObject({
      validReps: run.validReps,
      invalidReps: run.invalidReps,
    });
    expect(run.validReps + run.invalidReps).toBe(5);
  });

  it('runs a definition with the definition analyser', () => {
    const definition = builtinDefinitions.pushup;
    const reference = new DefinitionAnalyzer({ definition, frameSize: size });
    for (const frame of frames) reference.process(frame);
    const run = new AnalysisRun(definition, size);
    for (const frame of frames) run.add(frame);
    run.finish();
    expect(run.reps).toEqual(reference.reps);
    expect(run.timeline).toEqual(reference.timeline);
  });

  it('keeps the counter state after every frame, never decreasing', () => {
    const run = new AnalysisRun(null, size);
    for (const frame of frames) run.add(frame);
    for (let i = 1; i < run.frames.length; i++) {
      expect(run.frames[i]!.validReps).toBeGreaterThanOrEqual(run.frames[i - 1]!.validReps);
      expect(run.frames[i]!.invalidReps).toBeGreaterThanOrEqual(run.frames[i - 1]!.invalidReps);
    }
    expect(run.analysedUntilMs).toBe(frames.at(-1)!.timestampMs);
  });

  it('refuses frames after finish()', () => {
    const run = new AnalysisRun(null, size);
    run.finish();
    expect(() => run.add(frames[0]!)).toThrow(/after finish/);
  });

  it('names push-up phases as the timeline does', () => {
    expect(displayPhase('up')).toBe('start');
    expect(displayPhase('down')).toBe('end');
    expect(displayPhase('transition')).toBe('transition');
    expect(displayPhase(null)).toBe('unknown');
    expect(displayPhase('end')).toBe('end');
  });
});

describe('the frame on screen', () => {
  const frame = (timestampMs: number) => ({
    timestampMs,
    landmarks: [],
    validReps: 0,
    invalidReps: 0,
    phase: 'unknown' as const,
    isValidPosition: false,
  });
  const frames = [frame(0), frame(33.333333333333336), frame(66.66666666666667)];

  it('is the last analysed frame at or before the media time', () => {
    expect(frameAtTime(frames, 0)).toBe(frames[0]);
    expect(frameAtTime(frames, 50)).toBe(frames[1]);
    expect(frameAtTime(frames, 1000)).toBe(frames[2]);
    expect(frameAtTime(frames, -10)).toBeUndefined();
    expect(frameAtTime([], 10)).toBeUndefined();
  });

  it('tolerates the microsecond rounding of currentTime', () => {
    expect(frameAtTime(frames, 33.333)).toBe(frames[1]);
  });
});

describe('the overlay', () => {
  it('gives angles the five colours in turn', () => {
    const base = builtinDefinitions.pushup;
    const six = {
      ...base,
      angles: Array.from({ length: 6 }, (_, i) => ({ ...base.angles[0]!, id: `a${i}` })),
    };
    const colours = overlayAngles(six).map((angle) => angle.color);
    expect(colours.slice(0, 5)).toEqual([...ANGLE_ARC_COLORS]);
    expect(colours[5]).toBe(ANGLE_ARC_COLORS[0]);
    expect(overlayAngles(null).map((angle) => angle.id)).toEqual(['elbow', 'body']);
  });

  it('draws landmarks from visibility 0.5', () => {
    const at = (visibility: number) => ({ x: 0, y: 0, z: 0, visibility });
    expect(isDrawable(at(0.5))).toBe(true);
    expect(isDrawable(at(0.49))).toBe(false);
    expect(isDrawable(undefined)).toBe(false);
  });

  it('moves a side-view angle to the side facing the camera', () => {
    const [elbow] = overlayAngles(null);
    expect(arcLandmarks(elbow!, true, 'left')).toEqual([11, 13, 15]);
    expect(arcLandmarks(elbow!, true, 'right')).toEqual([12, 14, 16]);
    expect(arcLandmarks(elbow!, false, 'right')).toEqual([11, 13, 15]);
    const landmarks = Array.from({ length: 33 }, (_, id) => ({
      x: 0,
      y: 0,
      z: 0,
      visibility: id % 2 === 0 ? 0.9 : 0.1, // right-side ids are even
    }));
    expect(visibleSide(landmarks)).toBe('right');
  });
});
