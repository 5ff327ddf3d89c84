import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { builtinDefinitions } from '@reptemple/definitions';
import { describe, expect, it } from 'vitest';
import { DefinitionAnalyzer } from '../src/core/definition/definition-analyzer.js';
import { OptionsError } from '../src/core/errors.js';
import type { RepAnalyzer, RepRecord } from '../src/core/events.js';
import { analyseFrames } from '../src/core/pipeline/analyse-frames.js';
import { type AnalyzerChoice, createAnalyzer } from '../src/core/pipeline/create-analyzer.js';
import { PushupAnalyzer } from '../src/core/pushup/pushup-analyzer.js';
import { parseTrace } from '../src/core/trace/trace-reader.js';
import type { PoseFrame } from '../src/core/types.js';

// The one frame path every host uses: choosing an analyser (createAnalyzer) and running it over a
// recording (analyseFrames) must be exactly what driving the analyser's constructor by hand is.

const traces = resolve(import.meta.dirname, '../../../fixtures/traces');
const FRAME_SIZE = { width: 640, height: 360 };

function readFixture(exercise: string, file: string) {
  const { header, frames } = parseTrace(readFileSync(join(traces, exercise, file), 'utf8'));
  return { frames, frameSize: { width: header.width, height: header.height } };
}

/** The analyser driven by hand, as hosts did before the pipeline. */
function byHand(analyzer: RepAnalyzer<string, RepRecord>, frames: readonly PoseFrame[]) {
  let count = 0;
  for (const frame of frames) {
    analyzer.process(frame);
    count++;
  }
  analyzer.finish();
  return {
    frames: count,
    state: analyzer.state,
    reps: analyzer.reps,
    timeline: analyzer.timeline,
    view: analyzer.view ?? null,
  };
}

describe('createAnalyzer', () => {
  it('builds the push-up analyser with its options', () => {
    const analyzer = createAnalyzer(
      { kind: 'pushup', config: { glitchWindow: 0 } },
      { frameSize: FRAME_SIZE },
    );
    expect(analyzer).toBeInstanceOf(PushupAnalyzer);
    expect(analyzer.config.glitchWindow).toBe(0);
  });

  it('builds the definition analyser for the definition given', () => {
    const definition = builtinDefinitions.squat;
    const analyzer = createAnalyzer({ kind: 'definition', definition }, { frameSize: FRAME_SIZE });
    expect(analyzer).toBeInstanceOf(DefinitionAnalyzer);
    expect(analyzer.definition).toBe(definition);
  });

  it("passes the definition analyser's own options on (they are checked)", () => {
    const choice: AnalyzerChoice = {
      kind: 'definition',
      definition: builtinDefinitions.pushup,
      glitchWindow: -1,
    };
    expect(() => createAnalyzer(choice, { frameSize: FRAME_SIZE })).toThrow(/glitchWindow/);
  });

  it('checks the frame size for either analyser', () => {
    const choices: AnalyzerChoice[] = [
      { kind: 'pushup' },
      { kind: 'definition', definition: builtinDefinitions.pushup },
    ];
    for (const choice of choices) {
      expect(() => createAnalyzer(choice, { frameSize: { width: 0, height: 360 } })).toThrow(
        OptionsError,
      );
    }
  });

  it('gives a fresh analyser on every call (no state shared between recordings)', () => {
    const { frames, frameSize } = readFixture('pushup', '08-tank-top-side.ndjson');
    const first = createAnalyzer({ kind: 'pushup' }, { frameSize });
    for (const frame of frames) first.process(frame);
    const second = createAnalyzer({ kind: 'pushup' }, { frameSize });
    expect(first.state.repCount).toBeGreaterThan(0);
    expect(second.state.repCount).toBe(0);
    expect(second.reps).toEqual([]);
  });
});

describe('analyseFrames on every fixture trace', () => {
  const cases = ['pushup', 'squat'].flatMap((exercise) =>
    readdirSync(join(traces, exercise))
      .filter((file) => file.endsWith('.ndjson'))
      .map((file) => [exercise, file] as const),
  );

  it.each(cases)('%s/%s: the same result as each analyser driven by hand', (exercise, file) => {
    const { frames, frameSize } = readFixture(exercise, file);
    const definition = exercise === 'pushup' ? builtinDefinitions.pushup : builtinDefinitions.squat;
    const runs: [AnalyzerChoice, RepAnalyzer<string, RepRecord>][] = [
      [{ kind: 'definition', definition }, new DefinitionAnalyzer({ definition, frameSize })],
    ];
    if (exercise === 'pushup') runs.push([{ kind: 'pushup' }, new PushupAnalyzer({ frameSize })]);
    for (const [choice, analyzer] of runs) {
      const expected = byHand(analyzer, frames);
      const result = analyseFrames(frames, choice, { frameSize });
      expect(result.frames).toBe(frames.length);
      expect(JSON.stringify(result)).toBe(JSON.stringify(expected));
    }
  });

  it('ends the stream, so a rep that ends on the last frames counts (clip 21)', () => {
    // 21 ends as the last rep rises: only finish() judges it.
    const { frames, frameSize } = readFixture('pushup', '21-knee-test-park-oblique.ndjson');
    const unfinished = new PushupAnalyzer({ frameSize });
    for (const frame of frames) unfinished.process(frame);
    const result = analyseFrames(frames, { kind: 'pushup' }, { frameSize });
    expect(result.reps).toHaveLength(5);
    expect(result.reps.length).toBeGreaterThan(unfinished.reps.length);
  });

  it('reads any iterable of frames, once', () => {
    const { frames, frameSize } = readFixture('pushup', '08-tank-top-side.ndjson');
    function* oneByOne() {
      yield* frames;
    }
    const fromGenerator = analyseFrames(oneByOne(), { kind: 'pushup' }, { frameSize });
    expect(JSON.stringify(fromGenerator)).toBe(
      JSON.stringify(analyseFrames(frames, { kind: 'pushup' }, { frameSize })),
    );
  });
});
