import { Interruption, STOP_SIGNALS, type StopSignal } from './errors.js';

/** The parts of `process` the stop handling uses, injectable so it can be tested without signals. */
export interface SignalTarget {
  on(event: StopSignal, listener: () => void): unknown;
  exit(code: number): never;
}

/**
 * SIGINT, SIGTERM and SIGHUP all stop a run the same way: the first aborts `controller` with an
 * Interruption (no new input starts, inputs in flight are abandoned, finished rows are printed,
 * the pose engine is closed), the second leaves at once with that signal's exit code. The CLI
 * handles them alone: the engine launches Chromium with Playwright's own signal handlers off.
 */
export function stopOnSignals(
  controller: AbortController,
  target: SignalTarget,
  stderr: (text: string) => void,
): void {
  for (const name of Object.keys(STOP_SIGNALS) as StopSignal[]) {
    target.on(name, () => {
      if (controller.signal.aborted) target.exit(STOP_SIGNALS[name].exitCode);
      stderr(
        `\n${STOP_SIGNALS[name].described}: stopping; inputs in progress are dropped, finished ones printed (send it again to quit at once)...\n`,
      );
      controller.abort(new Interruption(name));
    });
  }
}
