import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { builtinDefinitions } from '@reptemple/definitions';
import { describe, expect, it } from 'vitest';
import { analyseFrames } from '../src/core/pipeline/analyse-frames.js';
import type { AnalyzerChoice } from '../src/core/pipeline/create-analyzer.js';
import { parseTrace } from '../src/core/trace/trace-reader.js';

// Real traces (format version 2, world landmarks) of labelled push-up clips, at full rate and at
// a real 15 fps extraction.
const fixtures = resolve(import.meta.dirname, '../../../fixtures');
const rates = { 'full rate': 'traces', '15 fps': 'traces-15fps' } as const;
const choices: Record<string, AnalyzerChoice> = {
  'push-up analyser': { kind: 'pushup' },
  'built-in push-up definition': { kind: 'definition', definition: builtinDefinitions.pushup },
};

function analyse(dir: string, clip: string, choice: AnalyzerChoice) {
  const { header, frames } = parseTrace(
    readFileSync(join(fixtures, dir, 'pushup', `${clip}.ndjson`), 'utf8'),
  );
  return analyseFrames(frames, choice, {
    frameSize: { width: header.width, height: header.height },
  });
}

describe('knee push-ups count no valid rep, from whatever view', () => {
  const kneeClips = {
    '18-knee-test-front-park': 'front',
    '19-knee-test-front-road': 'front',
    '21-knee-test-park-oblique': 'oblique',
  } as const;
  for (const [rate, dir] of Object.entries(rates)) {
    for (const [name, choice] of Object.entries(choices)) {
      for (const [clip, view] of Object.entries(kneeClips)) {
        it(`${clip}, ${name}, ${rate}`, () => {
          const result = analyse(dir, clip, choice);
          expect(result.view).toBe(view);
          expect(result.reps.length).toBeGreaterThan(0);
          expect(result.reps.filter((rep) => rep.isValidRep)).toEqual([]);
        });
      }
    }
  }

  it('from the front, the legs behind the body are not seen: the reps fail visibility, with the share seen', () => {
    // BlazePose gives the hidden legs a visibility of 0.05-0.2: its knee and ankle are guesses,
    // and a knee push-up cannot be told from a full one (docs/decisions.md).
    for (const rep of analyse('traces', '19-knee-test-front-road', choices['push-up analyser']!)
      .reps) {
      expect(rep.invalidReason).toBe('Insufficient landmark visibility');
      expect(rep.evidence?.deciding).toMatchObject({ rule: 'visibility', passed: false });
      expect(rep.evidence?.deciding?.value).toBeLessThan(0.5);
    }
  });
});

describe('every rep of every labelled clip carries its evidence', () => {
  it('the view, the rules judged, and a deciding check for each invalid rep', () => {
    const clips = [
      '03-fast-one-minute-counter-overlay',
      '13-blue-wall-fast-oblique',
      '23-front-top-down-mat',
    ];
    for (const clip of clips) {
      for (const choice of Object.values(choices)) {
        for (const rep of analyse('traces', clip, choice).reps) {
          const evidence = rep.evidence!;
          expect(['side', 'oblique', 'front']).toContain(evidence.view);
          expect(evidence.rulesJudged.length).toBeGreaterThan(0);
          expect(evidence.confidence).toBeGreaterThanOrEqual(0);
          expect(evidence.confidence).toBeLessThanOrEqual(1);
          if (!rep.isValidRep) {
            expect(evidence.deciding?.passed).toBe(false);
            expect(evidence.rulesJudged).toContain(evidence.deciding?.rule);
          }
        }
      }
    }
  });
});
