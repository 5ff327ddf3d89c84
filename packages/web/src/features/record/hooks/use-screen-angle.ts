// The screen's orientation angle (0, 90, 180, 270), kept current: the preview turns 180° with it
// (spec 02 §9).

import { useEffect, useState } from 'react';

export function useScreenAngle(): number {
  const [angle, setAngle] = useState(() =>
    typeof screen !== 'undefined' && screen.orientation ? screen.orientation.angle : 0,
  );
  useEffect(() => {
    const orientation = typeof screen !== 'undefined' ? screen.orientation : undefined;
    if (!orientation) return;
    const onChange = () => setAngle(orientation.angle);
    orientation.addEventListener('change', onChange);
    return () => orientation.removeEventListener('change', onChange);
  }, []);
  return angle;
}
