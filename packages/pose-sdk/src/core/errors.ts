import { RepTempleError } from '@reptemple/definitions';

export { isRepTempleError, RepTempleError } from '@reptemple/definitions';

/** A landmark trace could not be read: `line` is 1-based, as editors number lines. */
export class TraceError extends RepTempleError {
  readonly line: number;

  constructor(line: number, problem: string, source?: string) {
    const where = source ? `${source}:${line}` : `line ${line}`;
    super('TRACE_INVALID', `Invalid landmark trace at ${where}: ${problem}`, {
      hint: 'A trace is NDJSON: a header line, then one frame a line (see "Landmark traces" in the README of @reptemple/pose-sdk).',
    });
    this.name = 'TraceError';
    this.line = line;
  }
}

/** A frame that an analyser cannot use (wrong landmark count, time going backwards...). */
export class FrameError extends RepTempleError {
  constructor(problem: string) {
    super('FRAME_INVALID', problem, {
      hint: 'Frames must have 33 landmarks (or none when no person is seen) and increasing timestamps.',
    });
    this.name = 'FrameError';
  }
}

/** An analyser or sampler option that cannot work (a zero frame size, a negative window...). */
export class OptionsError extends RepTempleError {
  constructor(problem: string, hint: string) {
    super('OPTIONS_INVALID', problem, { hint });
    this.name = 'OptionsError';
  }
}
