// The editor's UI config, kept in the browser (spec 01 §3): collapsed sections, activePhase,
// showPoseVisualization, selectedLandmarks, closerSide and the video instances. Reading it back
// checks every field, so a copy from an older version or edited by hand cannot break the page.

import { type BodySide, isLandmarkId, type PhaseName } from '@reptemple/definitions';
import {
  EDITOR_SECTIONS,
  EDITOR_SPEC_TEXT,
  type EditorSectionId,
  MAX_SELECTED_LANDMARKS,
} from './constants';

export interface VideoInstance {
  readonly id: string;
  readonly title: string;
  /** The video's URL; '' until one is chosen. */
  readonly videoSrc: string;
  readonly showPoseVisualization: boolean;
  readonly closerSide: BodySide;
}

export interface EditorUiConfig {
  readonly collapsedSections: Readonly<Record<EditorSectionId, boolean>>;
  readonly activePhase: PhaseName;
  readonly showPoseVisualization: boolean;
  /** Landmark ids, oldest first; at most three. */
  readonly selectedLandmarks: readonly number[];
  readonly closerSide: BodySide;
  readonly videoInstances: readonly VideoInstance[];
}

/** The id of the video instance every editor starts with. */
export const FIRST_VIDEO_INSTANCE_ID = 'video-analysis';

export function defaultUiConfig(): EditorUiConfig {
  return {
    collapsedSections: { metadata: false, landmarks: false, angles: false, phases: false },
    activePhase: 'start',
    showPoseVisualization: true,
    selectedLandmarks: [],
    closerSide: 'left',
    videoInstances: [
      {
        id: FIRST_VIDEO_INSTANCE_ID,
        title: EDITOR_SPEC_TEXT.firstVideoTitle,
        videoSrc: '',
        showPoseVisualization: true,
        closerSide: 'left',
      },
    ],
  };
}

/** Why a stored UI config cannot be used. */
export class UiConfigError extends Error {
  readonly code = 'EDITOR_UI_CONFIG_INVALID';
  constructor(readonly problem: string) {
    super(
      `The editor's stored UI config is unreadable: ${problem}. Expected the JSON object the editor writes; the editor starts with its default layout and overwrites it.`,
    );
    this.name = 'UiConfigError';
  }
}

type Loose = Record<string, unknown>;

function isObject(value: unknown): value is Loose {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isSide(value: unknown): value is BodySide {
  return value === 'left' || value === 'right';
}

function isPhase(value: unknown): value is PhaseName {
  return value === 'start' || value === 'transition' || value === 'end';
}

function expect(condition: boolean, problem: string): asserts condition {
  if (!condition) throw new UiConfigError(problem);
}

function readVideoInstance(value: unknown, index: number): VideoInstance {
  const at = `videoInstances[${index}]`;
  expect(isObject(value), `${at} is not an object`);
  expect(typeof value.id === 'string' && value.id !== '', `${at}.id is not a non-empty text`);
  expect(typeof value.title === 'string', `${at}.title is not a text`);
  expect(typeof value.videoSrc === 'string', `${at}.videoSrc is not a text`);
  expect(typeof value.showPoseVisualization === 'boolean', `${at}.showPoseVisualization`);
  expect(isSide(value.closerSide), `${at}.closerSide is not left or right`);
  return {
    id: value.id,
    title: value.title,
    // A blob: URL names a file picked in an earlier visit; it is gone after a reload.
    videoSrc: value.videoSrc.startsWith('blob:') ? '' : value.videoSrc,
    showPoseVisualization: value.showPoseVisualization,
    closerSide: value.closerSide,
  };
}

/**
 * Reads a stored UI config.
 * @throws UiConfigError naming the first field that is wrong.
 */
export function parseUiConfig(text: string): EditorUiConfig {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UiConfigError(`invalid JSON (${(error as Error).message})`);
  }
  expect(isObject(value), 'not a JSON object');
  const sections = value.collapsedSections;
  expect(isObject(sections), 'collapsedSections is not an object');
  const collapsedSections = {} as Record<EditorSectionId, boolean>;
  for (const section of EDITOR_SECTIONS) {
    expect(typeof sections[section] === 'boolean', `collapsedSections.${section} is not a boolean`);
    collapsedSections[section] = sections[section] as boolean;
  }
  expect(isPhase(value.activePhase), 'activePhase is not start, transition or end');
  expect(typeof value.showPoseVisualization === 'boolean', 'showPoseVisualization');
  const selected = value.selectedLandmarks;
  expect(
    Array.isArray(selected) &&
      selected.length <= MAX_SELECTED_LANDMARKS &&
      selected.every(isLandmarkId) &&
      new Set(selected).size === selected.length,
    `selectedLandmarks is not a list of at most ${MAX_SELECTED_LANDMARKS} different landmark ids`,
  );
  expect(isSide(value.closerSide), 'closerSide is not left or right');
  expect(Array.isArray(value.videoInstances), 'videoInstances is not a list');
  const videoInstances = value.videoInstances.map(readVideoInstance);
  expect(
    new Set(videoInstances.map((instance) => instance.id)).size === videoInstances.length,
    'two video instances share an id',
  );
  return {
    collapsedSections,
    activePhase: value.activePhase,
    showPoseVisualization: value.showPoseVisualization,
    selectedLandmarks: selected as number[],
    closerSide: value.closerSide,
    videoInstances,
  };
}

export function serializeUiConfig(config: EditorUiConfig): string {
  return JSON.stringify(config);
}
