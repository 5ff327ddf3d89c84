/**
 * The unit of exchange between hosts (browser, CLI, server) and the analysers.
 *
 * Landmark x and y are normalised to the frame (0..1, origin top-left), as BlazePose reports them;
 * z is BlazePose's relative depth on roughly the same scale as x; visibility is 0..1.
 */
export interface Landmark {
  readonly x: number;
  readonly y: number;
  readonly z: number;
  readonly visibility: number;
}

/**
 * A BlazePose world landmark: metres, origin between the hips; x and y point as the image's do
 * (y down), z along the camera's axis (larger is farther). The model estimates it from the same
 * image as the normalised landmark of the same index, whose visibility applies to it too.
 */
export interface WorldLandmark {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

/** BlazePose reports exactly this many landmarks per detected pose. */
export const LANDMARK_COUNT = 33;

/**
 * One analysed video frame. `landmarks` holds the 33 BlazePose landmarks, or is empty when no
 * person was detected in the frame. Time comes only from `timestampMs` (ms since the start of the
 * video or stream): analysers never read a clock.
 */
export interface PoseFrame {
  readonly timestampMs: number;
  readonly landmarks: readonly Landmark[];
  /**
   * The same pose in metres (BlazePose world landmarks, 33 of them), when the host has them:
   * traces of format version 1 and hosts that pass image landmarks only leave it out, and the
   * analysers then measure in the picture alone.
   */
  readonly worldLandmarks?: readonly WorldLandmark[];
}

/** Pixel size of the frames the landmarks were detected in; needed for aspect-correct angles. */
export interface FrameSize {
  readonly width: number;
  readonly height: number;
}
