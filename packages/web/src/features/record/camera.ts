// The camera (spec 02 §4, §9): ideal 640x360 at 24 fps, front or back, with the reasons it can
// fail told apart so the page can say what to do.

import { CAMERA_CONSTRAINTS } from './messages';

export type Facing = 'user' | 'environment';

export type CameraFailure = 'denied' | 'absent' | 'failed';

export class CameraError extends Error {
  constructor(
    readonly kind: CameraFailure,
    message: string,
  ) {
    super(message);
    this.name = 'CameraError';
  }
}

/** Why getUserMedia failed: permission refused, no camera, or anything else (in use, broken). */
export function cameraFailure(error: unknown): CameraError {
  const name = error instanceof DOMException ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return new CameraError('denied', message);
  if (
    name === 'NotFoundError' ||
    name === 'OverconstrainedError' ||
    name === 'DevicesNotFoundError'
  )
    return new CameraError('absent', message);
  if (typeof navigator !== 'undefined' && !navigator.mediaDevices?.getUserMedia)
    return new CameraError('absent', 'This browser gives pages no camera (is the page on https?).');
  return new CameraError('failed', message || name || 'Unknown camera error.');
}

export async function openCameraStream(facing: Facing): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw cameraFailure(new Error('no mediaDevices'));
  try {
    return await navigator.mediaDevices.getUserMedia({
      video: { ...CAMERA_CONSTRAINTS, facingMode: { ideal: facing } },
      audio: false,
    });
  } catch (error) {
    throw cameraFailure(error);
  }
}

export function stopStream(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** Whether the preview is mirrored: a camera facing the person (a phone's front camera; laptop
 * webcams report no facing and face the person too). The recording is never mirrored. */
export function facesUser(stream: MediaStream, requested: Facing): boolean {
  const facing = stream.getVideoTracks()[0]?.getSettings().facingMode;
  return facing ? facing === 'user' : requested === 'user';
}

export async function countCameras(): Promise<number> {
  try {
    const devices = await navigator.mediaDevices.enumerateDevices();
    return devices.filter((device) => device.kind === 'videoinput').length;
  } catch {
    return 1;
  }
}
