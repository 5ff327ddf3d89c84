// exercise_definitions (spec 01 §3, §7): list newest first; insert {name, definition, author}
// returning the row; update {name, definition, updated_at} by id returning the row; delete by id.
// The database decides who may write (admins, and only user-created rows; see the migration).

import { type Row, toJsonDocument } from '../database';
import type { SupabaseClient } from '../supabase-client';

/** A stored definition. `definition` is the JSON document as stored: normalise it before use (it
 * may predate today's schema). `author` is the admin who created it, null for a system one. */
export type ExerciseDefinitionRecord = Row<'exercise_definitions'>;

/** A write that reached the database but changed no row: the row is gone or may not be changed
 * by this user (system definitions change only through the server). */
export class DefinitionWriteError extends Error {
  readonly code = 'DEFINITION_NOT_WRITTEN';
  constructor(action: 'update' | 'delete', id: string) {
    super(
      `Expected to ${action} exercise definition ${id}, but no row changed: it was deleted meanwhile, or it is a system definition, which only the server may change. Reload the list${action === 'update' ? ' or save it as a new definition' : ''}.`,
    );
    this.name = 'DefinitionWriteError';
  }
}

const TABLE = 'exercise_definitions';

export async function listExerciseDefinitions(
  client: SupabaseClient,
): Promise<ExerciseDefinitionRecord[]> {
  const { data, error } = await client
    .from(TABLE)
    .select('*')
    .order('created_at', { ascending: false });
  if (error) throw error;
  return data;
}

export async function createExerciseDefinition(
  client: SupabaseClient,
  values: { name: string; definition: object; author: string },
): Promise<ExerciseDefinitionRecord> {
  const { data, error } = await client
    .from(TABLE)
    .insert({
      name: values.name,
      definition: toJsonDocument(values.definition),
      author: values.author,
    })
    .select()
    .single();
  if (error) throw error;
  return data;
}

export async function updateExerciseDefinition(
  client: SupabaseClient,
  id: string,
  values: { name: string; definition: object },
  now: Date = new Date(),
): Promise<ExerciseDefinitionRecord> {
  const { data, error } = await client
    .from(TABLE)
    .update({
      name: values.name,
      definition: toJsonDocument(values.definition),
      updated_at: now.toISOString(),
    })
    .eq('id', id)
    .select();
  if (error) throw error;
  const [row] = data;
  if (!row) throw new DefinitionWriteError('update', id);
  return row;
}

export async function deleteExerciseDefinition(client: SupabaseClient, id: string): Promise<void> {
  const { data, error } = await client.from(TABLE).delete().eq('id', id).select('id');
  if (error) throw error;
  if (data.length === 0) throw new DefinitionWriteError('delete', id);
}

/** The error's own message, or the fallback ('Failed to load definition', ...) when it has none
 * (spec 01 §8). */
export function definitionErrorMessage(error: unknown, fallback: string): string {
  const message =
    error !== null && typeof error === 'object' && 'message' in error ? error.message : undefined;
  return typeof message === 'string' && message.trim() !== '' ? message : fallback;
}
