// One attempt on the page (spec 02 §4): Start Recording makes a RecordingController for the
// video element, opens the fullscreen overlay, and hands back what the attempt's screen shows;
// the attempt ends with its recording, or resets on a failed start (Recording Error).

import { type RefObject, useEffect, useRef, useState } from 'react';
import { errorToast } from '../../../toast/toast-store';
import type { Facing } from '../camera';
import type { LiveCounting } from '../logic/live-analyzer';
import { acquiringView } from '../logic/recording-view';
import { RECORD } from '../messages';
import {
  type FinishedRecording,
  RecordingController,
  type RecordingView,
} from '../recording-controller';

async function exitFullscreen(): Promise<void> {
  if (document.fullscreenElement) await document.exitFullscreen().catch(() => undefined);
}

export function useAttemptRecording(options: {
  counting: LiveCounting;
  challengeId: string;
  userId: string;
  exerciseName: string;
  /** The element that goes fullscreen during the attempt. */
  stageRef: RefObject<HTMLElement | null>;
  onFinished: (recording: FinishedRecording) => void;
  /** The start failed: the page offers the preview again. */
  onStartFailed: () => void;
  log: (line: string) => void;
}) {
  const controllerRef = useRef<RecordingController | null>(null);
  const [view, setView] = useState<RecordingView | null>(null);

  useEffect(() => () => controllerRef.current?.cancel(), []);

  async function start(video: HTMLVideoElement, facing: Facing, mirrored: boolean) {
    const { log } = options;
    const controller = new RecordingController({
      counting: options.counting,
      challengeId: options.challengeId,
      userId: options.userId,
      exerciseName: options.exerciseName,
      facing,
      onView: setView,
      onFinished: (finished) => {
        controllerRef.current = null;
        void exitFullscreen();
        setView(null);
        options.onFinished(finished);
      },
      onStartFailed: (error) => {
        controllerRef.current = null;
        console.error('Starting the recording failed', error);
        log(`start failed: ${String(error)}`);
        void exitFullscreen();
        setView(null);
        errorToast(RECORD.recordingError, RECORD.recordingErrorTitle);
        options.onStartFailed();
      },
    });
    controllerRef.current = controller;
    setView(acquiringView(mirrored));
    options.stageRef.current?.requestFullscreen?.().catch((error: unknown) => {
      // Phones without the Fullscreen API (iPhone) still get the full-viewport overlay.
      log(`fullscreen refused: ${String(error)}`);
    });
    await controller.start(video);
  }

  return {
    controllerRef,
    /** What the attempt's screen shows; null while no attempt runs. */
    view,
    start,
    finish: () => void controllerRef.current?.finish('user'),
    setInferenceOnly: (on: boolean) => controllerRef.current?.setInferenceOnly(on),
  };
}
