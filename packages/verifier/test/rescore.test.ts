// reptemple rescore prints the ranks that changed: only recordings whose place moved, with their
// counts before and after.

import { describe, expect, it } from 'vitest';
import { rankChanges } from '../src/worker/rescore.js';

const row = (id: string, rank: number, validReps: number, status = 'verified') => ({
  id,
  name: id.toUpperCase(),
  rank,
  validReps,
  claimedValidReps: validReps,
  status,
});

describe('rankChanges', () => {
  it('lists the recordings whose rank moved, and nothing else', () => {
    const before = [row('a', 1, 50), row('b', 2, 40), row('c', 3, 30)];
    const after = [row('b', 1, 41), row('a', 2, 3), row('c', 3, 30)];
    expect(rankChanges(before, after)).toEqual([
      {
        id: 'b',
        name: 'B',
        before: 2,
        after: 1,
        validBefore: 40,
        validAfter: 41,
        status: 'verified',
      },
      {
        id: 'a',
        name: 'A',
        before: 1,
        after: 2,
        validBefore: 50,
        validAfter: 3,
        status: 'verified',
      },
    ]);
  });
  it('says nothing when no rank changed, even if counts did', () => {
    expect(rankChanges([row('a', 1, 50)], [row('a', 1, 49)])).toEqual([]);
  });
});
