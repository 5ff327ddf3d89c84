// The evidence of a recording is the SDK's frame path plus what a judge needs: same counts as
// analyseFrames, each rep's extremes inside the rep, a phase path that goes down and back.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtinDefinitions } from '@reptemple/definitions';
import { analyseFrames, parseTrace, sampleFrames } from '@reptemple/pose-sdk';
import { describe, expect, it } from 'vitest';
import { analyseRecording, RecordingAnalyser } from '../src/verify/analyse-recording.js';
import { LAG_MS } from '../src/verify/frame-prefetch.js';
import { PUSHUP_VERIFICATION_FPS, verificationFps } from '../src/verify/sampling.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

async function trace(name: string) {
  const file = path.join(repo, 'fixtures/traces/pushup', `${name}.ndjson`);
  const parsed = parseTrace(await readFile(file, 'utf8'), file);
  return {
    frames: sampleFrames(parsed.frames, PUSHUP_VERIFICATION_FPS),
    frameSize: { width: parsed.header.width, height: parsed.header.height },
  };
}

describe('analyseRecording', () => {
  it('counts as analyseFrames does, for both analysers', async () => {
    const { frames, frameSize } = await trace('09-tank-top-sagging-hips');
    for (const choice of [
      { kind: 'pushup' as const },
      { kind: 'definition' as const, definition: builtinDefinitions.pushup },
    ]) {
      const expected = analyseFrames(frames, choice, { frameSize });
      const evidence = analyseRecording(frames, choice, frameSize);
      expect(evidence.reps).toHaveLength(expected.reps.length);
      expect(evidence.validReps).toBe(expected.reps.filter((rep) => rep.isValidRep).length);
      expect(evidence.reps.map((rep) => rep.invalidReason)).toEqual(
        expected.reps.map((rep) => (rep.isValidRep ? null : rep.invalidReason)),
      );
    }
  });

  it("gives each push-up rep its analyser's extremes, frames inside the rep, and a path through the bottom", async () => {
    const { frames, frameSize } = await trace('08-tank-top-side');
    const evidence = analyseRecording(frames, { kind: 'pushup' }, frameSize);
    expect(evidence.reps.length).toBeGreaterThan(2);
    for (const rep of evidence.reps) {
      expect(rep.bottomAngle).not.toBeNull();
      expect(rep.topAngle!).toBeGreaterThan(rep.bottomAngle!);
      expect(rep.bottomMs!).toBeGreaterThanOrEqual(rep.startMs);
      expect(rep.bottomMs!).toBeLessThanOrEqual(rep.endMs);
      expect(rep.topMs!).toBeGreaterThanOrEqual(rep.startMs);
      expect(rep.phasePath).toContain('down');
      expect(rep.measurements.alignmentScore).toBeGreaterThan(0);
      expect(rep.isValid === (rep.invalidReason === null)).toBe(true);
    }
    expect(evidence.angles.length).toBeGreaterThan(frames.length / 2);
  });

  it("keeps each rep's checks as the analyser judged them: a failed rep names the check that failed it", async () => {
    const { frames, frameSize } = await trace('09-tank-top-sagging-hips');
    const expected = analyseFrames(frames, { kind: 'pushup' }, { frameSize });
    const evidence = analyseRecording(frames, { kind: 'pushup' }, frameSize);
    expect(evidence.reps.length).toBeGreaterThan(0);
    for (const [index, rep] of evidence.reps.entries()) {
      // fullRate is the verifier's own note on where the value came from.
      expect(rep.checks.map(({ fullRate: _fullRate, ...check }) => check)).toEqual(
        expected.reps[index]!.evidence!.checks,
      );
      const failed = rep.checks.filter((check) => !check.passed);
      expect(failed.length > 0).toBe(!rep.isValid);
    }
  });

  it('tells each rep as the frames end it, with the evidence the finished analysis gives', async () => {
    // Verification draws contact sheets from these while frames still arrive; the frame pass
    // beside it assumes a rep is told within LAG_MS of its end.
    for (const name of ['08-tank-top-side', '09-tank-top-sagging-hips', '06-white-hoodie-side']) {
      const { frames, frameSize } = await trace(name);
      for (const choice of [
        { kind: 'pushup' as const },
        { kind: 'definition' as const, definition: builtinDefinitions.pushup },
      ]) {
        const analyser = new RecordingAnalyser(choice, frameSize);
        const told = [];
        for (const frame of frames) {
          analyser.add(frame);
          for (const rep of analyser.takeEndedReps()) {
            expect(frame.timestampMs - rep.endMs).toBeLessThanOrEqual(LAG_MS);
            told.push(rep);
          }
        }
        const finished = analyser.finish();
        expect(finished).toEqual(analyseRecording(frames, choice, frameSize));
        for (const rep of told) {
          const final = finished.reps[rep.repNumber - 1]!;
          expect({ ...rep, phasePath: final.phasePath }).toEqual(final);
        }
        expect(told.length).toBeGreaterThanOrEqual(finished.reps.length - 1);
      }
    }
  });

  it('samples push-ups at 12 fps and definitions at every frame', () => {
    expect(verificationFps({ kind: 'pushup' })).toBe(12);
    expect(
      verificationFps({ kind: 'definition', definition: builtinDefinitions.squat }),
    ).toBeUndefined();
  });
});
