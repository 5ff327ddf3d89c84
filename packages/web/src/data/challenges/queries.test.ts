import { describe, expect, it } from 'vitest';
import { adminKeys } from '../../features/admin/data/queries';
import { eventKeys } from '../../features/events/data/queries';
import { recordingViewKeys } from '../../features/recording-view/data/queries';
import { definitionKeys } from '../definitions/queries';
import { challengeKeys, leaderboardKeys } from './queries';

/** Whether `key` starts with `prefix` (how the query cache matches and invalidates keys). */
const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
  prefix.every((part, index) => JSON.stringify(key[index]) === JSON.stringify(part));

describe('query keys', () => {
  // Every data function's key for the same argument: none may equal or contain another, else two
  // functions share a cached answer (the Pushtober row without is_active that closed the detail
  // page's challenge).
  const id = 'pushtober';
  const keys: [string, readonly unknown[]][] = [
    ['challenge list', challengeKeys.list()],
    ['challenge by id', challengeKeys.byId(id)],
    ['challenge by slug', challengeKeys.bySlug(id)],
    ['challenge with definition', challengeKeys.withDefinition(id)],
    ['card summary', challengeKeys.summary(id, null)],
    ['top entries', challengeKeys.topEntries(id, 3, null)],
    ['board', leaderboardKeys.board(id, 'all_time', 'all', 'UTC', null)],
    [
      'aggregate page',
      leaderboardKeys.aggregatePage(
        { challengeId: id, gender: 'all', timeZone: 'UTC', offset: 0, pageSize: 5 },
        null,
      ),
    ],
    ['event', eventKeys.event(id)],
    ['pushtober', eventKeys.pushtober(id)],
    ['recording view', recordingViewKeys.view(id, id)],
    ['definitions', definitionKeys.list()],
    ['admin challenges', adminKeys.challenges()],
    ['admin challenge', adminKeys.challenge(id)],
    ['admin definition choices', adminKeys.definitionChoices()],
    ['admin dashboard', adminKeys.dashboard()],
    ['admin recordings', adminKeys.recordings(id)],
  ];
  it.each(keys)('%s has a key no other data function starts with or shares', (name, key) => {
    for (const [other, otherKey] of keys) {
      if (other === name) continue;
      expect(startsWith(otherKey, key), `${other} falls under ${name}'s key`).toBe(false);
    }
  });
  it('a viewer-dependent answer is cached per viewer', () => {
    expect(challengeKeys.summary(id, 'a')).not.toEqual(challengeKeys.summary(id, 'b'));
    expect(challengeKeys.summary(id, 'a')).not.toEqual(challengeKeys.summary(id, null));
  });
  it('every admin key falls under adminKeys.all, which a change in the admin area refreshes', () => {
    for (const key of [adminKeys.challenges(), adminKeys.dashboard(), adminKeys.recordings(id)])
      expect(startsWith(key, adminKeys.all)).toBe(true);
  });
});
