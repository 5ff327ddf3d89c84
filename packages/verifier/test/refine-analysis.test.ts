// The server's verified count against every frame, on real landmarks (issue 24): a real
// 12 frames/s extraction (fixtures/traces-12fps, what the server's sampled pass sees) refined with
// the frames of the full-rate trace of the same video (fixtures/traces; what the engine's windowed
// extraction gives, without its tracking noise) must count as every frame does. No inference: CI
// replays the traces.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnalyzerChoice, PoseFrame } from '@reptemple/pose-sdk';
import { parseTrace, sampleFrames } from '@reptemple/pose-sdk';
import type { FrameWindow } from '@reptemple/pose-sdk/node';
import { describe, expect, it } from 'vitest';
import { analyseRecording, type RecordingAnalysis } from '../src/verify/analyse-recording.js';
import { refineAnalysis } from '../src/verify/refine-analysis.js';
import { PUSHUP_VERIFICATION_FPS, REFINEMENT } from '../src/verify/sampling.js';
import { seedWindowVisibility, type WindowFrame } from '../src/verify/seed-window-visibility.js';

/** A line of fixtures/traces-windows: a trace line with the windowed extraction's marks. */
interface WindowLine {
  readonly t: number;
  readonly lm: number[][];
  readonly wl: number[][];
  readonly warmUp?: true;
  readonly trackingStart?: true;
}

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const choice = { kind: 'pushup' as const };
/** The engine's default warm-up (DEFAULT_WARM_UP_FRAMES), as verification counts its cost. */
const WARM_UP_FRAMES = 4;

async function traces(clip: string) {
  const read = async (dir: string) => {
    const file = path.join(repo, 'fixtures', dir, 'pushup', `${clip}.ndjson`);
    return parseTrace(await readFile(file, 'utf8'), file);
  };
  const [sampled, full] = await Promise.all([read('traces-12fps'), read('traces')]);
  return { sampled, full, frameSize: { width: full.header.width, height: full.header.height } };
}

/** Every frame of the full-rate trace inside the windows: the windowed extraction's frames. */
function framesOf(full: readonly PoseFrame[]) {
  return async (windows: readonly FrameWindow[]) =>
    full.filter((frame) =>
      windows.some((w) => w.startMs <= frame.timestampMs && frame.timestampMs <= w.endMs),
    );
}

/** Refines a real 12 frames/s pass as verification does, the windows' frames from every frame. */
function refineWithEveryFrame(
  { sampled, full, frameSize }: Awaited<ReturnType<typeof traces>>,
  first: RecordingAnalysis,
  analyser: AnalyzerChoice,
) {
  return refineAnalysis(sampled.frames, first, analyser, frameSize, {
    sampledFps: PUSHUP_VERIFICATION_FPS,
    videoFps: full.header.fps,
    warmUpFrames: WARM_UP_FRAMES,
    budgetFrames: REFINEMENT.budgetShare * sampled.frames.length,
    framesOf: framesOf(full.frames),
  });
}

describe('refining a real 12 frames/s pass', () => {
  it('counts fixture 08 as every frame does, where 12 frames/s read a bottom on the wrong side of a threshold', async () => {
    const { sampled, full, frameSize } = await traces('08-tank-top-side');
    expect(sampled.header.fps).toBe(PUSHUP_VERIFICATION_FPS);
    // The case, made with a strict bottom: since the elbow is calibrated (issue 24) 08's verdicts
    // are far from the spec's thresholds at both rates, so the test asks for 67 degrees, which
    // rep 4 reaches at every frame (64.5) and misses at 12 frames/s (68.2).
    const strict = { kind: 'pushup' as const, config: { maxElbowAngleForDown: 67 } };
    const every = analyseRecording(full.frames, strict, frameSize);
    const first = analyseRecording(sampled.frames, strict, frameSize);
    expect(every.validReps).toBe(5);
    expect(first.validReps).toBe(4);
    const sampledDepth = first.reps[3]!.checks.find((check) => check.rule === 'depth')!;
    expect(sampledDepth.passed).toBe(false);
    expect(sampledDepth.fullRate).toBe(false);

    const { analysis, refinement } = await refineWithEveryFrame(
      { sampled, full, frameSize },
      first,
      strict,
    );
    expect(analysis.validReps).toBe(every.validReps);
    expect(analysis.invalidReps).toBe(every.invalidReps);
    expect(refinement.sampled).toEqual({ validReps: 4, invalidReps: 1 });
    // The evidence shows the value every frame gives, taken at the video's rate, at its frame or
    // the next (the first refined frames are filtered with the sampled frame before the window).
    const depth = analysis.reps[3]!.checks.find((check) => check.rule === 'depth')!;
    const everyDepth = every.reps[3]!.checks.find((check) => check.rule === 'depth')!;
    expect(depth).toMatchObject({ passed: true, fullRate: true });
    // The glitch median mixes the window's frames with the sampled ones around it: within a
    // degree and a half of every frame's value.
    expect(Math.abs(depth.value - everyDepth.value)).toBeLessThanOrEqual(1.5);
    expect(Math.abs(depth.timeMs! - everyDepth.timeMs!)).toBeLessThanOrEqual(
      1000 / full.header.fps + 0.1,
    );
    // Within the budget: at most that many frames more than the sampled pass.
    const inferred = refinement.frames + refinement.windows.length * WARM_UP_FRAMES;
    expect(inferred).toBeLessThanOrEqual(REFINEMENT.budgetShare * sampled.frames.length);
  });

  it("counts fixture 13's fast reps as every frame does, where 12 frames/s missed three straight tops", async () => {
    // Fourteen clean reps of 0.7 s: every frame reads each top straight; the sampled pass read
    // three between the samples (132, 145 and 155 degrees), one of them farther from 160 than the
    // rule's margin, which only its steep neighbours put within reach.
    const { sampled, full, frameSize } = await traces('13-blue-wall-fast-oblique');
    const every = analyseRecording(full.frames, choice, frameSize);
    const first = analyseRecording(sampled.frames, choice, frameSize);
    expect(every.validReps).toBe(14);
    const failedTops = first.reps.filter((rep) =>
      rep.checks.some((check) => check.rule === 'lockout' && !check.passed),
    );
    expect(failedTops.map((rep) => rep.repNumber)).toEqual([3, 4, 6]);
    const { analysis, refinement } = await refineWithEveryFrame(
      { sampled, full, frameSize },
      first,
      choice,
    );
    expect(analysis.validReps).toBe(every.validReps);
    expect(analysis.invalidReps).toBe(every.invalidReps);
    expect(refinement.moments.map((moment) => [moment.repNumber, moment.reason])).toEqual([
      [6, 'lockout'],
      [4, 'lockout'],
      [3, 'lockout'],
    ]);
  });

  it("counts fixture 13 as every frame does with the engine's own windows, their visibility seeded from the sampled pass", async () => {
    // The engine's windows of the first round (fixtures/traces-windows: 4 warm-up frames each,
    // tracking started afresh at the first). Restarted, the visibility smoothing left the third
    // top's far arm at 0.26-0.33, under the elbow's 0.35 gate (0.34-0.40 at every frame), so the
    // top was read on one arm: 152.7 against every frame's 163.5.
    const { sampled, full, frameSize } = await traces('13-blue-wall-fast-oblique');
    const file = path.join(repo, 'fixtures/traces-windows/pushup/13-blue-wall-fast-oblique.ndjson');
    const windowFrames = (await readFile(file, 'utf8'))
      .trim()
      .split('\n')
      .slice(1)
      .map((line): WindowFrame => {
        const { t, lm, wl, warmUp, trackingStart } = JSON.parse(line) as WindowLine;
        const point = ([x, y, z, visibility]: number[]) => ({
          x: x!,
          y: y!,
          z: z!,
          visibility: visibility!,
        });
        return {
          timestampMs: t,
          landmarks: lm.map(point),
          worldLandmarks: wl.map(point),
          ...(warmUp ? { warmUp } : {}),
          ...(trackingStart ? { trackingStart } : {}),
        };
      });
    const every = analyseRecording(full.frames, choice, frameSize);
    const first = analyseRecording(sampled.frames, choice, frameSize);
    const refine = (frames: readonly PoseFrame[]) =>
      refineAnalysis(sampled.frames, first, choice, frameSize, {
        sampledFps: PUSHUP_VERIFICATION_FPS,
        videoFps: full.header.fps,
        warmUpFrames: WARM_UP_FRAMES,
        budgetFrames: REFINEMENT.budgetShare * sampled.frames.length,
        framesOf: framesOf(frames),
      });
    const lockout = (analysis: RecordingAnalysis) =>
      analysis.reps[2]!.checks.find((check) => check.rule === 'lockout')!;
    const unseeded = await refine(windowFrames.filter((frame) => !frame.warmUp));
    expect(unseeded.analysis.validReps).toBe(13);
    expect(lockout(unseeded.analysis).passed).toBe(false);
    const seeded = await refine(seedWindowVisibility(windowFrames, sampled.frames));
    expect(seeded.refinement.windows).toHaveLength(3);
    expect(seeded.analysis.validReps).toBe(every.validReps);
    expect(seeded.analysis.invalidReps).toBe(every.invalidReps);
    expect(lockout(seeded.analysis)).toMatchObject({ passed: true, fullRate: true });
  });

  it('looks at nothing again when no verdict is close, and changes nothing', async () => {
    // Fixture 11: three reps with piked hips, each far from every threshold.
    const file = path.join(repo, 'fixtures/traces/pushup/11-tank-top-piked-hips.ndjson');
    const full = parseTrace(await readFile(file, 'utf8'), file);
    const frameSize = { width: full.header.width, height: full.header.height };
    const frames = sampleFrames(full.frames, PUSHUP_VERIFICATION_FPS);
    const first = analyseRecording(frames, choice, frameSize);
    expect(first.reps.length).toBe(3);
    const { analysis, refinement } = await refineAnalysis(frames, first, choice, frameSize, {
      sampledFps: PUSHUP_VERIFICATION_FPS,
      videoFps: full.header.fps,
      warmUpFrames: WARM_UP_FRAMES,
      budgetFrames: 1000,
      framesOf: async () => {
        throw new Error('no window should be asked for');
      },
    });
    expect(refinement.windows).toEqual([]);
    expect(analysis).toBe(first);
  });
});
