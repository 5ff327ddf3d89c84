// The editor's state in React: the pure reducer, the browser copy (definition auto-saved
// AUTO_SAVE_DELAY_MS after the last edit, UI config at once) and the leave-page warning while the
// definition is unsaved (spec 01 §4).

import { useEffect, useReducer, useRef, useState } from 'react';
import { errorToast, toast } from '../../toast/toast-store';
import { AutoSaver, type SaveStatus } from './auto-save';
import { AUTO_SAVE_DELAY_MS, EDITOR_SPEC_TEXT, EDITOR_TEXT } from './constants';
import {
  type DraftDefinition,
  type EditorAction,
  type EditorState,
  editorReducer,
} from './editor-state';
import { type EditorStorage, loadEditor, saveDraft, saveUiConfig } from './local-store';

function reducer(state: EditorState, action: EditorAction): EditorState {
  return editorReducer(state, action, EDITOR_SPEC_TEXT.comparisonTitle);
}

interface Kept {
  definition: DraftDefinition;
  recordId: string | null;
}

function storageMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function useEditorStore(storage: EditorStorage) {
  const [loaded] = useState(() => loadEditor(storage));
  const [state, dispatch] = useReducer(reducer, loaded.state);
  const [saveStatus, setSaveStatus] = useState<SaveStatus>('saved');
  const [saver] = useState(
    () =>
      new AutoSaver<Kept>({
        delayMs: AUTO_SAVE_DELAY_MS,
        save: (kept) => saveDraft(storage, kept.definition, kept.recordId),
        onStatusChange: setSaveStatus,
        onError: (error) => {
          console.error('Keeping the exercise definition in this browser failed', error);
          errorToast(`The definition could not be kept in this browser: ${storageMessage(error)}`);
        },
      }),
  );

  // A corrupt copy was replaced by a fresh editor: log what was wrong and say so, once.
  const reported = useRef(false);
  useEffect(() => {
    if (reported.current || loaded.problems.length === 0) return;
    reported.current = true;
    for (const problem of loaded.problems) console.error(`Exercise editor: ${problem}`);
    toast({ title: 'Editor started fresh', description: EDITOR_TEXT.corruptLocalCopy });
  }, [loaded.problems]);

  // Every change of the definition (or of the record it belongs to) is an edit to keep.
  const lastKept = useRef<Kept>({
    definition: loaded.state.definition,
    recordId: loaded.state.recordId,
  });
  useEffect(() => {
    const kept = lastKept.current;
    if (kept.definition === state.definition && kept.recordId === state.recordId) return;
    lastKept.current = { definition: state.definition, recordId: state.recordId };
    saver.edit(lastKept.current);
  }, [state.definition, state.recordId, saver]);

  // The UI config is small and changes on clicks, not keystrokes: kept at once.
  const uiFailed = useRef(false);
  useEffect(() => {
    try {
      saveUiConfig(storage, state.ui);
      uiFailed.current = false;
    } catch (error) {
      console.error('Keeping the editor layout in this browser failed', error);
      if (!uiFailed.current)
        errorToast(`The editor layout could not be kept: ${storageMessage(error)}`);
      uiFailed.current = true;
    }
  }, [storage, state.ui]);

  // Leaving the editor inside the app keeps a pending edit rather than dropping it.
  useEffect(() => () => saver.flush(), [saver]);

  // Leaving the page (reload, close, another site) while unsaved asks first.
  useEffect(() => {
    if (saveStatus !== 'unsaved') return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = EDITOR_TEXT.leaveWarning;
      return EDITOR_TEXT.leaveWarning;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [saveStatus]);

  return { state, dispatch, saveStatus };
}
