// The fallback card (spec 02 §2 'Recording Interface Not Loading'): armed when the recording card
// appears, disarmed by the first camera picture.

import { useCallback, useEffect, useRef, useState } from 'react';
import { RECORDING_INTERFACE_TIMEOUT_MS } from '../messages';

export function useInterfaceWatch(cameraShown: boolean) {
  const [fallback, setFallback] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const arm = useCallback(() => {
    clearTimeout(timer.current);
    setFallback(false);
    timer.current = setTimeout(() => setFallback(true), RECORDING_INTERFACE_TIMEOUT_MS);
  }, []);
  useEffect(() => {
    if (cameraShown) arm();
    else clearTimeout(timer.current);
    return () => clearTimeout(timer.current);
  }, [cameraShown, arm]);
  const onPreviewReady = useCallback(() => {
    clearTimeout(timer.current);
    setFallback(false);
  }, []);

  return { fallback, arm, onPreviewReady };
}
