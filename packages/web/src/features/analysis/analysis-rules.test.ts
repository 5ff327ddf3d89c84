import { describe, expect, it } from 'vitest';
import {
  ANALYSIS_MESSAGES,
  ANGLE_ARC_COLORS,
  DRAWING_VISIBILITY_THRESHOLD,
  DURATION_WORKAROUND_DELAY_MS,
  DURATION_WORKAROUND_SEEK_S,
  DURATION_WORKAROUND_TIMEOUT_MS,
  FRAME_STEP_S,
  PHASE_LEGEND,
  POSE_MODEL_BASE_URL,
  POSE_WASM_BASE_URL,
  REP_PLAYBACK_CHECK_INTERVAL_MS,
  SAMPLE_VIDEO_BASE_URL,
  SAMPLE_VIDEO_FOLDERS,
} from './constants';
import {
  DURATION_WORKAROUND,
  isUsableDuration,
  isVideoFile,
  needsDurationWorkaround,
  playbackGate,
  playFailure,
  repPlaybackFinished,
  resumeLeadMs,
  steppedTime,
} from './playback';
import { poseModelUrl } from './pose-runtime';
import {
  groupSampleVideos,
  parseSampleVideoIndex,
  SampleVideoIndexError,
  sampleVideoName,
} from './sample-videos';

describe('spec constants (spec 01 §9) and messages (§5, §8)', () => {
  it('keeps the numbers the spec fixes', () => {
    expect(FRAME_STEP_S).toBe(1 / 30);
    expect(DURATION_WORKAROUND_DELAY_MS).toBe(500);
    expect(DURATION_WORKAROUND_TIMEOUT_MS).toBe(10_000);
    expect(DURATION_WORKAROUND_SEEK_S).toBe(999_999);
    expect(REP_PLAYBACK_CHECK_INTERVAL_MS).toBe(100);
    expect(DRAWING_VISIBILITY_THRESHOLD).toBe(0.5);
    expect(ANGLE_ARC_COLORS).toHaveLength(5);
    expect(new Set(ANGLE_ARC_COLORS).size).toBe(5);
  });

  it('has the legend in the spec order', () => {
    expect(PHASE_LEGEND).toEqual(['Start', 'Transition', 'End', 'Invalid', 'STOP', 'READY']);
  });

  it('words the messages exactly', () => {
    expect(ANALYSIS_MESSAGES).toEqual({
      notAVideo: 'File is not a video',
      processingDuration: 'Processing video duration...',
      loadingVideo: 'Loading video...',
      durationTimeout: 'Duration hack timeout.',
      modelNotReady: 'MediaPipe not initialized yet.',
      playInterrupted: 'Video play interrupted',
    });
  });

  it('serves samples under /videos/pushups/ and the runtime from the app, never a CDN', () => {
    expect(`${SAMPLE_VIDEO_BASE_URL}/${SAMPLE_VIDEO_FOLDERS.pushup}/`).toBe('/videos/pushups/');
    for (const url of [POSE_WASM_BASE_URL, POSE_MODEL_BASE_URL, poseModelUrl('lite')]) {
      expect(url.startsWith('/')).toBe(true);
      expect(url).not.toMatch(/^\/\//);
    }
    expect(poseModelUrl('full')).toBe(`${POSE_MODEL_BASE_URL}/pose_landmarker_full.task`);
  });
});

describe('video loading (spec 01 §4)', () => {
  it('uses the duration workaround for infinite, zero and unknown durations only', () => {
    expect(needsDurationWorkaround(Number.POSITIVE_INFINITY)).toBe(true);
    expect(needsDurationWorkaround(0)).toBe(true);
    expect(needsDurationWorkaround(Number.NaN)).toBe(true);
    expect(needsDurationWorkaround(9.03)).toBe(false);
    expect(isUsableDuration(9.03)).toBe(true);
    expect(isUsableDuration(Number.POSITIVE_INFINITY)).toBe(false);
  });

  it('waits 500 ms, seeks to 999999 s and gives up after 10 s with the spec message', () => {
    expect(DURATION_WORKAROUND).toEqual({
      delayMs: 500,
      seekToS: 999_999,
      timeoutMs: 10_000,
      timeoutMessage: 'Duration hack timeout.',
    });
  });

  it('accepts video files only', () => {
    expect(isVideoFile({ type: 'video/mp4' })).toBe(true);
    expect(isVideoFile({ type: 'video/webm' })).toBe(true);
    expect(isVideoFile({ type: 'text/plain' })).toBe(false);
    expect(isVideoFile({ type: 'image/png' })).toBe(false);
    expect(isVideoFile({ type: '' })).toBe(false);
  });
});

describe('playback controls', () => {
  it('steps one frame of 1/30 s, within the video', () => {
    expect(steppedTime(1, 1, 10)).toBeCloseTo(1 + 1 / 30, 12);
    expect(steppedTime(1, -1, 10)).toBeCloseTo(1 - 1 / 30, 12);
    expect(steppedTime(0.01, -1, 10)).toBe(0);
    expect(steppedTime(9.99, 1, 10)).toBe(10);
    expect(steppedTime(5, 1, Number.POSITIVE_INFINITY)).toBeCloseTo(5 + 1 / 30, 12);
  });

  it('stops rep-only playback at the rep end', () => {
    expect(repPlaybackFinished(1.2, 1300)).toBe(false);
    expect(repPlaybackFinished(1.3, 1300)).toBe(true);
    expect(repPlaybackFinished(1.4, 1300)).toBe(true);
  });

  it('never lets playback run ahead of the analysis', () => {
    expect(playbackGate(1000, 999, false)).toBe('wait');
    expect(playbackGate(1000, 1000, false)).toBe('play');
    expect(playbackGate(1000, 1500, false, 1000)).toBe('wait');
    expect(playbackGate(1000, 2000, false, 1000)).toBe('play');
    expect(playbackGate(5000, 0, true)).toBe('play');
  });

  it('resumes after waiting with enough lead that playback need not stop again', () => {
    expect(resumeLeadMs(8000, 1.5)).toBe(1000);
    expect(resumeLeadMs(8000, null)).toBe(1000);
    // Analysis at half speed: playback gains half of the remaining 8 s.
    expect(resumeLeadMs(8000, 0.5)).toBe(4000);
    expect(resumeLeadMs(1000, 0.5)).toBe(1000);
    expect(resumeLeadMs(Number.NaN, 0.5)).toBe(1000);
  });

  it("reports an interrupted play() as 'Video play interrupted' and resets when aborted", () => {
    const aborted = new DOMException(
      'The play() request was interrupted by a call to pause().',
      'AbortError',
    );
    expect(playFailure(aborted)).toEqual({ message: 'Video play interrupted', reset: true });
    const other = playFailure(new DOMException('not allowed', 'NotAllowedError'));
    expect(other.reset).toBe(false);
    expect(other.message).toBe('Video play interrupted: not allowed');
  });
});

describe('sample videos', () => {
  it('names a fixture file for the dropdown', () => {
    expect(sampleVideoName('08-tank-top-side.mp4')).toBe('08 Tank top side');
    expect(sampleVideoName('clip_a.mp4')).toBe('Clip a');
  });

  const sample = {
    url: '/videos/pushups/08-tank-top-side.mp4',
    name: '08 Tank top side',
    exercise: 'pushup',
    view: 'side',
    durationS: 9.03,
    width: 640,
    height: 360,
  };

  it('reads a valid index and rejects a broken one, naming the entry', () => {
    expect(parseSampleVideoIndex([sample])).toEqual([sample]);
    expect(() => parseSampleVideoIndex({})).toThrow(SampleVideoIndexError);
    expect(() => parseSampleVideoIndex([sample, { ...sample, exercise: 'lunge' }])).toThrow(
      /sample video 1/,
    );
  });

  it('lists push-ups before squats', () => {
    const squat = { ...sample, url: '/videos/squats/a.mp4', exercise: 'squat' as const };
    const groups = groupSampleVideos([squat, sample as typeof squat & { exercise: 'pushup' }]);
    expect(groups.map((g) => g.exercise)).toEqual(['pushup', 'squat']);
  });
});
