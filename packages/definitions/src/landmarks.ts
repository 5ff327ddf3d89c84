import { RepTempleError } from './errors.js';

/**
 * The 33 BlazePose landmarks, their categories, and the left/right pairs that a side-view
 * exercise collapses to a single name (the side closer to the camera is used).
 */

export const LANDMARK_NAMES = [
  'nose',
  'left_eye_inner',
  'left_eye',
  'left_eye_outer',
  'right_eye_inner',
  'right_eye',
  'right_eye_outer',
  'left_ear',
  'right_ear',
  'mouth_left',
  'mouth_right',
  'left_shoulder',
  'right_shoulder',
  'left_elbow',
  'right_elbow',
  'left_wrist',
  'right_wrist',
  'left_pinky',
  'right_pinky',
  'left_index',
  'right_index',
  'left_thumb',
  'right_thumb',
  'left_hip',
  'right_hip',
  'left_knee',
  'right_knee',
  'left_ankle',
  'right_ankle',
  'left_heel',
  'right_heel',
  'left_foot_index',
  'right_foot_index',
] as const;

export type LandmarkName = (typeof LANDMARK_NAMES)[number];
/** A landmark index, 0-32, as BlazePose numbers them. */
export type LandmarkId = number;

export const MIN_LANDMARK_ID = 0;
export const MAX_LANDMARK_ID = LANDMARK_NAMES.length - 1;

/** Named ids for code that needs a specific landmark (`LANDMARK.left_elbow === 13`). */
export const LANDMARK = Object.fromEntries(LANDMARK_NAMES.map((name, id) => [name, id])) as {
  readonly [K in LandmarkName]: LandmarkId;
};

export const LANDMARK_CATEGORIES = ['face', 'upper_body', 'hands', 'lower_body', 'feet'] as const;
export type LandmarkCategory = (typeof LANDMARK_CATEGORIES)[number];

function categoryOf(id: LandmarkId): LandmarkCategory {
  if (id <= 10) return 'face'; // nose, eyes, ears, mouth
  if (id <= 14) return 'upper_body'; // shoulders, elbows
  if (id <= 22) return 'hands'; // wrists, pinkies, index fingers, thumbs
  if (id <= 28) return 'lower_body'; // hips, knees, ankles
  return 'feet'; // heels, foot indices
}

export interface LandmarkInfo {
  readonly id: LandmarkId;
  readonly name: LandmarkName;
  readonly category: LandmarkCategory;
  /** `left` or `right` for paired landmarks, `center` for the nose. */
  readonly side: 'left' | 'right' | 'center';
  /** The id of the same landmark on the other side of the body (the nose is its own mirror). */
  readonly mirrorId: LandmarkId;
  /** The name shared by both sides in a side view: `left_elbow` and `right_elbow` are `elbow`. */
  readonly sideViewName: string;
}

function sideOf(name: string): 'left' | 'right' | 'center' {
  if (name.startsWith('left_') || name.endsWith('_left')) return 'left';
  if (name.startsWith('right_') || name.endsWith('_right')) return 'right';
  return 'center';
}

function sideViewNameOf(name: string): string {
  return name.replace(/^(left|right)_/, '').replace(/_(left|right)$/, '');
}

function mirrorNameOf(name: string): string {
  if (name.startsWith('left_')) return `right_${name.slice('left_'.length)}`;
  if (name.startsWith('right_')) return `left_${name.slice('right_'.length)}`;
  if (name.endsWith('_left')) return `${name.slice(0, -'_left'.length)}_right`;
  if (name.endsWith('_right')) return `${name.slice(0, -'_right'.length)}_left`;
  return name;
}

export const LANDMARKS: readonly LandmarkInfo[] = LANDMARK_NAMES.map((name, id) => {
  const mirrorId = LANDMARK_NAMES.indexOf(mirrorNameOf(name) as LandmarkName);
  return {
    id,
    name,
    category: categoryOf(id),
    side: sideOf(name),
    mirrorId: mirrorId === -1 ? id : mirrorId,
    sideViewName: sideViewNameOf(name),
  };
});

export function isLandmarkId(value: unknown): value is LandmarkId {
  return (
    Number.isInteger(value) &&
    (value as number) >= MIN_LANDMARK_ID &&
    (value as number) <= MAX_LANDMARK_ID
  );
}

export function isLandmarkName(value: unknown): value is LandmarkName {
  return typeof value === 'string' && (LANDMARK_NAMES as readonly string[]).includes(value);
}

function landmarkInfo(id: LandmarkId): LandmarkInfo {
  const info = LANDMARKS[id];
  if (info === undefined || !Number.isInteger(id)) {
    throw new RepTempleError(
      'LANDMARK_UNKNOWN',
      `Expected a landmark id ${MIN_LANDMARK_ID}-${MAX_LANDMARK_ID}, got ${String(id)}`,
      {
        hint: 'Use a BlazePose landmark id (LANDMARK.left_elbow is 13), or normalizeDefinition() to turn names into ids.',
      },
    );
  }
  return info;
}

export function landmarkName(id: LandmarkId): LandmarkName {
  return landmarkInfo(id).name;
}

/** The landmark on the other side of the body (`left_elbow` -> `right_elbow`; the nose stays). */
export function mirrorLandmark(id: LandmarkId): LandmarkId {
  return landmarkInfo(id).mirrorId;
}

export function landmarksInCategory(category: LandmarkCategory): readonly LandmarkInfo[] {
  return LANDMARKS.filter((landmark) => landmark.category === category);
}

export type BodySide = 'left' | 'right';

/** One entry of the side-view catalogue: a single name standing for a left/right pair. */
export interface SideViewLandmark {
  readonly name: string;
  readonly category: LandmarkCategory;
  readonly leftId: LandmarkId;
  readonly rightId: LandmarkId;
}

/**
 * The catalogue as a side view shows it: each left/right pair becomes one entry (`elbow`), and
 * the nose stays itself. 17 entries.
 */
export const SIDE_VIEW_LANDMARKS: readonly SideViewLandmark[] = LANDMARKS.filter(
  (landmark) => landmark.side !== 'right',
).map((landmark) => ({
  name: landmark.sideViewName,
  category: landmark.category,
  leftId: landmark.id,
  rightId: landmark.mirrorId,
}));

/** In a side view, the landmark id that stands for `id` on the side closer to the camera. */
export function onCloserSide(id: LandmarkId, closerSide: BodySide): LandmarkId {
  const info = landmarkInfo(id);
  if (info.side === 'center' || info.side === closerSide) return id;
  return info.mirrorId;
}
