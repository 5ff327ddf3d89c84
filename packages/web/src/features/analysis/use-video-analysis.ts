/// <reference lib="dom" />
/**
 * Everything the video analysis screen holds, by concern: the source (use-video-source), the
 * sample list (use-sample-videos), the analysis of every frame (use-frame-analysis), the overlay
 * (use-pose-overlay) and the playback that never runs ahead of the analysis (use-video-playback),
 * plus what the side panel and timelines show, derived from the analysis at the displayed time.
 * The view (video-analysis.tsx) only renders it.
 */
import type { ExerciseDefinition } from '@reptemple/definitions';
import { type RefObject, useId, useMemo, useRef, useState } from 'react';
import { type AnalysedFrame, frameAtTime } from './analysis-run';
import { DEFAULT_ANALYSIS_MODEL, type ServedPoseModel } from './constants';
import type { SampleVideo } from './sample-videos';
import {
  analysisSpeedText,
  analysisStatusText,
  fractionOf,
  type PhaseChip,
  phaseChips,
  type RepTimelineItem,
  repTimeline,
  type SeekBarMarker,
  type SeekBarSegment,
  seekBarSegments,
} from './timeline';
import { type FrameAnalysis, useFrameAnalysis } from './use-frame-analysis';
import { type PoseOverlay, usePoseOverlay } from './use-pose-overlay';
import { useSampleVideos } from './use-sample-videos';
import { useVideoPlayback, type VideoPlayback } from './use-video-playback';
import { useVideoSource, type VideoSource } from './use-video-source';

export interface VideoAnalysisOptions {
  /** A normalised definition (@reptemple/definitions); null/undefined runs the push-up analyser. */
  readonly definition?: ExerciseDefinition | null;
  /** Initial or controlled source: a sample path or a blob: URL. */
  readonly videoSrc?: string;
  readonly onVideoSrcChange?: (src: string) => void;
  readonly showPoseVisualization?: boolean;
  readonly onShowPoseVisualizationChange?: (show: boolean) => void;
  /** Side-view collapse for drawing angle arcs; default: the side the camera sees best. */
  readonly closerSide?: 'left' | 'right';
  /** Pose model; default lite. */
  readonly model?: ServedPoseModel;
  /** False: analyse `videoSrc` only, without the sample and upload choice (the recording view).
   * Default true. */
  readonly sourceChoice?: boolean;
}

/** What the analysis shows at the displayed time and over the whole clip. */
export interface AnalysisResults {
  /** The analysed frame on screen (counter box), if analysed yet. */
  readonly frame: AnalysedFrame | undefined;
  readonly chips: readonly PhaseChip[];
  readonly reps: readonly RepTimelineItem[];
  /** The phase-coloured seek bar; null before an analysis run exists. */
  readonly bar: {
    readonly segments: readonly SeekBarSegment[];
    readonly markers: readonly SeekBarMarker[];
  } | null;
  /** Share of the video analysed so far, 0..1. */
  readonly analysedFraction: number;
  /** The status line (spec wording). */
  readonly status: string;
  /** Every frame analysed (and an analysis exists). */
  readonly done: boolean;
  /** The measured analysis speed once done, or null. */
  readonly speed: string | null;
  readonly framesPerSecond: number | null;
}

export interface VideoAnalysisScreen {
  /** Prefix for the ids of the screen's form controls. */
  readonly ids: string;
  readonly videoRef: RefObject<HTMLVideoElement | null>;
  readonly canvasRef: RefObject<HTMLCanvasElement | null>;
  readonly source: VideoSource;
  readonly samples: readonly SampleVideo[];
  /** Whether the sample and upload choice is offered. */
  readonly sourceChoice: boolean;
  readonly overlay: PoseOverlay;
  readonly playback: VideoPlayback;
  readonly results: AnalysisResults;
  /** The message under the video (an error or a hint), or null. */
  readonly message: string | null;
  /** The rep whose chips are shown instead of the whole list (hover or focus), or null. */
  readonly hoveredRep: RepTimelineItem | null;
  setHoveredRep(rep: RepTimelineItem | null): void;
  /** Reset: back to the start, paused, and the whole analysis (the model too) again. */
  reset(): void;
}

export function useVideoAnalysis(options: VideoAnalysisOptions): VideoAnalysisScreen {
  const model = options.model ?? DEFAULT_ANALYSIS_MODEL;
  const ids = useId();
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [hoveredRep, setHoveredRep] = useState<RepTimelineItem | null>(null);

  const sourceChoice = options.sourceChoice !== false;
  const samples = useSampleVideos(setMessage, sourceChoice);
  const source = useVideoSource({
    videoSrc: options.videoSrc,
    onVideoSrcChange: options.onVideoSrcChange,
    setMessage,
  });
  const analysis = useFrameAnalysis(source.src, options.definition, model);
  const overlay = usePoseOverlay({
    videoRef,
    canvasRef,
    run: analysis.run,
    definition: options.definition,
    closerSide: options.closerSide,
    showPoseVisualization: options.showPoseVisualization,
    onShowPoseVisualizationChange: options.onShowPoseVisualizationChange,
  });
  const playback = useVideoPlayback({
    videoRef,
    src: source.src,
    analysis,
    draw: overlay.draw,
    setMessage,
  });

  const reset = () => {
    playback.rewind();
    setMessage(null);
    analysis.restart();
  };

  const results = useAnalysisResults(analysis, source.src, playback);

  return {
    ids,
    videoRef,
    canvasRef,
    source,
    samples,
    sourceChoice,
    overlay,
    playback,
    results,
    message,
    hoveredRep,
    setHoveredRep,
    reset,
  };
}

/** The counter, timelines and status lines for the displayed time. */
function useAnalysisResults(
  analysis: FrameAnalysis,
  src: string | undefined,
  playback: Pick<VideoPlayback, 'currentS' | 'durationS'>,
): AnalysisResults {
  const { run, done, modelReady, version } = analysis;
  const frame = run ? frameAtTime(run.frames, playback.currentS * 1000) : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: version marks new analysed frames
  const chips = useMemo(() => (run ? phaseChips(run.timeline, run.reps) : []), [run, version]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version marks new analysed frames
  const reps = useMemo(() => (run ? repTimeline(run.reps, run.timeline) : []), [run, version]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version marks new analysed frames
  const bar = useMemo(
    () => (run ? seekBarSegments(run.timeline, run.reps, run.analysedUntilMs) : null),
    [run, version],
  );
  const analysedFraction = run ? fractionOf(run.analysedUntilMs, playback.durationS * 1000) : 0;
  const status = analysisStatusText({
    error: analysis.error,
    hasSource: !!src,
    modelReady,
    done,
    result: run
      ? { validReps: run.validReps, invalidReps: run.invalidReps, frameCount: run.frames.length }
      : null,
    analysedFraction,
  });
  return {
    frame,
    chips,
    reps,
    bar,
    analysedFraction,
    status,
    done: done && !!run,
    speed: analysisSpeedText(done, analysis.framesPerSecond, analysis.kind === 'seek'),
    framesPerSecond: analysis.framesPerSecond,
  };
}
