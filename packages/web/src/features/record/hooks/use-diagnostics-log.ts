// The diagnostics panel's log: the newest lines, each with the time it was written.

import { useCallback, useState } from 'react';

/** Lines the diagnostics log keeps. */
const LOG_LIMIT = 50;

export function useDiagnosticsLog() {
  const [log, setLog] = useState<string[]>([]);
  const addLog = useCallback((line: string) => {
    setLog((lines) => [
      ...lines.slice(-(LOG_LIMIT - 1)),
      `${new Date().toLocaleTimeString()} ${line}`,
    ]);
  }, []);
  return { log, addLog };
}
