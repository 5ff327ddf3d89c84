// The camera preview before an attempt (spec 02 §4: registered → the camera preview starts): the
// stream in the page's video element, front or back camera, whether it is mirrored, how many
// cameras there are, and why it failed. Stopped while `active` is false (the attempt opens its
// own stream with the recording settings).

import { type RefObject, useEffect, useRef, useState } from 'react';
import {
  CameraError,
  countCameras,
  type Facing,
  facesUser,
  openCameraStream,
  stopStream,
} from '../camera';

export function useCameraPreview(
  videoRef: RefObject<HTMLVideoElement | null>,
  active: boolean,
  log: (line: string) => void,
) {
  const streamRef = useRef<MediaStream | null>(null);
  const [facing, setFacing] = useState<Facing>('user');
  const [mirrored, setMirrored] = useState(true);
  const [cameraCount, setCameraCount] = useState(1);
  const [cameraError, setCameraError] = useState<CameraError | null>(null);
  const [tries, setTries] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `tries` re-runs it on Try again
  useEffect(() => {
    if (!active) return;
    let live = true;
    setCameraError(null);
    openCameraStream(facing).then(
      async (stream) => {
        if (!live) {
          stopStream(stream);
          return;
        }
        streamRef.current = stream;
        setMirrored(facesUser(stream, facing));
        const video = videoRef.current;
        if (video) {
          video.srcObject = stream;
          video.muted = true;
          video.playsInline = true;
          await video.play().catch((error: unknown) => log(`play: ${String(error)}`));
        }
        setCameraCount(await countCameras());
        log(`camera open: ${stream.getVideoTracks()[0]?.label ?? 'unknown'}`);
      },
      (error: unknown) => {
        if (!live) return;
        const failure =
          error instanceof CameraError ? error : new CameraError('failed', String(error));
        log(`camera ${failure.kind}: ${failure.message}`);
        setCameraError(failure);
      },
    );
    return () => {
      live = false;
      stopStream(streamRef.current);
      streamRef.current = null;
    };
  }, [facing, tries, active, log, videoRef]);

  return {
    facing,
    mirrored,
    cameraCount,
    cameraError,
    switchFacing: () => setFacing((current) => (current === 'user' ? 'environment' : 'user')),
    retry: () => setTries((count) => count + 1),
    /** Frees the camera now (before the attempt opens it again). */
    stop: () => {
      stopStream(streamRef.current);
      streamRef.current = null;
    },
  };
}
