import { builtinDefinitions, DefinitionError, LANDMARK } from '@reptemple/definitions';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AutoSaver, type SaveStatus } from './auto-save';
import { AUTO_SAVE_DELAY_MS, EDITOR_STORAGE_KEYS } from './constants';
import {
  definitionProblems,
  exportFileName,
  exportJson,
  formatIssues,
  fromStoredDocument,
  importJson,
  issuesOf,
  readDraft,
} from './definition-io';
import {
  blankDefinition,
  type EditorAction,
  editorReducer,
  initialEditorState,
} from './editor-state';
import { loadEditor, MemoryStorage, saveDraft, saveUiConfig } from './local-store';
import { defaultUiConfig, parseUiConfig, serializeUiConfig } from './ui-config';

const pushup = builtinDefinitions.pushup;

function edited(actions: EditorAction[]) {
  return actions.reduce((state, action) => editorReducer(state, action), initialEditorState());
}

describe('local auto-save (spec 01 §4, §9)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it(`saves ${AUTO_SAVE_DELAY_MS} ms after the LAST edit, not before, with the latest value`, () => {
    vi.useFakeTimers();
    const saved: string[] = [];
    const statuses: SaveStatus[] = [];
    const saver = new AutoSaver<string>({
      delayMs: AUTO_SAVE_DELAY_MS,
      save: (value) => saved.push(value),
      onStatusChange: (status) => statuses.push(status),
      onError: (error) => {
        throw error;
      },
    });
    expect(saver.status).toBe('saved');
    saver.edit('a');
    expect(saver.status).toBe('unsaved');
    vi.advanceTimersByTime(1500);
    saver.edit('ab');
    vi.advanceTimersByTime(1999);
    expect(saved).toEqual([]);
    expect(saver.status).toBe('unsaved');
    vi.advanceTimersByTime(1);
    expect(saved).toEqual(['ab']);
    expect(saver.status).toBe('saved');
    vi.advanceTimersByTime(10_000);
    expect(saved).toEqual(['ab']);
    expect(statuses).toEqual(['unsaved', 'saved']);
  });

  it('the delay is 2000 ms (spec 01 §9)', () => {
    expect(AUTO_SAVE_DELAY_MS).toBe(2000);
  });

  it('flush saves a pending edit at once; cancel drops it', () => {
    vi.useFakeTimers();
    const saved: number[] = [];
    const saver = new AutoSaver<number>({
      delayMs: AUTO_SAVE_DELAY_MS,
      save: (value) => saved.push(value),
      onError: () => {},
    });
    saver.edit(1);
    saver.flush();
    expect(saved).toEqual([1]);
    saver.flush();
    expect(saved).toEqual([1]);
    saver.edit(2);
    saver.cancel();
    vi.advanceTimersByTime(5000);
    expect(saved).toEqual([1]);
  });

  it('a save that throws (storage full) is reported and the edit stays unsaved', () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    const saver = new AutoSaver<number>({
      delayMs: AUTO_SAVE_DELAY_MS,
      save: () => {
        throw new Error('QuotaExceededError');
      },
      onError: (error) => errors.push(error),
    });
    saver.edit(1);
    vi.advanceTimersByTime(AUTO_SAVE_DELAY_MS);
    expect(errors).toHaveLength(1);
    expect(saver.status).toBe('unsaved');
  });
});

describe('the editor kept in the browser (spec 01 §3)', () => {
  it('round-trips the UI config: collapsed sections, activePhase, showPoseVisualization, selectedLandmarks, closerSide, video instances', () => {
    const state = edited([
      { type: 'toggleSection', section: 'landmarks' },
      { type: 'setActivePhase', phase: 'transition' },
      { type: 'setShowPoseVisualization', show: false },
      { type: 'toggleLandmark', landmarkId: LANDMARK.right_hip },
      { type: 'toggleLandmark', landmarkId: LANDMARK.right_knee },
      { type: 'setCloserSide', closerSide: 'right' },
      { type: 'addComparison', id: 'cmp-1' },
      {
        type: 'updateVideoInstance',
        id: 'cmp-1',
        patch: { videoSrc: '/videos/pushups/06-white-hoodie-side.mp4', closerSide: 'left' },
      },
    ]);
    const storage = new MemoryStorage();
    saveUiConfig(storage, state.ui);
    const loaded = loadEditor(storage);
    expect(loaded.problems).toEqual([]);
    expect(loaded.state.ui).toEqual(state.ui);
    expect(Object.keys(JSON.parse(storage.getItem(EDITOR_STORAGE_KEYS.uiConfig)!))).toEqual([
      'collapsedSections',
      'activePhase',
      'showPoseVisualization',
      'selectedLandmarks',
      'closerSide',
      'videoInstances',
    ]);
    expect(loaded.state.ui.videoInstances[1]).toEqual({
      id: 'cmp-1',
      title: 'Comparison 2',
      videoSrc: '/videos/pushups/06-white-hoodie-side.mp4',
      showPoseVisualization: false,
      closerSide: 'left',
    });
  });

  it('forgets blob: video URLs, which do not survive a reload', () => {
    const ui = defaultUiConfig();
    const text = serializeUiConfig({
      ...ui,
      videoInstances: [{ ...ui.videoInstances[0]!, videoSrc: 'blob:http://x/1234' }],
    });
    expect(parseUiConfig(text).videoInstances[0]!.videoSrc).toBe('');
  });

  it('round-trips the definition being edited, complete or not, with its stored record id', () => {
    const storage = new MemoryStorage();
    saveDraft(storage, pushup, 'row-7');
    expect(loadEditor(storage).state).toMatchObject({ definition: pushup, recordId: 'row-7' });

    const incomplete = { ...blankDefinition(), name: '' };
    saveDraft(storage, incomplete, null);
    const loaded = loadEditor(storage);
    expect(loaded.problems).toEqual([]);
    expect(loaded.state.definition).toEqual(incomplete);
    expect(loaded.state.recordId).toBeNull();

    const half = edited([
      { type: 'setName', name: 'Squat ' },
      { type: 'toggleLandmark', landmarkId: 23 },
      { type: 'toggleLandmark', landmarkId: 25 },
      { type: 'toggleLandmark', landmarkId: 27 },
      { type: 'addAngle', name: 'Knee' },
      { type: 'setExerciseStop', angleId: 'knee', exerciseStop: true },
    ]).definition;
    saveDraft(storage, half, null);
    expect(loadEditor(storage).state.definition).toEqual(half);
  });

  it('a corrupt copy does not crash: the editor starts fresh and says what was wrong', () => {
    const storage = new MemoryStorage();
    storage.setItem(EDITOR_STORAGE_KEYS.definition, '{"version":1,"definition":{"name":3}');
    storage.setItem(EDITOR_STORAGE_KEYS.uiConfig, '{"collapsedSections":{}}');
    const loaded = loadEditor(storage);
    expect(loaded.state).toEqual(initialEditorState());
    expect(loaded.problems).toHaveLength(2);
    expect(loaded.problems[0]).toMatch(/^The definition kept in this browser: invalid JSON/);
    expect(loaded.problems[1]).toMatch(/collapsedSections\.metadata is not a boolean/);

    storage.setItem(
      EDITOR_STORAGE_KEYS.definition,
      JSON.stringify({ version: 1, recordId: null, definition: { ...pushup, angles: 'x' } }),
    );
    storage.setItem(
      EDITOR_STORAGE_KEYS.uiConfig,
      serializeUiConfig({ ...defaultUiConfig(), selectedLandmarks: [1, 2, 3, 4] }),
    );
    const again = loadEditor(storage);
    expect(again.state.definition).toEqual(blankDefinition());
    expect(again.problems[0]).toMatch(/angles: expected array/);
    expect(again.problems[1]).toMatch(/selectedLandmarks/);
  });

  it('nothing stored: a fresh editor without complaint', () => {
    expect(loadEditor(new MemoryStorage())).toEqual({
      state: initialEditorState(),
      problems: [],
    });
  });
});

describe('import and export (spec 01 §3)', () => {
  it('export then import gives an identical document', () => {
    const exported = exportJson(pushup);
    const imported = importJson(exported, 'push-up.json');
    expect(imported).toEqual(pushup);
    expect(exportJson(imported)).toBe(exported);
    expect(exportFileName(' Push-up (wide) ')).toBe('push-up-wide.json');
    expect(exportFileName('  ')).toBe('exercise.json');
  });

  it('imported documents get the defaults: timing 0, 0, 200; both flags false; no global alignments', () => {
    const minimal = {
      name: 'Curl',
      cameraPosition: 'front',
      angles: [
        { id: 'elbow', name: 'Elbow', landmarks: ['left_shoulder', 'left_elbow', 'left_wrist'] },
      ],
      phases: { start: {}, transition: {}, end: { angleRanges: { elbow: { min: 0, max: 60 } } } },
    };
    const imported = importJson(JSON.stringify(minimal), 'curl.json');
    expect(imported.timing).toEqual({
      minPhaseHoldTime: 0,
      transitionDebounce: 0,
      startingPositionHoldTime: 200,
    });
    expect(imported.qualificationRep).toEqual({ enabled: false });
    expect(imported.stopCondition).toEqual({ enabled: false, angleRanges: {} });
    expect(imported.globalAlignments).toEqual([]);
    expect(imported.angles[0]!.landmarks).toEqual([11, 13, 15]);
    expect(imported.phases.start.angleRanges.elbow).toEqual({ min: 0, max: 180 });
    expect(imported.phases.end.angleRanges.elbow).toEqual({ min: 0, max: 60 });
  });

  it('a bad file is refused with every problem and its JSON path', () => {
    let caught: unknown;
    try {
      importJson(
        JSON.stringify({
          name: '',
          cameraPosition: 'top',
          angles: [{ id: 'a', name: 'A', landmarks: ['left_elbo', 13] }],
          phases: { start: {}, transition: {}, end: {} },
          timing: { minPhaseHoldTime: -5 },
        }),
        'bad.json',
      );
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DefinitionError);
    const lines = formatIssues(issuesOf(caught));
    expect(lines).toEqual(
      expect.arrayContaining([
        'name: expected a non-empty text, got an empty one',
        expect.stringMatching(/^cameraPosition: expected one of front, back, side, got "top"/),
        'angles[0].landmarks: expected 3 landmarks, got 2',
        expect.stringMatching(/^angles\[0\]\.landmarks\[0\]: .*did you mean "left_elbow"/),
        'timing.minPhaseHoldTime: expected at least 0, got -5',
      ]),
    );
    expect(formatIssues(issuesOf(tryImport('{nope')))[0]).toMatch(
      /^\(document\): expected a JSON document, got invalid JSON/,
    );
  });

  it('stored records are normalised like imports', () => {
    const stored = fromStoredDocument({ ...pushup, timing: undefined }, 'Push-up');
    expect(stored.timing.startingPositionHoldTime).toBe(200);
    expect(() => fromStoredDocument({ name: 'x' }, 'Broken')).toThrow(/stored definition "Broken"/);
  });

  it('export and storage need a complete definition with an angle that drives the phases', () => {
    expect(formatIssues(definitionProblems(blankDefinition()))).toEqual([
      'angles: expected at least 1 angle, got 0',
    ]);
    // body and knee are global alignments; with the elbow an exercise stop, nothing drives phases.
    const noDriver = {
      ...pushup,
      angles: pushup.angles.map((angle) =>
        angle.id === 'elbow' ? { ...angle, exerciseStop: true } : angle,
      ),
    };
    expect(formatIssues(definitionProblems(noDriver))).toEqual([
      'angles: expected at least one angle that drives the phases (neither a global alignment nor EXERCISE STOP), got none',
    ]);
    expect(() => exportJson(blankDefinition())).toThrow(DefinitionError);
    expect(definitionProblems(pushup)).toEqual([]);
  });

  it('readDraft reports a broken draft', () => {
    expect(() => readDraft('text')).toThrow(DefinitionError);
  });
});

function tryImport(text: string): unknown {
  try {
    importJson(text, 'x.json');
  } catch (error) {
    return error;
  }
  throw new Error('expected the import to fail');
}
