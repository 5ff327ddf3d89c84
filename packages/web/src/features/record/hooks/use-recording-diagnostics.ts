// The diagnostics panel's figures during an attempt, read on a timer of their own so the
// attempt's screen is not redrawn for them.

import { type RefObject, useEffect, useState } from 'react';
import type { RecordingController, RecordingDiagnostics } from '../recording-controller';

/** How often the open diagnostics panel reads the loop's figures during an attempt. ms */
const DIAGNOSTICS_REFRESH_MS = 500;

/** The controller's diagnostics while `active` (the panel is open during an attempt), else null. */
export function useRecordingDiagnostics(
  controllerRef: RefObject<RecordingController | null>,
  active: boolean,
): RecordingDiagnostics | null {
  const [diagnostics, setDiagnostics] = useState<RecordingDiagnostics | null>(null);
  useEffect(() => {
    if (!active) {
      setDiagnostics(null);
      return;
    }
    const read = () => setDiagnostics(controllerRef.current?.diagnostics() ?? null);
    read();
    const timer = setInterval(read, DIAGNOSTICS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [controllerRef, active]);
  return diagnostics;
}
