/// <reference lib="dom" />
/**
 * Playback of the analysed video (spec 01 §2, §4): the <video> only displays, and never runs
 * ahead of the analysis. While playing, each presented frame is drawn and a frame past the
 * analysed range pauses playback until the analysis leads again (playbackGate, resumeLeadMs);
 * while paused, any change is drawn at once. Also the loading overlay, the infinite/zero
 * duration workaround, rep-only playback and the controls' actions. The rules are plain functions
 * in playback.ts; this hook wires them to the element.
 */
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { ANALYSIS_MESSAGES, REP_PLAYBACK_CHECK_INTERVAL_MS } from './constants';
import { resolveDuration } from './frame-source';
import {
  needsDurationWorkaround,
  playbackGate,
  playFailure,
  repPlaybackFinished,
  resumeLeadMs,
  steppedTime,
} from './playback';
import type { RepTimelineItem } from './timeline';
import type { FrameAnalysis } from './use-frame-analysis';

export interface VideoPlayback {
  readonly playing: boolean;
  /** Paused until the analysis catches up. */
  readonly waiting: boolean;
  /** Displayed media time, seconds. */
  readonly currentS: number;
  /** The video's duration, seconds (0 until known). */
  readonly durationS: number;
  /** Covers the video while it loads; null when it is ready. */
  readonly loadingText: string | null;
  togglePlay(): void;
  seekTo(seconds: number): void;
  /** One frame step (1/30 s) back or forward, paused. */
  step(direction: -1 | 1): void;
  /** Back to the start, paused (the caller restarts the analysis). */
  rewind(): void;
  /** Plays one rep, from its start to its end. */
  playRep(rep: RepTimelineItem): void;
  /** What the <video> reports (VideoStage's callbacks). */
  setPlaying(playing: boolean): void;
  setCurrentS(seconds: number): void;
  setDurationS(seconds: number): void;
}

export function useVideoPlayback(options: {
  readonly videoRef: RefObject<HTMLVideoElement | null>;
  readonly src: string | undefined;
  readonly analysis: FrameAnalysis;
  /** Paints the analysed frame at a media time (seconds). */
  readonly draw: (mediaTimeS: number) => void;
  /** Shows a message under the video (null clears it). */
  readonly setMessage: (message: string | null) => void;
}): VideoPlayback {
  const { videoRef, src, analysis, draw, setMessage } = options;
  const { run, done, modelReady, version } = analysis;
  const [loadingText, setLoadingText] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [currentS, setCurrentS] = useState(0);
  const [durationS, setDurationS] = useState(0);
  /** End (ms) of the rep being played on its own, or null. */
  const repEndMs = useRef<number | null>(null);
  const waitingRef = useRef(false);

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
  }, [videoRef, playing, draw, run, done]);

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
  }, [videoRef, modelReady, setMessage]);

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
  }, [videoRef, playing]);

  // A new video: the loading overlay and the infinite/zero duration workaround.
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
  }, [videoRef, src, setMessage]);

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

  const rewind = () => {
    const video = videoRef.current;
    if (video) {
      video.pause();
      video.currentTime = 0;
    }
    repEndMs.current = null;
    waitingRef.current = false;
    setWaiting(false);
    setCurrentS(0);
  };

  const playRep = (rep: RepTimelineItem) => {
    const video = videoRef.current;
    if (!video) return;
    video.currentTime = rep.startMs / 1000;
    repEndMs.current = rep.endMs;
    void play();
  };

  return {
    playing,
    waiting,
    currentS,
    durationS,
    loadingText,
    togglePlay,
    seekTo,
    step,
    rewind,
    playRep,
    setPlaying,
    setCurrentS,
    setDurationS,
  };
}
