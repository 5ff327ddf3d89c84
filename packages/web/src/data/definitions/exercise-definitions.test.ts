import { describe, expect, it } from 'vitest';
import { EDITOR_SPEC_TEXT } from '../../features/editor/constants';
import type { SupabaseClient } from '../supabase-client';
import {
  createExerciseDefinition,
  DefinitionWriteError,
  definitionErrorMessage,
  deleteExerciseDefinition,
  listExerciseDefinitions,
  updateExerciseDefinition,
} from './exercise-definitions';

type Call = [method: string, ...args: unknown[]];

/** A stand-in for the query builder: records each call and answers `result` when awaited. */
function fakeClient(result: { data: unknown; error: unknown }) {
  const calls: Call[] = [];
  const builder: Record<string, unknown> = {};
  for (const method of ['select', 'order', 'insert', 'update', 'delete', 'eq', 'single']) {
    builder[method] = (...args: unknown[]) => {
      calls.push([method, ...args]);
      return builder;
    };
  }
  // biome-ignore lint/suspicious/noThenProperty: supabase's query builder is awaited as a thenable
  builder.then = (resolve: (value: unknown) => unknown) => Promise.resolve(result).then(resolve);
  const client = {
    from: (table: string) => {
      calls.push(['from', table]);
      return builder;
    },
  } as unknown as SupabaseClient;
  return { client, calls };
}

const row = {
  id: 'row-1',
  name: 'Squat',
  definition: {},
  author: 'admin-1',
  created_at: '2026-11-21T00:00:00Z',
  updated_at: '2026-11-21T00:00:00Z',
};

describe('exercise_definitions calls (spec 01 §7)', () => {
  it('lists all columns ordered by created_at descending', async () => {
    const { client, calls } = fakeClient({ data: [row], error: null });
    expect(await listExerciseDefinitions(client)).toEqual([row]);
    expect(calls).toEqual([
      ['from', 'exercise_definitions'],
      ['select', '*'],
      ['order', 'created_at', { ascending: false }],
    ]);
  });

  it('inserts {name, definition, author} and returns the row', async () => {
    const { client, calls } = fakeClient({ data: row, error: null });
    const values = { name: 'Squat', definition: { name: 'Squat' }, author: 'admin-1' };
    expect(await createExerciseDefinition(client, values)).toEqual(row);
    expect(calls).toEqual([
      ['from', 'exercise_definitions'],
      ['insert', values],
      ['select'],
      ['single'],
    ]);
  });

  it('updates {name, definition, updated_at} by id and returns the row', async () => {
    const { client, calls } = fakeClient({ data: [row], error: null });
    const now = new Date('2026-11-21T12:00:00Z');
    await updateExerciseDefinition(client, 'row-1', { name: 'Squat', definition: {} }, now);
    expect(calls).toEqual([
      ['from', 'exercise_definitions'],
      ['update', { name: 'Squat', definition: {}, updated_at: '2026-11-21T12:00:00.000Z' }],
      ['eq', 'id', 'row-1'],
      ['select'],
    ]);
  });

  it('an update or delete that changes no row (a system definition, a deleted row) throws', async () => {
    const none = fakeClient({ data: [], error: null });
    await expect(
      updateExerciseDefinition(none.client, 'sys', { name: 'x', definition: {} }),
    ).rejects.toBeInstanceOf(DefinitionWriteError);
    await expect(deleteExerciseDefinition(none.client, 'sys')).rejects.toThrow(
      /Expected to delete exercise definition sys, but no row changed/,
    );
  });

  it('deletes by id', async () => {
    const { client, calls } = fakeClient({ data: [{ id: 'row-1' }], error: null });
    await deleteExerciseDefinition(client, 'row-1');
    expect(calls).toEqual([
      ['from', 'exercise_definitions'],
      ['delete'],
      ['eq', 'id', 'row-1'],
      ['select', 'id'],
    ]);
  });

  it('throws the database error', async () => {
    const error = { message: 'new row violates row-level security policy', code: '42501' };
    const { client } = fakeClient({ data: null, error });
    await expect(listExerciseDefinitions(client)).rejects.toBe(error);
  });

  it("shows the error's message, or 'Failed to load/save/update/delete definition'", () => {
    expect(definitionErrorMessage({ message: 'permission denied' }, 'x')).toBe('permission denied');
    expect(definitionErrorMessage({ message: '' }, EDITOR_SPEC_TEXT.failedToSave)).toBe(
      'Failed to save definition',
    );
    expect(definitionErrorMessage(null, EDITOR_SPEC_TEXT.failedToLoad)).toBe(
      'Failed to load definition',
    );
    expect(EDITOR_SPEC_TEXT.failedToUpdate).toBe('Failed to update definition');
    expect(EDITOR_SPEC_TEXT.failedToDelete).toBe('Failed to delete definition');
    expect(EDITOR_SPEC_TEXT.noDefinitions).toBe('No exercise definitions found.');
    expect([EDITOR_SPEC_TEXT.userCreated, EDITOR_SPEC_TEXT.system]).toEqual([
      'User created',
      'System',
    ]);
  });
});
