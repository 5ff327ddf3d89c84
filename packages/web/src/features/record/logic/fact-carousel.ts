// The fact carousel of the upload screen (spec 02 §9): 20 random facts of the 32, one shown at a
// time, the next every 4000 ms with a 300 ms fade, and 10 progress dots. Pure: the random source
// is passed in.

import type { CaptionFact } from '../facts';
import { CAROUSEL_DOTS, CAROUSEL_FACT_COUNT } from '../messages';

/** `count` different facts in random order (a partial Fisher-Yates shuffle). */
export function pickFacts(
  facts: readonly CaptionFact[],
  random: () => number,
  count = CAROUSEL_FACT_COUNT,
): CaptionFact[] {
  const pool = [...facts];
  const picked: CaptionFact[] = [];
  for (let index = 0; index < Math.min(count, pool.length); index++) {
    const chosen = index + Math.floor(random() * (pool.length - index));
    [pool[index], pool[chosen]] = [pool[chosen]!, pool[index]!];
    picked.push(pool[index]!);
  }
  return picked;
}

/** Which of the 10 dots is lit for the fact at `index` (the dots go round twice for 20 facts). */
export function activeDot(index: number, dots = CAROUSEL_DOTS): number {
  return ((index % dots) + dots) % dots;
}
