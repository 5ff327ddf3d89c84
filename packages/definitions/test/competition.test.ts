import { describe, expect, it } from 'vitest';
import {
  BUILTIN_PUSHUP_DEFINITION_ID,
  COMPETITION_SQL_CONSTANTS,
  countingAnalyserFor,
  DUEL_DURATION_HOURS,
  MAX_PENDING_VERIFICATIONS,
  MAX_RECORDING_SECONDS,
} from '../src/index.js';

describe('competition constants', () => {
  it('the built-in push-up is counted by the push-up analyser, any other definition by its own', () => {
    expect(countingAnalyserFor(BUILTIN_PUSHUP_DEFINITION_ID)).toBe('pushup');
    expect(countingAnalyserFor('00000000-0000-4000-8000-000000000002')).toBe('definition');
  });
  it('the SQL constants carry the TypeScript values (the database reads these literals)', () => {
    const literal = (name: string) =>
      COMPETITION_SQL_CONSTANTS.find((constant) => constant.name === name)?.literal;
    expect(literal('duel_duration')).toBe(`interval '${DUEL_DURATION_HOURS} hours'`);
    expect(literal('builtin_pushup_definition_id')).toBe(`'${BUILTIN_PUSHUP_DEFINITION_ID}'::uuid`);
    expect(literal('max_recording_seconds')).toBe(String(MAX_RECORDING_SECONDS));
    expect(literal('max_pending_verifications')).toBe(String(MAX_PENDING_VERIFICATIONS));
    expect(new Set(COMPETITION_SQL_CONSTANTS.map((constant) => constant.name)).size).toBe(
      COMPETITION_SQL_CONSTANTS.length,
    );
  });
});
