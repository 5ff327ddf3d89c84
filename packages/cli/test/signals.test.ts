import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { EXIT, Interruption, interruptedExitCode } from '../src/errors.js';
import { type SignalTarget, stopOnSignals } from '../src/signals.js';

/** A stand-in for `process`: signals are emitted by hand, exit is recorded instead of exiting. */
function fakeProcess() {
  const emitter = new EventEmitter();
  const exits: number[] = [];
  const target: SignalTarget = {
    on: (event, listener) => emitter.on(event, listener),
    exit: ((code: number) => {
      exits.push(code);
    }) as SignalTarget['exit'],
  };
  return { emitter, exits, target };
}

describe('stop signals', () => {
  for (const [name, exitCode] of [
    ['SIGINT', EXIT.interrupted],
    ['SIGTERM', EXIT.terminated],
    ['SIGHUP', EXIT.hangup],
  ] as const) {
    it(`${name} stops the run like Ctrl-C and the run exits ${exitCode}; a second ${name} exits at once`, () => {
      const { emitter, exits, target } = fakeProcess();
      const controller = new AbortController();
      let stderr = '';
      stopOnSignals(controller, target, (text) => {
        stderr += text;
      });
      emitter.emit(name);
      expect(controller.signal.aborted).toBe(true);
      expect(controller.signal.reason).toBeInstanceOf(Interruption);
      expect(interruptedExitCode(controller.signal)).toBe(exitCode);
      expect(stderr).toContain('stopping; inputs in progress are dropped, finished ones printed');
      expect(exits).toEqual([]);
      emitter.emit(name);
      expect(exits).toEqual([exitCode]);
    });
  }

  it('counts an abort without a stop signal (a library caller) as Ctrl-C', () => {
    const controller = new AbortController();
    controller.abort();
    expect(interruptedExitCode(controller.signal)).toBe(EXIT.interrupted);
  });
});
