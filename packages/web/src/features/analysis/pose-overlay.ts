/**
 * The overlay drawn over the video: BlazePose connections, landmarks and the analysed angles as
 * arcs in the five-colour cycle (spec 01 §9). Geometry is pure; `drawPoseOverlay` only paints.
 */
import { type ExerciseDefinition, onCloserSide } from '@reptemple/definitions';
import { angleAtVertex, type FrameSize, type Landmark } from '@reptemple/pose-sdk';
import { ANGLE_ARC_COLORS, DRAWING_VISIBILITY_THRESHOLD } from './constants';

/** BlazePose's 33-landmark skeleton (the pairs MediaPipe draws). */
export const POSE_CONNECTIONS: readonly (readonly [number, number])[] = [
  [0, 1], [1, 2], [2, 3], [3, 7], [0, 4], [4, 5], [5, 6], [6, 8], [9, 10],
  [11, 12], [11, 13], [13, 15], [15, 17], [15, 19], [15, 21], [17, 19],
  [12, 14], [14, 16], [16, 18], [16, 20], [16, 22], [18, 20],
  [11, 23], [12, 24], [23, 24], [23, 25], [24, 26], [25, 27], [26, 28],
  [27, 29], [28, 30], [29, 31], [30, 32], [27, 31], [28, 32],
]; // biome-ignore format: one skeleton row per body part reads better than one pair a line

export interface OverlayOptions {
  readonly showPose: boolean;
  readonly showLandmarks: boolean;
  readonly showConnections: boolean;
}

export interface OverlayAngle {
  readonly id: string;
  readonly name: string;
  /** Landmark ids: first end, vertex, second end. */
  readonly landmarks: readonly [number, number, number];
  readonly color: string;
}

/** The push-up analyser's angles, on the left side (mirrored to the closer side when drawn). */
const PUSHUP_ANGLES: readonly Omit<OverlayAngle, 'color'>[] = [
  { id: 'elbow', name: 'Elbow', landmarks: [11, 13, 15] },
  { id: 'body', name: 'Body line', landmarks: [11, 23, 27] },
];

/** The angles to draw, each with its colour from the five-colour cycle, in definition order. */
export function overlayAngles(definition: ExerciseDefinition | null | undefined): OverlayAngle[] {
  const source = definition
    ? definition.angles.map((angle) => ({
        id: angle.id,
        name: angle.name,
        landmarks: angle.landmarks as unknown as readonly [number, number, number],
      }))
    : PUSHUP_ANGLES;
  return source.map((angle, index) => ({
    ...angle,
    color: ANGLE_ARC_COLORS[index % ANGLE_ARC_COLORS.length]!,
  }));
}

export function isDrawable(landmark: Landmark | undefined): landmark is Landmark {
  return landmark !== undefined && landmark.visibility >= DRAWING_VISIBILITY_THRESHOLD;
}

/** The body side facing the camera in a side view: the one whose landmarks are more visible. */
export function visibleSide(landmarks: readonly Landmark[]): 'left' | 'right' {
  const score = (ids: number[]) =>
    ids.reduce((sum, id) => sum + (landmarks[id]?.visibility ?? 0), 0);
  return score([11, 13, 15, 23, 25, 27]) >= score([12, 14, 16, 24, 26, 28]) ? 'left' : 'right';
}

/**
 * The three landmark ids an arc is drawn on. In a side view (or for the push-up analyser) the
 * angle is moved to the closer side, as the analyser measures the side it can see.
 */
export function arcLandmarks(
  angle: OverlayAngle,
  sideView: boolean,
  side: 'left' | 'right',
): readonly [number, number, number] {
  if (!sideView) return angle.landmarks;
  return angle.landmarks.map((id) => onCloserSide(id, side)) as unknown as readonly [
    number,
    number,
    number,
  ];
}

/** Start and end direction (radians) of the arc at the vertex, the short way round. */
export function arcDirections(
  a: Landmark,
  vertex: Landmark,
  c: Landmark,
  size: FrameSize,
): { start: number; end: number; counterclockwise: boolean } {
  const start = Math.atan2((a.y - vertex.y) * size.height, (a.x - vertex.x) * size.width);
  const end = Math.atan2((c.y - vertex.y) * size.height, (c.x - vertex.x) * size.width);
  let delta = end - start;
  while (delta > Math.PI) delta -= 2 * Math.PI;
  while (delta < -Math.PI) delta += 2 * Math.PI;
  return { start, end, counterclockwise: delta < 0 };
}

/** Paints one frame's overlay; the canvas has the video's pixel size. */
export function drawPoseOverlay(
  context: CanvasRenderingContext2D,
  landmarks: readonly Landmark[],
  size: FrameSize,
  options: OverlayOptions & {
    readonly angles: readonly OverlayAngle[];
    readonly sideView: boolean;
    readonly closerSide?: 'left' | 'right';
  },
): void {
  context.clearRect(0, 0, size.width, size.height);
  if (!options.showPose || landmarks.length === 0) return;
  const point = (l: Landmark) => [l.x * size.width, l.y * size.height] as const;
  const scale = Math.max(1, size.width / 640);
  if (options.showConnections) {
    context.strokeStyle = 'rgba(255, 255, 255, 0.85)';
    context.lineWidth = 2 * scale;
    context.beginPath();
    for (const [from, to] of POSE_CONNECTIONS) {
      const a = landmarks[from];
      const b = landmarks[to];
      if (!isDrawable(a) || !isDrawable(b)) continue;
      context.moveTo(...point(a));
      context.lineTo(...point(b));
    }
    context.stroke();
  }
  if (options.showLandmarks) {
    context.fillStyle = '#f43f5e';
    for (const landmark of landmarks) {
      if (!isDrawable(landmark)) continue;
      context.beginPath();
      context.arc(...point(landmark), 3 * scale, 0, 2 * Math.PI);
      context.fill();
    }
  }
  const side = options.closerSide ?? visibleSide(landmarks);
  context.font = `${12 * scale}px system-ui, sans-serif`;
  for (const angle of options.angles) {
    const [ia, iv, ic] = arcLandmarks(angle, options.sideView, side);
    const a = landmarks[ia];
    const vertex = landmarks[iv];
    const c = landmarks[ic];
    if (!isDrawable(a) || !isDrawable(vertex) || !isDrawable(c)) continue;
    const { start, end, counterclockwise } = arcDirections(a, vertex, c, size);
    const [vx, vy] = point(vertex);
    context.strokeStyle = angle.color;
    context.lineWidth = 3 * scale;
    context.beginPath();
    context.arc(vx, vy, 22 * scale, start, end, counterclockwise);
    context.stroke();
    context.fillStyle = angle.color;
    const degrees = angleAtVertex(a, vertex, c, size);
    context.fillText(`${Math.round(degrees)}°`, vx + 26 * scale, vy - 6 * scale);
  }
}
