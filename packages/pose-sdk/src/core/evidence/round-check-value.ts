/**
 * A check's value rounded for evidence, to 1/`scale` (10: tenths), never onto or across its
 * threshold: the rule compares the unrounded value, and rounding to the nearest step could land a
 * failed lockout of 159.96 on "160°", a number that passes the 160° rule beside the verdict it
 * failed. The nearest step, unless that lands on or across the threshold; then the step beside the
 * threshold on the value's side (159.9, 160.1). A value on its threshold stays on it; values that
 * are not finite are kept.
 */
export function roundCheckValue(value: number, threshold: number, scale: number): number {
  if (!Number.isFinite(value) || value === threshold) return value;
  const nearest = Math.round(value * scale) / scale;
  const thresholdStep = Math.round(threshold * scale);
  if (value > threshold && nearest <= threshold) return (thresholdStep + 1) / scale;
  if (value < threshold && nearest >= threshold) return (thresholdStep - 1) / scale;
  return nearest;
}
