/// <reference lib="dom" />
/**
 * What the overlay canvas shows: the three toggles (spec 01 §9; "show pose" can be controlled by
 * the parent) and `draw`, which paints the analysed frame at a media time over the <video>. When
 * to draw is the playback's business (use-video-playback).
 */
import type { ExerciseDefinition } from '@reptemple/definitions';
import { type RefObject, useCallback, useEffect, useMemo, useState } from 'react';
import { type AnalysisRun, frameAtTime } from './analysis-run';
import { drawPoseOverlay, overlayAngles } from './pose-overlay';

export interface PoseOverlay {
  readonly showPose: boolean;
  readonly showLandmarks: boolean;
  readonly showConnections: boolean;
  setShowPose(show: boolean): void;
  setShowLandmarks(show: boolean): void;
  setShowConnections(show: boolean): void;
  /** Paints the analysed frame at `mediaTimeS` (seconds) over the video, sized to its frames. */
  draw(mediaTimeS: number): void;
}

export function usePoseOverlay(options: {
  readonly videoRef: RefObject<HTMLVideoElement | null>;
  readonly canvasRef: RefObject<HTMLCanvasElement | null>;
  readonly run: AnalysisRun | null;
  readonly definition: ExerciseDefinition | null | undefined;
  /** Side-view collapse for the angle arcs; default: the side the camera sees best. */
  readonly closerSide: 'left' | 'right' | undefined;
  readonly showPoseVisualization: boolean | undefined;
  readonly onShowPoseVisualizationChange: ((show: boolean) => void) | undefined;
}): PoseOverlay {
  const { videoRef, canvasRef, run, definition, closerSide } = options;
  const { showPoseVisualization, onShowPoseVisualizationChange } = options;
  const [showPose, setShowPoseState] = useState(showPoseVisualization ?? true);
  useEffect(() => {
    if (showPoseVisualization !== undefined) setShowPoseState(showPoseVisualization);
  }, [showPoseVisualization]);
  const [showLandmarks, setShowLandmarks] = useState(true);
  const [showConnections, setShowConnections] = useState(true);
  const angles = useMemo(() => overlayAngles(definition), [definition]);
  const sideView = !definition || definition.cameraPosition === 'side';

  const setShowPose = (show: boolean) => {
    setShowPoseState(show);
    onShowPoseVisualizationChange?.(show);
  };

  const draw = useCallback(
    (mediaTimeS: number) => {
      const canvas = canvasRef.current;
      const video = videoRef.current;
      const context = canvas?.getContext('2d');
      if (!canvas || !video || !context || !video.videoWidth) return;
      if (canvas.width !== video.videoWidth) canvas.width = video.videoWidth;
      if (canvas.height !== video.videoHeight) canvas.height = video.videoHeight;
      const frame = run ? frameAtTime(run.frames, mediaTimeS * 1000) : undefined;
      drawPoseOverlay(context, frame?.landmarks ?? [], canvas, {
        showPose,
        showLandmarks,
        showConnections,
        angles,
        sideView,
        closerSide,
      });
    },
    [
      videoRef,
      canvasRef,
      run,
      showPose,
      showLandmarks,
      showConnections,
      angles,
      sideView,
      closerSide,
    ],
  );

  return {
    showPose,
    showLandmarks,
    showConnections,
    setShowPose,
    setShowLandmarks,
    setShowConnections,
    draw,
  };
}
