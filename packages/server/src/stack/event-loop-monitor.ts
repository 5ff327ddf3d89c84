// The server's event loop answers every request (the data API's proxy, auth, uploads, media): how
// long it was held is measured all the time (perf_hooks' event-loop delay histogram) and reported
// once a window: a debug line with the window's p50, p99 and longest delay, and a warning when the
// longest went past EVENT_LOOP_DELAY_WARN_MS. `pnpm bench event` reads these lines.

import { monitorEventLoopDelay } from 'node:perf_hooks';
import { EVENT_LOOP_DELAY_WARN_MS, EVENT_LOOP_REPORT_INTERVAL_MS } from '../constants.js';
import type { Logger } from '../log.js';

/** ms: the histogram's sampling timer; delays shorter than this are not seen. */
const RESOLUTION_MS = 10;

export type EventLoopReport = {
  /** ms each */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  windowMs: number;
};

export function startEventLoopMonitor(
  log: Logger,
  intervalMs = EVENT_LOOP_REPORT_INTERVAL_MS,
): { stop(): void } {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  let windowStarted = performance.now();
  const report = () => {
    const now = performance.now();
    // The histogram counts the timer's own period in every delay: what is left is the hold.
    const held = (ns: number) => Math.max(0, Math.round((ns / 1e6 - RESOLUTION_MS) * 10) / 10);
    const figures: EventLoopReport = {
      p50Ms: held(histogram.percentile(50)),
      p99Ms: held(histogram.percentile(99)),
      maxMs: held(histogram.max),
      windowMs: Math.round(now - windowStarted),
    };
    histogram.reset();
    windowStarted = now;
    if (figures.maxMs > EVENT_LOOP_DELAY_WARN_MS) log.warn('event_loop_delay', figures);
    else log.debug('event_loop_delay', figures);
  };
  const timer = setInterval(report, intervalMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      histogram.disable();
    },
  };
}
