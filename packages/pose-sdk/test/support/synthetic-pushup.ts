/**
 * Synthetic side-view push-up frames, built in pixel space from the angles a test wants
 * (elbow, body line at the hip, knee) and normalised like BlazePose output. The person faces
 * right, the left side is towards the camera.
 */
import type { Landmark, PoseFrame } from '../../src/index.js';

export const FRAME_SIZE = { width: 640, height: 360 } as const;

export interface PushupPose {
  /** degrees at the elbow between shoulder and wrist */
  readonly elbow: number;
  /** degrees at the hip between shoulder and ankle (180 = straight body) */
  readonly hip?: number;
  /** degrees at the knee between hip and ankle (180 = straight leg) */
  readonly knee?: number;
  /** visibility of every landmark, unless overridden per id */
  readonly visibility?: number;
  readonly visibilityById?: Readonly<Record<number, number>>;
  /** 'upright' puts the hips straight below the shoulders (standing or kneeling up). */
  readonly torso?: 'level' | 'upright';
}

type Point = { x: number; y: number };

const rotate = (v: Point, degrees: number): Point => {
  const r = (degrees * Math.PI) / 180;
  return { x: v.x * Math.cos(r) - v.y * Math.sin(r), y: v.x * Math.sin(r) + v.y * Math.cos(r) };
};
const add = (a: Point, b: Point): Point => ({ x: a.x + b.x, y: a.y + b.y });
const scale = (v: Point, length: number): Point => {
  const norm = Math.hypot(v.x, v.y);
  return { x: (v.x / norm) * length, y: (v.y / norm) * length };
};

/** 33 landmarks (normalised) for one pose. */
export function pushupLandmarks(pose: PushupPose): Landmark[] {
  const shoulder: Point = { x: 400, y: 170 };
  // Upper arm points down and slightly back; the forearm is the upper arm's reverse rotated so
  // that the angle at the elbow is exactly `pose.elbow`.
  const elbowPoint = add(shoulder, scale({ x: -0.3, y: 1 }, 70));
  const towardShoulder = { x: shoulder.x - elbowPoint.x, y: shoulder.y - elbowPoint.y };
  const wrist = add(elbowPoint, scale(rotate(towardShoulder, pose.elbow), 65));
  const hip = add(shoulder, pose.torso === 'upright' ? { x: -5, y: 170 } : { x: -170, y: 10 });
  const towardShoulderFromHip = { x: shoulder.x - hip.x, y: shoulder.y - hip.y };
  const ankle = add(hip, scale(rotate(towardShoulderFromHip, -(pose.hip ?? 180)), 190));
  const towardHip = { x: hip.x - ankle.x, y: hip.y - ankle.y };
  // Knee: on the hip-ankle line for a straight leg, else bent so the angle at the knee matches.
  const legHalf = Math.hypot(towardHip.x, towardHip.y) / 2;
  const kneeAngle = pose.knee ?? 180;
  const offset = legHalf / Math.tan((kneeAngle * Math.PI) / 360);
  const middle = add(ankle, scale(towardHip, legHalf));
  const knee =
    Number.isFinite(offset) && kneeAngle < 180
      ? add(middle, scale(rotate(towardHip, 90), offset))
      : middle;
  const head = add(shoulder, { x: 45, y: -15 });

  const points: Point[] = new Array(33);
  for (let id = 0; id <= 10; id++) points[id] = add(head, { x: (id % 3) * 2, y: -(id % 4) * 2 });
  const leftSide: Record<number, Point> = {
    11: shoulder,
    13: elbowPoint,
    15: wrist,
    17: add(wrist, { x: 6, y: 4 }),
    19: add(wrist, { x: 8, y: 2 }),
    21: add(wrist, { x: 5, y: -2 }),
    23: hip,
    25: knee,
    27: ankle,
    29: add(ankle, { x: -6, y: 3 }),
    31: add(ankle, { x: 4, y: 8 }),
  };
  for (const [id, point] of Object.entries(leftSide)) {
    points[Number(id)] = point;
    // The far side sits a few pixels behind the near one.
    points[Number(id) + 1] = add(point, { x: -3, y: -2 });
  }
  return points.map((point, id) => ({
    x: point.x / FRAME_SIZE.width,
    y: point.y / FRAME_SIZE.height,
    z: id % 2 === 1 ? -0.1 : 0.1,
    visibility: pose.visibilityById?.[id] ?? pose.visibility ?? 0.95,
  }));
}

/** Frames at `fps` for `durationMs`, with the pose at each moment given by `poseAt(t)`. */
export function framesOf(
  durationMs: number,
  fps: number,
  poseAt: (t: number) => PushupPose | null,
): PoseFrame[] {
  const frames: PoseFrame[] = [];
  const interval = 1000 / fps;
  for (let i = 0; i * interval <= durationMs; i++) {
    const t = i * interval;
    const pose = poseAt(t);
    frames.push({ timestampMs: t, landmarks: pose === null ? [] : pushupLandmarks(pose) });
  }
  return frames;
}

/**
 * Elbow angle over time for reps: `top` at rest, a smooth (cosine) dip to `bottom` in each rep
 * of `repMs`, with `restMs` at the top before the first rep and between reps.
 */
export function repElbow(options: {
  readonly reps: number;
  readonly top?: number;
  readonly bottom?: number;
  readonly repMs?: number;
  readonly restMs?: number;
  /** top reached between reps, when different from `top` */
  readonly betweenTop?: number;
}): { readonly elbowAt: (t: number) => number; readonly durationMs: number } {
  const top = options.top ?? 170;
  const bottom = options.bottom ?? 80;
  const repMs = options.repMs ?? 1000;
  const restMs = options.restMs ?? 500;
  const betweenTop = options.betweenTop ?? top;
  const cycleMs = repMs + restMs;
  return {
    durationMs: restMs + options.reps * cycleMs,
    elbowAt: (t) => {
      if (t < restMs) return top;
      const index = Math.floor((t - restMs) / cycleMs);
      const within = (t - restMs) % cycleMs;
      if (index >= options.reps) return top;
      const from = index === 0 ? top : betweenTop;
      const to = index === options.reps - 1 ? top : betweenTop;
      if (within >= repMs) return to;
      const phase = within / repMs; // 0..1
      const high = phase < 0.5 ? from : to;
      return bottom + ((high - bottom) * (1 + Math.cos(2 * Math.PI * phase))) / 2;
    },
  };
}

/** A pose for `repElbow` frames with the landmarks `ids` at `visibility`, the others well seen. */
export function dimmedPose(
  ids: readonly number[],
  visibility: number,
): (t: number, elbow: number) => PushupPose {
  const visibilityById = Object.fromEntries(ids.map((id) => [id, visibility]));
  return (_t, elbow) => ({ elbow, visibilityById });
}
