/// <reference lib="dom" />
/**
 * The video analysis screen as a reusable component (spec 01 §2 "Video analysis screen", §4, §8,
 * §9): the analysis page, each comparison of the definition editor and (later) the recording view
 * use it. The rules live in plain modules (playback, timeline, analysis-run, pose-overlay); this
 * file wires them to a <video>, a canvas and the controls.
 */
import type { ExerciseDefinition } from '@reptemple/definitions';
import { ChevronLeft, ChevronRight, Pause, Play, RotateCcw, Upload, X } from 'lucide-react';
import { type ChangeEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from '../components/ui/button';
import { Checkbox } from '../components/ui/checkbox';
import {
  ANALYSIS_MESSAGES,
  DEFAULT_ANALYSIS_MODEL,
  PHASE_COLORS,
  PHASE_LEGEND,
  REP_PLAYBACK_CHECK_INTERVAL_MS,
  SAMPLE_VIDEO_INDEX_URL,
  type ServedPoseModel,
} from '../constants/analysis';
import { cn } from '../lib/cn';
import { errorToast } from '../toast/toast-store';
import { type DisplayPhase, frameAtTime } from './analysis-run';
import { resolveDuration } from './frame-source';
import {
  isVideoFile,
  needsDurationWorkaround,
  playbackGate,
  playFailure,
  repPlaybackFinished,
  resumeLeadMs,
  steppedTime,
} from './playback';
import { drawPoseOverlay, overlayAngles } from './pose-overlay';
import { groupSampleVideos, parseSampleVideoIndex, type SampleVideo } from './sample-videos';
import {
  formatTime,
  fractionOf,
  type PhaseChip,
  phaseChips,
  type RepTimelineItem,
  repTimeline,
  seekBarSegments,
} from './timeline';
import { useFrameAnalysis } from './use-frame-analysis';

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
}

const PHASE_NAMES: Readonly<Record<DisplayPhase, string>> = {
  start: 'Start',
  transition: 'Transition',
  end: 'End',
  unknown: '—',
};

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

function Chip(props: { chip: PhaseChip }) {
  return (
    <li
      className="rounded-full px-2 py-0.5 text-xs font-semibold text-black"
      style={{ backgroundColor: props.chip.color }}
      title={`${props.chip.label} at ${formatTime(props.chip.timestampMs / 1000)}`}
    >
      {props.chip.phaseLabel === props.chip.label
        ? props.chip.label
        : `${props.chip.phaseLabel} · ${props.chip.label}`}{' '}
      <span className="font-normal">{formatTime(props.chip.timestampMs / 1000)}</span>
    </li>
  );
}

export function VideoAnalysis(props: VideoAnalysisProps) {
  const title = props.title ?? 'Video Analysis';
  const model = props.model ?? DEFAULT_ANALYSIS_MODEL;
  const ids = useId();
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
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

  useEffect(() => {
    loadSampleIndex().then(setSamples, (cause: Error) =>
      setMessage(`Sample videos are unavailable: ${cause.message}`),
    );
  }, []);

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
  const sampleGroups = groupSampleVideos(samples);
  const status = analysis.error
    ? analysis.error
    : !src
      ? 'Choose a sample video or upload one.'
      : !modelReady
        ? 'Loading the pose model...'
        : done && run
          ? `Analysis complete: ${run.validReps} valid, ${run.invalidReps} invalid (${run.frames.length} frames)`
          : `Analysing... ${Math.round(analysedFraction * 100)}%`;
  const speed =
    done && analysis.framesPerSecond !== null
      ? `${analysis.framesPerSecond.toFixed(1)} frames analysed per second${analysis.kind === 'seek' ? ' (frame stepping)' : ''}`
      : null;

  return (
    <section
      className="rounded-xl border border-line bg-surface/95 p-4 sm:p-6"
      aria-label={title}
      data-testid="video-analysis"
    >
      <header className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="font-display text-xl text-gold">{title}</h2>
        <div className="flex flex-wrap items-center gap-2">
          <label className="sr-only" htmlFor={`${ids}-sample`}>
            Sample video
          </label>
          <select
            id={`${ids}-sample`}
            className="h-9 max-w-64 rounded-md border border-line bg-page px-2 text-sm text-ink"
            value={samples.some((s) => s.url === src) ? src : ''}
            onChange={(event) => event.target.value && changeSource(event.target.value)}
          >
            <option value="">Sample video...</option>
            {sampleGroups.map((group) => (
              <optgroup
                key={group.exercise}
                label={group.exercise === 'pushup' ? 'Push-ups' : 'Squats'}
              >
                {group.samples.map((sample) => (
                  <option key={sample.url} value={sample.url}>
                    {sample.name} ({sample.view})
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          <input
            ref={fileRef}
            id={`${ids}-upload`}
            type="file"
            accept="video/*"
            className="sr-only"
            aria-label="Upload a video"
            onChange={onFile}
          />
          <Button variant="secondary" size="sm" onClick={() => fileRef.current?.click()}>
            <Upload aria-hidden="true" className="size-4" /> Upload
          </Button>
          {props.onRemove && (
            <Button
              variant="ghost"
              size="sm"
              onClick={props.onRemove}
              aria-label={`Remove ${title}`}
            >
              <X aria-hidden="true" className="size-4" /> Remove
            </Button>
          )}
        </div>
      </header>

      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <div>
          <div className="relative overflow-hidden rounded-lg bg-black">
            <video
              ref={videoRef}
              src={src}
              className="block max-h-[60vh] w-full object-contain"
              muted
              playsInline
              preload="auto"
              onPlay={() => setPlaying(true)}
              onPause={() => setPlaying(false)}
              onSeeked={(event) => setCurrentS(event.currentTarget.currentTime)}
              onTimeUpdate={(event) => {
                if (event.currentTarget.paused) setCurrentS(event.currentTarget.currentTime);
              }}
              onDurationChange={(event) => {
                const d = event.currentTarget.duration;
                if (Number.isFinite(d) && d > 0) setDurationS(d);
              }}
            />
            <canvas
              ref={canvasRef}
              className="pointer-events-none absolute inset-0 h-full w-full object-contain"
            />
            {loadingText && (
              <div className="absolute inset-0 flex items-center justify-center bg-black/60 text-ink">
                <p role="status">{loadingText}</p>
              </div>
            )}
            {waiting && !loadingText && (
              <p className="absolute right-2 bottom-2 rounded bg-black/70 px-2 py-1 text-xs text-ink">
                Waiting for the analysis to catch up...
              </p>
            )}
          </div>

          <div className="mt-2">
            <div
              className="relative h-3 overflow-hidden rounded bg-surface-raised"
              aria-hidden="true"
            >
              <div
                className="absolute inset-y-0 left-0 bg-white/10"
                style={{ width: `${analysedFraction * 100}%` }}
              />
              {bar?.segments.map((segment) => (
                <div
                  key={`${segment.startMs}-${segment.label}`}
                  className="absolute inset-y-0"
                  data-phase={segment.label}
                  style={{
                    left: `${fractionOf(segment.startMs, durationMs) * 100}%`,
                    width: `${(fractionOf(segment.endMs, durationMs) - fractionOf(segment.startMs, durationMs)) * 100}%`,
                    backgroundColor: segment.color,
                  }}
                />
              ))}
              {bar?.markers.map((marker) => (
                <div
                  key={`${marker.atMs}-${marker.label}`}
                  className="absolute inset-y-0 w-1"
                  style={{
                    left: `${fractionOf(marker.atMs, durationMs) * 100}%`,
                    backgroundColor: marker.color,
                  }}
                />
              ))}
            </div>
            <input
              type="range"
              aria-label="Seek"
              className="w-full accent-gold"
              min={0}
              max={durationS || 0}
              step="any"
              value={Math.min(currentS, durationS || 0)}
              onChange={(event) => seekTo(Number(event.target.value))}
            />
          </div>

          <div className="mt-2 flex flex-wrap items-center gap-2">
            <Button
              size="sm"
              onClick={togglePlay}
              aria-label={playing || waiting ? 'Pause' : 'Play'}
            >
              {playing || waiting ? (
                <Pause aria-hidden="true" className="size-4" />
              ) : (
                <Play aria-hidden="true" className="size-4" />
              )}
              {playing || waiting ? 'Pause' : 'Play'}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => step(-1)}
              aria-label="Previous frame"
            >
              <ChevronLeft aria-hidden="true" className="size-4" />
            </Button>
            <Button variant="secondary" size="sm" onClick={() => step(1)} aria-label="Next frame">
              <ChevronRight aria-hidden="true" className="size-4" />
            </Button>
            <Button variant="secondary" size="sm" onClick={reset}>
              <RotateCcw aria-hidden="true" className="size-4" /> Reset
            </Button>
            <span className="ml-auto font-mono text-sm text-muted" data-testid="time-readout">
              {formatTime(currentS)} / {formatTime(durationS)}
            </span>
          </div>
          <div className="mt-2 flex flex-wrap gap-x-4">
            <Checkbox
              id={`${ids}-pose`}
              label="Show pose"
              checked={showPose}
              onCheckedChange={changeShowPose}
            />
            <Checkbox
              id={`${ids}-landmarks`}
              label="Landmarks"
              checked={showLandmarks}
              onCheckedChange={setShowLandmarks}
              disabled={!showPose}
            />
            <Checkbox
              id={`${ids}-connections`}
              label="Connections"
              checked={showConnections}
              onCheckedChange={setShowConnections}
              disabled={!showPose}
            />
          </div>
          {message && (
            <p role="alert" className="mt-2 text-sm text-danger">
              {message}
            </p>
          )}
        </div>

        <aside className="space-y-3">
          <dl
            className="grid grid-cols-2 gap-2 rounded-lg border border-line p-3 text-sm"
            data-testid="counter-box"
          >
            <dt className="text-muted">Valid reps</dt>
            <dd className="text-right text-2xl font-bold text-ink" data-testid="valid-count">
              {frame?.validReps ?? 0}
            </dd>
            <dt className="text-muted">Invalid reps</dt>
            <dd className="text-right text-2xl font-bold text-ink" data-testid="invalid-count">
              {frame?.invalidReps ?? 0}
            </dd>
            <dt className="text-muted">Phase</dt>
            <dd className="text-right text-ink" data-testid="current-phase">
              {PHASE_NAMES[frame?.phase ?? 'unknown']}
            </dd>
            <dt className="text-muted">Position</dt>
            <dd
              className="flex items-center justify-end gap-2 text-ink"
              data-testid="position-indicator"
            >
              <span
                aria-hidden="true"
                className={cn(
                  'size-3 rounded-full',
                  frame?.isValidPosition ? 'bg-green-500' : 'bg-zinc-500',
                )}
              />
              {frame?.isValidPosition ? 'In position' : 'Not in position'}
            </dd>
          </dl>
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
          <ul className="flex flex-wrap gap-1" aria-label="Legend">
            {PHASE_LEGEND.map((label) => (
              <li key={label} className="flex items-center gap-1 text-xs text-muted">
                <span
                  aria-hidden="true"
                  className="size-3 rounded-sm"
                  style={{ backgroundColor: PHASE_COLORS[label] }}
                />
                {label}
              </li>
            ))}
          </ul>
        </aside>
      </div>

      <div className="mt-4">
        <h3 className="mb-2 text-sm font-semibold text-ink">Reps</h3>
        {reps.length === 0 ? (
          <p className="text-sm text-muted">No reps yet.</p>
        ) : (
          <ul className="flex flex-wrap gap-2" data-testid="rep-timeline">
            {reps.map((rep) => (
              <li key={rep.repNumber}>
                <button
                  type="button"
                  className={cn(
                    'rounded-md border px-3 py-1 text-sm font-semibold',
                    rep.valid ? 'border-green-600 text-green-400' : 'border-red-600 text-red-400',
                  )}
                  title={rep.invalidReason ?? 'Valid rep'}
                  onClick={() => playRep(rep)}
                  onMouseEnter={() => setHoveredRep(rep)}
                  onMouseLeave={() => setHoveredRep(null)}
                  onFocus={() => setHoveredRep(rep)}
                  onBlur={() => setHoveredRep(null)}
                >
                  Rep {rep.repNumber} {rep.valid ? '✓' : '✗'}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="mt-4">
        <h3 className="mb-2 text-sm font-semibold text-ink">
          {hoveredRep ? `Phases of rep ${hoveredRep.repNumber}` : 'Phases'}
        </h3>
        <ul className="flex max-h-32 flex-wrap gap-1 overflow-y-auto" data-testid="phase-chips">
          {(hoveredRep ? hoveredRep.chips : chips).map((chip) => (
            <Chip key={`${chip.timestampMs}-${chip.phaseLabel}`} chip={chip} />
          ))}
        </ul>
      </div>
    </section>
  );
}
