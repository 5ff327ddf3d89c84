// A rep's contact sheet: its bottom frame and its top frame side by side, the skeleton drawn on
// each (green for a valid rep, red for an invalid one, the driving angle's joints marked), the
// angle and time under each, and the reason when the rep did not count. JPEG, drawn with
// @napi-rs/canvas (prebuilt Skia from npm; no native build).

import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { mirrorLandmark } from '@reptemple/definitions';
import { describeCheck, type Landmark, type PoseFrame } from '@reptemple/pose-sdk';
import { decidingCheck, type RepEvidence } from './analyse-recording.js';
import type { DrivingAngle } from './driving-angle.js';
import { MIN_VISIBILITY } from './driving-angle.js';
import type { GrabbedFrame } from './frame-grab.js';

/** BlazePose's 33-landmark skeleton (the pairs MediaPipe draws), face left out. */
const BODY_CONNECTIONS: readonly (readonly [number, number])[] = [
  [11, 12], [11, 13], [13, 15], [12, 14], [14, 16], [11, 23], [12, 24], [23, 24],
  [23, 25], [24, 26], [25, 27], [26, 28], [27, 29], [28, 30], [29, 31], [30, 32], [27, 31], [28, 32],
]; // biome-ignore format: one row per body part reads better than one pair a line

/** px of the caption under the two frames */
const CAPTION_HEIGHT = 64;
const GAP = 4;
const JPEG_QUALITY = 80;
const COLOURS = {
  valid: '#22c55e',
  invalid: '#ef4444',
  joint: '#facc15',
  background: '#111827',
  text: '#f9fafb',
  muted: '#9ca3af',
};

export interface ContactSheetInput {
  readonly rep: RepEvidence;
  readonly drivingAngle: DrivingAngle;
  readonly bottom: { readonly picture?: GrabbedFrame; readonly pose?: PoseFrame };
  readonly top: { readonly picture?: GrabbedFrame; readonly pose?: PoseFrame };
  /** size of the pictures when one is missing */
  readonly size: { readonly width: number; readonly height: number };
}

function drawSkeleton(
  ctx: SKRSContext2D,
  landmarks: readonly Landmark[],
  origin: number,
  size: { width: number; height: number },
  colour: string,
  joints: readonly number[],
): void {
  const at = (landmark: Landmark) =>
    [origin + landmark.x * size.width, landmark.y * size.height] as const;
  const shown = (id: number) => {
    const landmark = landmarks[id];
    return landmark && landmark.visibility >= MIN_VISIBILITY ? landmark : undefined;
  };
  ctx.lineWidth = 2;
  ctx.strokeStyle = colour;
  for (const [from, to] of BODY_CONNECTIONS) {
    const a = shown(from);
    const b = shown(to);
    if (!a || !b) continue;
    ctx.beginPath();
    ctx.moveTo(...at(a));
    ctx.lineTo(...at(b));
    ctx.stroke();
  }
  ctx.fillStyle = COLOURS.joint;
  for (const id of joints) {
    const landmark = shown(id);
    if (!landmark) continue;
    ctx.beginPath();
    ctx.arc(...at(landmark), 3.5, 0, Math.PI * 2);
    ctx.fill();
  }
}

const seconds = (ms: number | null) => (ms === null ? '?' : `${(ms / 1000).toFixed(2)} s`);
/**
 * An angle as the rule used it, to the tenth (159.6 and 160.4 read apart), with the reading it
 * was corrected from when it is a calibrated one.
 */
const degrees = (angle: number | null, raw: number | null = null) =>
  angle === null
    ? '?'
    : `${Math.round(angle * 10) / 10}°${raw === null || raw === angle ? '' : ` (read ${Math.round(raw * 10) / 10}°)`}`;

export async function renderContactSheet(input: ContactSheetInput): Promise<Buffer> {
  const { rep, drivingAngle, size } = input;
  const width = size.width * 2 + GAP;
  const canvas = createCanvas(width, size.height + CAPTION_HEIGHT);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = COLOURS.background;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  const colour = rep.isValid ? COLOURS.valid : COLOURS.invalid;
  const joints = drivingAngle.landmarks.flatMap((id) => [id, mirrorLandmark(id)]);
  const panels = [
    { frame: input.bottom, origin: 0, label: `bottom ${degrees(rep.bottomAngle, rep.bottomRaw)} at ${seconds(rep.bottomMs)}` },
    { frame: input.top, origin: size.width + GAP, label: `top ${degrees(rep.topAngle, rep.topRaw)} at ${seconds(rep.topMs)}` },
  ]; // biome-ignore format: the two panels read best one a line
  ctx.font = '13px sans-serif';
  for (const panel of panels) {
    const picture = panel.frame.picture;
    if (picture) {
      const image = ctx.createImageData(picture.width, picture.height);
      image.data.set(picture.rgba);
      ctx.putImageData(image, panel.origin, 0);
    } else {
      ctx.fillStyle = COLOURS.muted;
      ctx.fillText('frame not available', panel.origin + 8, size.height / 2);
    }
    if (panel.frame.pose && panel.frame.pose.landmarks.length > 0) {
      drawSkeleton(ctx, panel.frame.pose.landmarks, panel.origin, size, colour, joints);
    }
    ctx.fillStyle = COLOURS.text;
    ctx.fillText(`${drivingAngle.name} ${panel.label}`, panel.origin + 6, size.height + 17);
  }
  ctx.fillStyle = colour;
  ctx.font = 'bold 13px sans-serif';
  const verdict = rep.isValid
    ? `Rep ${rep.repNumber}: valid`
    : `Rep ${rep.repNumber}: ${rep.invalidReason ?? 'invalid'}`;
  ctx.fillText(verdict, 6, size.height + 37);
  // The check that decided, with the value its rule used: the failed one, or for a valid rep
  // the nearest to its threshold.
  const deciding = decidingCheck(rep);
  if (deciding !== null) {
    ctx.font = '12px sans-serif';
    ctx.fillStyle = COLOURS.text;
    ctx.fillText(`decided by: ${describeCheck(deciding)}`, 6, size.height + 56);
  }
  return canvas.encode('jpeg', JPEG_QUALITY);
}
