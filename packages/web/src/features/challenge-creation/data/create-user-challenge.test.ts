import { describe, expect, it } from 'vitest';
import type { SupabaseClient } from '../../../data/supabase-client';
import { SLUG_ATTEMPTS } from '../constants';
import { DEFAULT_USER_CHALLENGE_FORM, userChallengeInsert } from '../user-challenge-form';
import { createUserChallenge, creationErrorMessage } from './create-user-challenge';

const USER = '0b5c1e9e-4a1f-4d8a-9a52-1d8f0b6f2a11';
const FALLBACK = 'Failed to create challenge. Please try again.';

/** A client whose `from(table).insert(row).select(columns).single()` answers from a list, one
 * answer per insert, and records what each insert sent. */
function fakeClient(answers: { data?: unknown; error?: unknown }[]) {
  const calls: { table: string; row: unknown; columns: string }[] = [];
  const client = {
    from: (table: string) => ({
      insert: (row: unknown) => ({
        select: (columns: string) => ({
          single: async () => {
            calls.push({ table, row, columns });
            const answer = answers.shift() ?? { error: new Error('no answer left') };
            return { data: answer.data ?? null, error: answer.error ?? null };
          },
        }),
      }),
    }),
  } as unknown as SupabaseClient;
  return { client, calls };
}

function userRow() {
  const result = userChallengeInsert(DEFAULT_USER_CHALLENGE_FORM, USER);
  if (!result.ok) throw new Error(`expected a row, got ${JSON.stringify(result.errors)}`);
  return result.row;
}

const taken = { code: '23505', message: 'duplicate key value violates unique constraint' };

describe('createUserChallenge', () => {
  it('a slug the database made that is taken (23505) is tried again: twice taken, then created', async () => {
    const row = userRow();
    const { client, calls } = fakeClient([
      { error: taken },
      { error: taken },
      { data: { id: 'c-1', slug: 'pushup-challenge-x7k2' } },
    ]);
    expect(await createUserChallenge(client, row)).toEqual({
      id: 'c-1',
      slug: 'pushup-challenge-x7k2',
    });
    // The same row each time: it carries no slug, so the database makes a fresh one per insert.
    expect(calls).toEqual(
      Array.from({ length: 3 }, () => ({ table: 'challenges', row, columns: 'id, slug' })),
    );
    expect(row).not.toHaveProperty('slug');
  });

  it(`gives up after ${SLUG_ATTEMPTS} taken slugs and throws the last error`, async () => {
    const { client, calls } = fakeClient(Array.from({ length: 5 }, () => ({ error: taken })));
    await expect(createUserChallenge(client, userRow())).rejects.toBe(taken);
    expect(calls).toHaveLength(SLUG_ATTEMPTS);
  });

  it('another error is thrown at once, not retried, and its message is what the user reads', async () => {
    const refused = {
      code: '42501',
      message: 'new row violates row-level security policy for table "challenges"',
    };
    const { client, calls } = fakeClient([{ error: refused }, { data: { id: 'x', slug: 'x' } }]);
    const thrown = await createUserChallenge(client, userRow()).catch((error: unknown) => error);
    expect(thrown).toBe(refused);
    expect(calls).toHaveLength(1);
    expect(creationErrorMessage(thrown)).toBe(
      'new row violates row-level security policy for table "challenges"',
    );
  });
});

describe('creationErrorMessage (spec 02 §8: the server message or the fallback)', () => {
  it.each([
    ['a PostgREST error', { code: '23514', message: 'Name too long' }, 'Name too long'],
    ['an Error', new TypeError('Failed to fetch'), 'Failed to fetch'],
    ['an empty message', { code: '500', message: '' }, FALLBACK],
    ['a blank message', { message: '   ' }, FALLBACK],
    ['a message that is not text', { message: 42 }, FALLBACK],
    ['an object without a message', { code: '500' }, FALLBACK],
    ['null', null, FALLBACK],
    ['a string', 'boom', FALLBACK],
    ['undefined', undefined, FALLBACK],
  ])('%s', (_label, error, expected) => {
    expect(creationErrorMessage(error)).toBe(expected);
  });
});
