// A rep whose contact sheet cannot be drawn keeps its counts and evidence: the sheet illustrates
// the verdict, it is not the verdict, so one failed drawing must not fail (and retry) the video.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseTrace, sampleFrames } from '@reptemple/pose-sdk';
import { describe, expect, it } from 'vitest';
import { analyseRecording } from '../src/verify/analyse-recording.js';
import { drivingAngleFor } from '../src/verify/driving-angle.js';
import { PUSHUP_VERIFICATION_FPS } from '../src/verify/sampling.js';
import {
  drawContactSheets,
  SHEETS_IN_FLIGHT,
  type SheetDrawer,
  type SheetInputs,
} from '../src/verify/verify-video.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** px: a sheet frame's size, as verifyVideo scales a 640x360 video */
const SIZE = { width: 427, height: 240 };
const JPEG_START = [0xff, 0xd8];

async function pushupReps() {
  const file = path.join(repo, 'fixtures/traces/pushup/09-tank-top-sagging-hips.ndjson');
  const parsed = parseTrace(await readFile(file, 'utf8'), file);
  const frameSize = { width: parsed.header.width, height: parsed.header.height };
  const frames = sampleFrames(parsed.frames, PUSHUP_VERIFICATION_FPS);
  return analyseRecording(frames, { kind: 'pushup' }, frameSize).reps;
}

const withoutPictures = (rep: SheetInputs['rep']): SheetInputs => ({
  rep,
  bottomPicture: undefined,
  topPicture: undefined,
  bottomPose: undefined,
  topPose: undefined,
});

/** The push-up reps' sheets, without pictures, drawn by `draw` (default: the real renderer). */
const drawPushupSheets = (reps: SheetInputs['rep'][], draw?: SheetDrawer) =>
  drawContactSheets(reps, withoutPictures, drivingAngleFor({ kind: 'pushup' }), SIZE, draw);

describe('drawContactSheets', () => {
  it('draws a JPEG for every rep with the real renderer', async () => {
    const reps = (await pushupReps()).slice(0, 3);
    const drawn = await drawPushupSheets(reps);
    expect(drawn.failures).toEqual([]);
    expect([...drawn.sheets.keys()]).toEqual(reps.map((rep) => rep.repNumber));
    for (const sheet of drawn.sheets.values())
      expect([...sheet.subarray(0, 2)]).toEqual(JPEG_START);
  });

  it('keeps going past a rep whose sheet fails, and says which and why', async () => {
    const reps = (await pushupReps()).slice(0, 4);
    expect(reps).toHaveLength(4);
    const failing = reps[1]!.repNumber;
    const drawn = await drawPushupSheets(reps, async (inputs) => {
      if (inputs.rep.repNumber === failing) throw new Error('picture buffer too short');
      return Buffer.from(JPEG_START);
    });
    expect(drawn.failures).toEqual([{ repNumber: failing, reason: 'picture buffer too short' }]);
    expect([...drawn.sheets.keys()]).toEqual(
      reps.map((rep) => rep.repNumber).filter((repNumber) => repNumber !== failing),
    );
  });

  it('keeps at most SHEETS_IN_FLIGHT sheets in flight and answers them in rep order', async () => {
    const reps = (await pushupReps()).slice(0, 6);
    let inFlight = 0;
    let mostInFlight = 0;
    const drawn = await drawPushupSheets(reps, async (inputs) => {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      // Earlier reps finish later, so an answer in finishing order would come out reversed.
      await new Promise((resolve) => setTimeout(resolve, 5 * (10 - inputs.rep.repNumber)));
      inFlight -= 1;
      return Buffer.from([inputs.rep.repNumber]);
    });
    expect(mostInFlight).toBe(SHEETS_IN_FLIGHT);
    expect([...drawn.sheets.entries()].map(([n, sheet]) => [n, sheet[0]])).toEqual(
      reps.map((rep) => [rep.repNumber, rep.repNumber]),
    );
  });
});
