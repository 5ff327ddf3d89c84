// The live loop's track path with a stand-in camera track and detector: the newest frame is
// analysed, and switching to 'inference-only' stops onDetection while both modes' rates are kept.

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PoseDetection, PoseDetector } from '../pose-detector.js';
import { startLiveCameraLoop } from './live-camera-loop.js';

/** A camera frame as the track processor hands it over: a timestamp in µs and close(). */
interface FakeFrame {
  timestamp: number;
  closed: boolean;
  close(): void;
}

/** A 24 fps camera whose frames the test pushes one at a time. */
class FakeCamera {
  private controller!: ReadableStreamDefaultController<FakeFrame>;
  readonly frames: FakeFrame[] = [];
  readonly readable = new ReadableStream<FakeFrame>(
    {
      start: (controller) => {
        this.controller = controller;
      },
    },
    { highWaterMark: 1 },
  );

  push(timestampMs: number): void {
    const frame: FakeFrame = {
      timestamp: timestampMs * 1000, // ms -> µs
      closed: false,
      close() {
        this.closed = true;
      },
    };
    this.frames.push(frame);
    this.controller.enqueue(frame);
  }
}

function installTrackProcessor(camera: FakeCamera) {
  class FakeMediaStream {
    getVideoTracks() {
      return [{ getSettings: () => ({ frameRate: 24 }) }];
    }
  }
  vi.stubGlobal('MediaStream', FakeMediaStream);
  vi.stubGlobal(
    'MediaStreamTrackProcessor',
    class {
      readonly readable = camera.readable;
    },
  );
  return { srcObject: new FakeMediaStream() } as unknown as HTMLVideoElement;
}

/** A detector whose every detect() takes `detectMs` on the loop's clock. */
function fakeDetector(clock: { ms: number }, detectMs: number): PoseDetector {
  return {
    model: 'lite',
    detect(_image, timestampMs): PoseDetection {
      clock.ms += detectMs;
      return { timestampMs, landmarks: [], worldLandmarks: [], frameSize: { width: 1, height: 1 } };
    },
    reset: async () => undefined,
    restartTracking: async () => undefined,
    close: () => undefined,
  };
}

/** Lets the loop read and handle what was pushed. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('startLiveCameraLoop on a camera track', () => {
  it('hands frames to onDetection live, none in inference-only, and keeps both rates', async () => {
    const camera = new FakeCamera();
    const video = installTrackProcessor(camera);
    const clock = { ms: 0 };
    const seen: number[] = [];
    const loop = startLiveCameraLoop({
      video,
      detector: fakeDetector(clock, 30),
      now: () => clock.ms,
      onDetection: (detection) => seen.push(detection.timestampMs),
    });
    expect(loop.source).toBe('track-processor');
    expect(loop.mode).toBe('live');

    // Live: frames every 50 ms of camera time.
    for (let index = 0; index < 5; index++) {
      camera.push(1000 + index * 50);
      await settle();
    }
    loop.setMode('inference-only');
    // Inference only: frames every 40 ms.
    for (let index = 0; index < 6; index++) {
      camera.push(1300 + index * 40);
      await settle();
    }
    loop.setMode('live');
    camera.push(1600);
    await settle();
    loop.stop();

    // Only live frames reached the caller, timed from the first frame.
    expect(seen).toEqual([0, 50, 100, 150, 200, 600]);
    const { live, 'inference-only': bare } = loop.modeTotals;
    expect(live).toEqual({ frames: 6, detectMs: 180, intervals: 4, spanMs: 200 });
    expect(bare).toEqual({ frames: 6, detectMs: 180, intervals: 5, spanMs: 200 });
    expect(loop.stats.analysedFrames).toBe(12);
    expect(camera.frames.every((frame) => frame.closed)).toBe(true);
  });

  it('starts in the mode it is given', async () => {
    const camera = new FakeCamera();
    const video = installTrackProcessor(camera);
    const clock = { ms: 0 };
    const onDetection = vi.fn();
    const loop = startLiveCameraLoop({
      video,
      detector: fakeDetector(clock, 10),
      now: () => clock.ms,
      onDetection,
      mode: 'inference-only',
    });
    camera.push(0);
    await settle();
    camera.push(40);
    await settle();
    loop.stop();
    expect(onDetection).not.toHaveBeenCalled();
    expect(loop.modeTotals['inference-only']).toEqual({
      frames: 2,
      detectMs: 20,
      intervals: 1,
      spanMs: 40,
    });
  });
});
