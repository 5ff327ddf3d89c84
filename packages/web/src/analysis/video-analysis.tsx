/// <reference lib="dom" />
/**
 * The video analysis screen as a reusable component (spec 01 §2 "Video analysis screen", §4, §8,
 * §9): the analysis page, each comparison of the definition editor and (later) the recording view
 * use it. The rules live in plain modules (playback, timeline, analysis-run, pose-overlay) and the
 * parts of the screen are presentational components beside this file; this file keeps the state
 * and wires the rules to the <video>, the canvas and the controls.
 */
import type { ExerciseDefinition } from '@reptemple/definitions';
import { type ChangeEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  ANALYSIS_MESSAGES,
  DEFAULT_ANALYSIS_MODEL,
  REP_PLAYBACK_CHECK_INTERVAL_MS,
  SAMPLE_VIDEO_INDEX_URL,
  type ServedPoseModel,
} from '../constants/analysis';
import { errorToast } from '../toast/toast-store';
import { AnalysisHeader } from './analysis-header';
import { frameAtTime } from './analysis-run';
import { CounterBox } from './counter-box';
import { resolveDuration } from './frame-source';
import { OverlayToggles } from './overlay-toggles';
import { PhaseChips, PhaseLegend } from './phase-chips';
import {
  isVideoFile,
  needsDurationWorkaround,
  playbackGate,
  playFailure,
  repPlaybackFinished,
  resumeLeadMs,
  steppedTime,
} from './playback';
import { PlaybackControls } from './playback-controls';
import { drawPoseOverlay, overlayAngles } from './pose-overlay';
import { RepTimeline } from './rep-timeline';
import { parseSampleVideoIndex, type SampleVideo } from './sample-videos';
import { SeekBar } from './seek-bar';
import {
  analysisSpeedText,
  analysisStatusText,
  fractionOf,
  phaseChips,
  type RepTimelineItem,
  repTimeline,
  seekBarSegments,
} from './timeline';
import { useFrameAnalysis } from './use-frame-analysis';
import { VideoStage } from './video-stage';

export interface VideoAnalysisProps {
  /** Default 'Video Analysis'. */
  title?: string;
  /** A normalised definition (@reptemple/definitions); null/undefined runs the push-up analyser. */
  definition?: ExerciseDefinition | null;
  /** Initial or controlled source: a sample path or a blob: URL. */
  videoSrc?: string;
  onVideoSrcChange?: (src: string) => void;
  showPoseVisualization?: boolean;
  onShowPoseVisualizationChange?: (show: boolean) => void;
  /** Side-view collapse for drawing angle arcs; default: the side the camera sees best. */
  closerSide?: 'left' | 'right';
  /** When given, a remove button is shown (editor comparisons). */
  onRemove?: () => void;
  /** Pose model; default lite. */
  model?: ServedPoseModel;
  /** False: analyse `videoSrc` only, without the sample and upload choice (the recording view).
   * Default true. */
  sourceChoice?: boolean;
}

let sampleIndex: Promise<SampleVideo[]> | undefined;
function loadSampleIndex(): Promise<SampleVideo[]> {
  sampleIndex ??= fetch(SAMPLE_VIDEO_INDEX_URL)
    .then((response) => {
      if (!response.ok) throw new Error(`${response.status}: sample list unavailable`);
      return response.json();
    })
    .then(parseSampleVideoIndex);
  sampleIndex.catch(() => {
    sampleIndex = undefined;
  });
  return sampleIndex;
}

export function VideoAnalysis(props: VideoAnalysisProps) {
  const title = props.title ?? 'Video Analysis';
  const model = props.model ?? DEFAULT_ANALYSIS_MODEL;
  const ids = useId();
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const ownBlobUrl = useRef<string | null>(null);

  const [src, setSrc] = useState(props.videoSrc);
  useEffect(() => setSrc(props.videoSrc), [props.videoSrc]);
  const [showPose, setShowPose] = useState(props.showPoseVisualization ?? true);
  useEffect(() => {
    if (props.showPoseVisualization !== undefined) setShowPose(props.showPoseVisualization);
  }, [props.showPoseVisualization]);
  const [showLandmarks, setShowLandmarks] = useState(true);
  const [showConnections, setShowConnections] = useState(true);
  const [samples, setSamples] = useState<SampleVideo[]>([]);
  const [loadingText, setLoadingText] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [currentS, setCurrentS] = useState(0);
  const [durationS, setDurationS] = useState(0);
  const [hoveredRep, setHoveredRep] = useState<RepTimelineItem | null>(null);
  const repEndMs = useRef<number | null>(null);
  const waitingRef = useRef(false);

  const analysis = useFrameAnalysis(src, props.definition, model);
  const { run, done, modelReady, version } = analysis;
  const angles = useMemo(() => overlayAngles(props.definition), [props.definition]);
  const sideView = !props.definition || props.definition.cameraPosition === 'side';

  const sourceChoice = props.sourceChoice !== false;
  useEffect(() => {
    if (!sourceChoice) return;
    loadSampleIndex().then(setSamples, (cause: Error) =>
      setMessage(`Sample videos are unavailable: ${cause.message}`),
    );
  }, [sourceChoice]);

  useEffect(
    () => () => {
      if (ownBlobUrl.current) URL.revokeObjectURL(ownBlobUrl.current);
    },
    [],
  );

  const changeSource = useCallback(
    (next: string) => {
      setSrc(next);
      props.onVideoSrcChange?.(next);
    },
    [props.onVideoSrcChange],
  );

  const changeShowPose = (show: boolean) => {
    setShowPose(show);
    props.onShowPoseVisualizationChange?.(show);
  };

  // The overlay for whatever frame the video shows.
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
        closerSide: props.closerSide,
      });
    },
    [run, showPose, showLandmarks, showConnections, angles, sideView, props.closerSide],
  );

  // Redraw when paused and something changed (toggles, new analysis results, a seek).
  // biome-ignore lint/correctness/useExhaustiveDependencies: version marks new analysed frames
  useEffect(() => {
    const video = videoRef.current;
    if (video?.paused) draw(video.currentTime);
  }, [draw, version, currentS]);

  // While playing: draw each presented frame, and never run ahead of the analysis.
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !playing) return;
    let handle = 0;
    const onFrame: VideoFrameRequestCallback = (_now, metadata) => {
      draw(metadata.mediaTime);
      setCurrentS(metadata.mediaTime);
      const end = repEndMs.current;
      if (
        end === null &&
        run &&
        playbackGate(metadata.mediaTime * 1000, run.analysedUntilMs, done) === 'wait'
      ) {
        waitingRef.current = true;
        setWaiting(true);
        video.pause();
        return;
      }
      handle = video.requestVideoFrameCallback(onFrame);
    };
    handle = video.requestVideoFrameCallback(onFrame);
    return () => video.cancelVideoFrameCallback(handle);
  }, [playing, draw, run, done]);

  const play = useCallback(async () => {
    const video = videoRef.current;
    if (!video) return;
    if (!modelReady) {
      setMessage(ANALYSIS_MESSAGES.modelNotReady);
      return;
    }
    setMessage(null);
    try {
      await video.play();
    } catch (error) {
      const failure = playFailure(error);
      setMessage(failure.message);
      if (failure.reset) {
        setPlaying(false);
        repEndMs.current = null;
      }
    }
  }, [modelReady]);

  // Resume after waiting once the analysis is comfortably ahead.
  // biome-ignore lint/correctness/useExhaustiveDependencies: version marks analysis progress
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !waitingRef.current || !run) return;
    const currentMs = video.currentTime * 1000;
    const lead = resumeLeadMs(video.duration * 1000 - currentMs, analysis.speed);
    const gate = playbackGate(currentMs, run.analysedUntilMs, done, lead);
    if (gate === 'play') {
      waitingRef.current = false;
      setWaiting(false);
      void play();
    }
  }, [version, done, run, play, analysis.speed]);

  // Rep-only playback: check the time every 100 ms and pause at the rep's end.
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => {
      const video = videoRef.current;
      const end = repEndMs.current;
      if (!video || end === null) return;
      if (repPlaybackFinished(video.currentTime, end)) {
        video.pause();
        repEndMs.current = null;
      }
    }, REP_PLAYBACK_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [playing]);

  // Loading overlay and the infinite/zero duration workaround.
  useEffect(() => {
    const video = videoRef.current;
    setPlaying(false);
    setWaiting(false);
    waitingRef.current = false;
    repEndMs.current = null;
    setCurrentS(0);
    setDurationS(0);
    if (!video || !src) {
      setLoadingText(null);
      return;
    }
    setLoadingText(ANALYSIS_MESSAGES.loadingVideo);
    const controller = new AbortController();
    const onMetadata = () => {
      if (needsDurationWorkaround(video.duration))
        setLoadingText(ANALYSIS_MESSAGES.processingDuration);
    };
    video.addEventListener('loadedmetadata', onMetadata);
    resolveDuration(video, controller.signal).then(
      async (duration) => {
        if (controller.signal.aborted) return;
        setDurationS(duration);
        if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) {
          await new Promise((resolve) =>
            video.addEventListener('loadeddata', resolve, { once: true }),
          );
        }
        if (!controller.signal.aborted) setLoadingText(null);
      },
      (error: Error) => {
        if (controller.signal.aborted) return;
        setLoadingText(null);
        setMessage(error.message);
      },
    );
    return () => {
      controller.abort();
      video.removeEventListener('loadedmetadata', onMetadata);
    };
  }, [src]);

  const togglePlay = () => {
    const video = videoRef.current;
    if (!video) return;
    repEndMs.current = null;
    if (waitingRef.current) {
      // Pause pressed while playback waits for the analysis: stay paused.
      waitingRef.current = false;
      setWaiting(false);
      return;
    }
    if (video.paused) void play();
    else video.pause();
  };

  const seekTo = (seconds: number) => {
    const video = videoRef.current;
    if (!video) return;
    video.currentTime = seconds;
    setCurrentS(seconds);
  };

  const step = (direction: -1 | 1) => {
    const video = videoRef.current;
    if (!video) return;
    video.pause();
    seekTo(steppedTime(video.currentTime, direction, durationS));
  };

  const reset = () => {
    const video = videoRef.current;
    if (video) {
      video.pause();
      video.currentTime = 0;
    }
    repEndMs.current = null;
    waitingRef.current = false;
    setWaiting(false);
    setCurrentS(0);
    setMessage(null);
    analysis.restart();
  };

  const playRep = (rep: RepTimelineItem) => {
    const video = videoRef.current;
    if (!video) return;
    video.currentTime = rep.startMs / 1000;
    repEndMs.current = rep.endMs;
    void play();
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isVideoFile(file)) {
      setMessage(ANALYSIS_MESSAGES.notAVideo);
      errorToast(ANALYSIS_MESSAGES.notAVideo);
      return;
    }
    if (ownBlobUrl.current) URL.revokeObjectURL(ownBlobUrl.current);
    const url = URL.createObjectURL(file);
    ownBlobUrl.current = url;
    setMessage(null);
    changeSource(url);
  };

  const frame = run ? frameAtTime(run.frames, currentS * 1000) : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: version marks new analysed frames
  const chips = useMemo(() => (run ? phaseChips(run.timeline, run.reps) : []), [run, version]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version marks new analysed frames
  const reps = useMemo(() => (run ? repTimeline(run.reps, run.timeline) : []), [run, version]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version marks new analysed frames
  const bar = useMemo(
    () => (run ? seekBarSegments(run.timeline, run.reps, run.analysedUntilMs) : null),
    [run, version],
  );
  const durationMs = durationS * 1000;
  const analysedFraction = run ? fractionOf(run.analysedUntilMs, durationMs) : 0;
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
  const speed = analysisSpeedText(done, analysis.framesPerSecond, analysis.kind === 'seek');

  return (
    <section
      className="rounded-xl border border-line bg-surface/95 p-4 sm:p-6"
      aria-label={title}
      data-testid="video-analysis"
    >
      <AnalysisHeader
        title={title}
        idPrefix={ids}
        samples={samples}
        src={src}
        onSampleChosen={changeSource}
        onFileChosen={onFile}
        onRemove={props.onRemove}
        sourceChoice={sourceChoice}
      />

      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <div>
          <VideoStage
            videoRef={videoRef}
            canvasRef={canvasRef}
            src={src}
            loadingText={loadingText}
            waiting={waiting}
            onPlayingChange={setPlaying}
            onTimeChange={setCurrentS}
            onDurationChange={setDurationS}
          />
          <SeekBar
            currentS={currentS}
            durationS={durationS}
            analysedFraction={analysedFraction}
            bar={bar}
            onSeek={seekTo}
          />
          <PlaybackControls
            showPause={playing || waiting}
            currentS={currentS}
            durationS={durationS}
            onTogglePlay={togglePlay}
            onStep={step}
            onReset={reset}
          />
          <OverlayToggles
            idPrefix={ids}
            showPose={showPose}
            showLandmarks={showLandmarks}
            showConnections={showConnections}
            onShowPoseChange={changeShowPose}
            onShowLandmarksChange={setShowLandmarks}
            onShowConnectionsChange={setShowConnections}
          />
          {message && (
            <p role="alert" className="mt-2 text-sm text-danger">
              {message}
            </p>
          )}
        </div>

        <aside className="space-y-3">
          <CounterBox frame={frame} />
          <p
            className="text-sm text-muted"
            role="status"
            data-testid="analysis-status"
            data-done={done && !!run}
          >
            {status}
          </p>
          {speed && (
            <p
              className="text-xs text-muted"
              data-testid="analysis-speed"
              data-fps={analysis.framesPerSecond?.toFixed(2)}
            >
              {speed}
            </p>
          )}
          <PhaseLegend />
        </aside>
      </div>

      <RepTimeline reps={reps} onPlayRep={playRep} onHoverRep={setHoveredRep} />
      <PhaseChips chips={chips} hoveredRep={hoveredRep} />
    </section>
  );
}
