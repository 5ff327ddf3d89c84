// The editor's copy in the browser (spec 01 §3): the definition being edited, with the stored
// record it belongs to, and the UI config, under two localStorage keys. A copy that cannot be
// read does not stop the page: the editor starts fresh and says why (logged and shown).

import { EDITOR_STORAGE_KEYS } from './constants';
import { formatIssues, issuesOf, readDraft } from './definition-io';
import { blankDefinition, type DraftDefinition, type EditorState } from './editor-state';
import {
  defaultUiConfig,
  type EditorUiConfig,
  parseUiConfig,
  serializeUiConfig,
} from './ui-config';

/** The part of the Web Storage API the editor uses (localStorage in the page, a map in tests). */
export interface EditorStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const STORED_DRAFT_VERSION = 1;

interface StoredDraft {
  version: typeof STORED_DRAFT_VERSION;
  recordId: string | null;
  definition: DraftDefinition;
}

export interface LoadedEditor {
  state: EditorState;
  /** One line per unreadable copy that was discarded; empty when all was well. */
  problems: string[];
}

function readStoredDraft(text: string): { definition: DraftDefinition; recordId: string | null } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`invalid JSON (${(error as Error).message})`);
  }
  const stored = value as Partial<StoredDraft> | null;
  if (stored === null || typeof stored !== 'object' || stored.version !== STORED_DRAFT_VERSION) {
    throw new Error(
      `expected {version: ${STORED_DRAFT_VERSION}, recordId, definition}, got ${text.slice(0, 80)}`,
    );
  }
  const recordId = typeof stored.recordId === 'string' ? stored.recordId : null;
  try {
    return { definition: readDraft(stored.definition), recordId };
  } catch (error) {
    throw new Error(formatIssues(issuesOf(error)).join('; '));
  }
}

/** The editor as it was left in this browser, or a fresh one for any part that is missing or
 * unreadable. */
export function loadEditor(storage: EditorStorage): LoadedEditor {
  const problems: string[] = [];
  let definition = blankDefinition();
  let recordId: string | null = null;
  let ui: EditorUiConfig = defaultUiConfig();

  const draftText = storage.getItem(EDITOR_STORAGE_KEYS.definition);
  if (draftText !== null) {
    try {
      ({ definition, recordId } = readStoredDraft(draftText));
    } catch (error) {
      problems.push(`The definition kept in this browser: ${(error as Error).message}`);
    }
  }
  const uiText = storage.getItem(EDITOR_STORAGE_KEYS.uiConfig);
  if (uiText !== null) {
    try {
      ui = parseUiConfig(uiText);
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  return { state: { definition, recordId, ui }, problems };
}

export function saveDraft(
  storage: EditorStorage,
  definition: DraftDefinition,
  recordId: string | null,
): void {
  const stored: StoredDraft = { version: STORED_DRAFT_VERSION, recordId, definition };
  storage.setItem(EDITOR_STORAGE_KEYS.definition, JSON.stringify(stored));
}

export function saveUiConfig(storage: EditorStorage, ui: EditorUiConfig): void {
  storage.setItem(EDITOR_STORAGE_KEYS.uiConfig, serializeUiConfig(ui));
}

/** A storage that forgets on reload, for browsers that refuse localStorage (some private modes). */
export class MemoryStorage implements EditorStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

/** localStorage, or a MemoryStorage (logged) where the browser blocks it. */
export function browserStorage(): EditorStorage {
  try {
    const storage = window.localStorage;
    storage.getItem(EDITOR_STORAGE_KEYS.definition);
    return storage;
  } catch (error) {
    console.error(
      'This browser blocks localStorage, so the editor cannot keep its work across reloads; save to the server or export instead.',
      error,
    );
    return new MemoryStorage();
  }
}
