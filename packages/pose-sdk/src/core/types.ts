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
}

/** Pixel size of the frames the landmarks were detected in; needed for aspect-correct angles. */
export interface FrameSize {
  readonly width: number;
  readonly height: number;
}
