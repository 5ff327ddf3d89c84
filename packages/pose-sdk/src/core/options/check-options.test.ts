import { normalizeDefinition, pushupDefinition } from '@reptemple/definitions';
import { describe, expect, it } from 'vitest';
import { pushupLandmarks } from '../../../test/support/synthetic-pushup.js';
import { DefinitionAnalyzer } from '../definition/definition-analyzer.js';
import { PushupAnalyzer } from '../pushup/pushup-analyzer.js';
import { FrameSampler } from '../sampling/frame-sampler.js';
import type { FrameSize } from '../types.js';
import { checkFrameSize, checkNonNegativeNumbers } from './check-options.js';

const FRAME = { width: 640, height: 360 };
const side = (elbow: number) => pushupLandmarks({ elbow });
const invalid = (message: RegExp) =>
  expect.objectContaining({ code: 'OPTIONS_INVALID', message: expect.stringMatching(message) });

describe('checkFrameSize', () => {
  it('accepts pixel sizes and refuses zero, negative, missing or non-finite ones', () => {
    expect(() => checkFrameSize(FRAME, 'frameSize')).not.toThrow();
    for (const bad of [{ width: 0, height: 0 }, { width: 640, height: -1 }, {}, undefined]) {
      expect(() => checkFrameSize(bad as FrameSize, 'frameSize')).toThrow(
        invalid(/^Expected frameSize to be the frames' pixel size/),
      );
    }
    expect(() => checkFrameSize({ width: Number.NaN, height: 360 }, 'frameSize')).toThrow(
      invalid(/got NaNx360/),
    );
  });
});

describe('checkNonNegativeNumbers', () => {
  it('names the option and what it received', () => {
    expect(() => checkNonNegativeNumbers({ a: 0, b: 5, c: undefined }, 'config')).not.toThrow();
    expect(() => checkNonNegativeNumbers({ minUpAngle: -5 }, 'config')).toThrow(
      invalid(/^Expected config\.minUpAngle to be a finite number of at least 0, got -5/),
    );
    expect(() => checkNonNegativeNumbers({ glitchWindow: Number.NaN }, 'config')).toThrow(
      invalid(/got NaN/),
    );
  });
});

describe('analysers and the sampler refuse options that cannot work', () => {
  it('PushupAnalyzer: frame size and config', () => {
    // A zero frame size used to give 0 reps on any clip, without a word.
    expect(() => new PushupAnalyzer({ frameSize: { width: 0, height: 0 } })).toThrow(
      invalid(/PushupAnalyzer frameSize/),
    );
    expect(() => new PushupAnalyzer({ frameSize: FRAME, config: { glitchWindow: -1 } })).toThrow(
      invalid(/PushupAnalyzer config\.glitchWindow/),
    );
    expect(
      () => new PushupAnalyzer({ frameSize: FRAME, config: { alignmentSampleCount: 2.5 } }),
    ).toThrow(invalid(/alignmentSampleCount to be a whole number of at least 1, got 2.5/));
  });

  it('DefinitionAnalyzer: frame size, glitch window, and a definition not normalised', () => {
    const definition = normalizeDefinition(pushupDefinition);
    expect(
      () => new DefinitionAnalyzer({ definition, frameSize: { width: 640, height: 0 } }),
    ).toThrow(invalid(/DefinitionAnalyzer frameSize/));
    expect(
      () => new DefinitionAnalyzer({ definition, frameSize: FRAME, glitchWindow: -5 }),
    ).toThrow(invalid(/DefinitionAnalyzer options\.glitchWindow/));
    // The document as written (landmarks by name) instead of normalizeDefinition's output.
    const asWritten = pushupDefinition as unknown as typeof definition;
    expect(() => new DefinitionAnalyzer({ definition: asWritten, frameSize: FRAME })).toThrow(
      expect.objectContaining({
        code: 'DEFINITION_NOT_NORMALIZED',
        message: expect.stringMatching(/got landmarks given by name/),
        hint: expect.stringMatching(/normalizeDefinition\(document\)/),
      }),
    );
    const phasesAsList = {
      ...definition,
      phases: Object.values(definition.phases),
    } as unknown as typeof definition;
    expect(() => new DefinitionAnalyzer({ definition: phasesAsList, frameSize: FRAME })).toThrow(
      expect.objectContaining({ code: 'DEFINITION_NOT_NORMALIZED' }),
    );
  });

  it('DefinitionAnalyzer: config overrides its constants, as PushupAnalyzer config does', () => {
    const definition = normalizeDefinition(pushupDefinition);
    expect(
      () =>
        new DefinitionAnalyzer({ definition, frameSize: FRAME, config: { maxTrackingGap: -1 } }),
    ).toThrow(invalid(/DefinitionAnalyzer config\.maxTrackingGap/));
    // A person lost for 400 ms: with the default 1 s gap the cycle goes on, with a 300 ms one it
    // is dropped, and the rep that would have completed is not counted.
    const lostMidRep = (config?: { maxTrackingGap: number }) => {
      const analyzer = new DefinitionAnalyzer({
        definition,
        frameSize: FRAME,
        glitchWindow: 0,
        config,
      });
      // ms, elbow degrees: down into end, 400 ms without frames, back up to start.
      const frames: [number, number][] = [
        [100, 160],
        [200, 160],
        [300, 110],
        [400, 80],
        [500, 80],
        [1000, 80],
        [1100, 110],
        [1200, 160],
        [1300, 160],
      ];
      for (const [timestampMs, elbow] of frames)
        analyzer.process({ timestampMs, landmarks: side(elbow) });
      return analyzer.reps.length;
    };
    expect(lostMidRep()).toBe(1);
    expect(lostMidRep({ maxTrackingGap: 300 })).toBe(0);
  });

  it('FrameSampler: a frame rate above 0', () => {
    for (const fps of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => new FrameSampler(fps), String(fps)).toThrow(invalid(/FrameSampler fps/));
    }
    expect(new FrameSampler(15).keep(0)).toBe(true);
  });
});
