// The built-in push-up definition id and the creation defaults are written in three places: the
// migrations (reptemple_private.builtin_pushup_definition_id()), the server (its constants, which
// seed the definition and the demo challenges) and the web app (data/challenges/challenge-fields.ts).
// The server's tests compare its constants with the database; these compare the web's, through the
// data API of the real stack.

import { describe, expect, it } from 'vitest';
import {
  BUILTIN_PUSHUP_DEFINITION_ID,
  CHALLENGE_CREATION_DEFAULTS,
} from '../src/data/challenges/challenge-fields.js';
import { CHALLENGE_TYPES } from '../src/data/challenges/challenge-labels.js';
import {
  DEFAULT_USER_CHALLENGE_FORM,
  userChallengeInsert,
} from '../src/features/challenge-creation/user-challenge-form.js';
import { anonApi, check, checkRow, newApiUser } from './data-api.js';

describe("the web's built-in definition id is the database's", () => {
  it.each(CHALLENGE_TYPES)(
    'the %s row the creation form builds is accepted for a user, on the built-in definition',
    async (challengeType) => {
      const user = await newApiUser('defaults');
      const built = userChallengeInsert(
        { ...DEFAULT_USER_CHALLENGE_FORM, challengeType, name: `Defaults ${challengeType}` },
        user.id,
      );
      if (!built.ok) throw new Error(`the form refused its defaults: ${JSON.stringify(built)}`);
      const created = checkRow(
        await user.client
          .from('challenges')
          .insert(built.row)
          .select('exercise_definition_id, challenge_type')
          .single(),
        `creating a ${challengeType} challenge as a user`,
      );
      expect(created).toEqual({
        exercise_definition_id: BUILTIN_PUSHUP_DEFINITION_ID,
        challenge_type: challengeType,
      });
    },
  );

  it('the check can fail: the same row on another definition is refused by row security', async () => {
    const user = await newApiUser('defaults');
    const built = userChallengeInsert(DEFAULT_USER_CHALLENGE_FORM, user.id);
    if (!built.ok) throw new Error('the form refused its defaults');
    const { error } = await user.client
      .from('challenges')
      .insert({ ...built.row, exercise_definition_id: '00000000-0000-4000-8000-0000000000ff' });
    expect(error?.code).toBe('42501');
  });
});

describe("the server's creation defaults are the web's", () => {
  it('the demo challenges the server seeds from its defaults carry the same numbers and units', async () => {
    const api = await anonApi();
    const demos = check(
      await api
        .from('challenges')
        .select(
          'slug, challenge_length_value, challenge_length_unit, min_daily_reps, increment_value, increment_cadence_value, increment_cadence_unit',
        )
        .in('slug', ['demo-daily-accountability', 'demo-progression'])
        .order('slug'),
      'reading the demo challenges',
    );
    const defaults = CHALLENGE_CREATION_DEFAULTS;
    expect(demos).toEqual([
      {
        slug: 'demo-daily-accountability',
        challenge_length_value: defaults.challengeLengthValue,
        challenge_length_unit: defaults.challengeLengthUnit,
        min_daily_reps: defaults.minDailyReps,
        increment_value: null,
        increment_cadence_value: null,
        increment_cadence_unit: null,
      },
      {
        slug: 'demo-progression',
        // The progression demo runs 30 days (server/src/db/seed.ts), not the default length.
        challenge_length_value: 30,
        challenge_length_unit: 'days',
        min_daily_reps: defaults.minDailyReps,
        increment_value: defaults.incrementValue,
        increment_cadence_value: defaults.incrementCadenceValue,
        increment_cadence_unit: defaults.incrementCadenceUnit,
      },
    ]);
  });
});
