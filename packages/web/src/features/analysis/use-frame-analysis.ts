/// <reference lib="dom" />
/**
 * The analysis behind one video instance: its own pose detector per video (never shared: VIDEO
 * mode tracks the person from frame to frame), every frame's detection, and the analyser run over
 * them. The
 * detections are kept, so a new definition re-runs only the analyser (milliseconds), not the model.
 */
import type { ExerciseDefinition } from '@reptemple/definitions';
import type { PoseDetection, PoseDetector } from '@reptemple/pose-sdk/browser';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AnalysisRun } from './analysis-run';
import type { ServedPoseModel } from './constants';
import { detectEveryFrame, type FrameSourceKind } from './frame-source';
import { loadPoseDetector, loadPoseModelBytes } from './pose-runtime';

/** How often (ms) progress reaches React while frames are being analysed. */
const PROGRESS_RENDER_INTERVAL_MS = 100;

export interface FrameAnalysis {
  /** The pose model is loaded; playback may start (spec 01 §4). */
  readonly modelReady: boolean;
  readonly run: AnalysisRun | null;
  /** Every frame of the video has been analysed. */
  readonly done: boolean;
  readonly kind: FrameSourceKind | null;
  /** Media seconds analysed per second of wall-clock time so far (null before the first frame). */
  readonly speed: number | null;
  /** Analysed frames per second of wall-clock time over the whole video, once done. */
  readonly framesPerSecond: number | null;
  readonly error: string | null;
  /** Bumped whenever `run` has new frames, so the screen re-renders. */
  readonly version: number;
  /** Forgets everything and analyses the video again from its first frame. */
  restart(): void;
}

function definitionKey(definition: ExerciseDefinition | null | undefined): string {
  return definition ? JSON.stringify(definition) : 'pushup';
}

export function useFrameAnalysis(
  src: string | undefined,
  definition: ExerciseDefinition | null | undefined,
  model: ServedPoseModel,
): FrameAnalysis {
  const [modelReady, setModelReady] = useState(false);
  const modelRef = useRef(model);
  modelRef.current = model;
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const [restartToken, setRestartToken] = useState(0);
  const [kind, setKind] = useState<FrameSourceKind | null>(null);
  const [done, setDone] = useState(false);
  const [framesPerSecond, setFramesPerSecond] = useState<number | null>(null);
  const detections = useRef<PoseDetection[]>([]);
  const frameSize = useRef<{ width: number; height: number } | null>(null);
  const sourceDone = useRef(false);
  const speed = useRef<number | null>(null);
  const runRef = useRef<AnalysisRun | null>(null);
  const definitionRef = useRef(definition);
  definitionRef.current = definition;
  const key = definitionKey(definition);

  // The model's bytes start downloading as soon as the instance appears.
  useEffect(() => {
    loadPoseModelBytes(model).catch(() => {
      // Reported by the detection effect, which asks again and shows the error.
    });
  }, [model]);

  const bump = useCallback(() => setVersion((v) => v + 1), []);

  /** A fresh analyser over the detections so far (a new definition or a new video). */
  const rebuildRun = useCallback(() => {
    const size = frameSize.current;
    if (!size) {
      runRef.current = null;
      return;
    }
    // The model that made the detections: the SDK calibrates its measurements per model.
    const run = new AnalysisRun(definitionRef.current ?? null, size, modelRef.current);
    for (const detection of detections.current) run.add(detection);
    if (sourceDone.current) run.finish();
    runRef.current = run;
  }, []);

  // A new definition: same frames, new analyser.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the definition's content; the ref holds the object
  useEffect(() => {
    rebuildRun();
    bump();
  }, [key, rebuildRun, bump]);

  // Detect every frame of the video, in order.
  // biome-ignore lint/correctness/useExhaustiveDependencies: restartToken re-runs the detection on purpose
  useEffect(() => {
    detections.current = [];
    frameSize.current = null;
    sourceDone.current = false;
    speed.current = null;
    runRef.current = null;
    setDone(false);
    setFramesPerSecond(null);
    setKind(null);
    setError(null);
    setModelReady(false);
    bump();
    if (!src) return;
    const controller = new AbortController();
    let detector: PoseDetector | null = null;
    let lastRender = 0;
    const run = async () => {
      // A NEW detector for every video and every restart: a fresh graph gives exactly the
      // landmarks the CLI's fresh graph gives, whatever this instance analysed before (a reset
      // graph is only equal to 1e-4 px, and where the previous video stopped would matter).
      const created = await loadPoseDetector({ model });
      if (controller.signal.aborted) {
        created.close();
        return;
      }
      detector = created;
      setModelReady(true);
      const started = performance.now();
      const result = await detectEveryFrame(
        src,
        detector,
        {
          onFrameSize(size, sourceKind) {
            frameSize.current = size;
            setKind(sourceKind);
            rebuildRun();
          },
          onDetection(detection) {
            detections.current.push(detection);
            runRef.current?.add(detection);
            const now = performance.now();
            const first = detections.current[0]!.timestampMs;
            if (now > started) speed.current = (detection.timestampMs - first) / (now - started);
            if (now - lastRender >= PROGRESS_RENDER_INTERVAL_MS) {
              lastRender = now;
              bump();
            }
          },
        },
        controller.signal,
      );
      if (controller.signal.aborted) return;
      sourceDone.current = true;
      runRef.current?.finish();
      setKind(result.kind);
      setFramesPerSecond((result.frames * 1000) / (performance.now() - started));
      setDone(true);
      bump();
    };
    run().catch((cause: unknown) => {
      if (controller.signal.aborted) return;
      setError(cause instanceof Error ? cause.message : String(cause));
    });
    return () => {
      controller.abort();
      // The loop checks the signal before every detect(), so closing now is safe.
      detector?.close();
    };
  }, [src, model, restartToken, rebuildRun, bump]);

  const restart = useCallback(() => setRestartToken((t) => t + 1), []);

  return useMemo(
    () => ({
      modelReady,
      run: runRef.current,
      done,
      kind,
      speed: speed.current,
      framesPerSecond,
      error,
      version,
      restart,
    }),
    // `version` marks changes inside runRef.
    [modelReady, done, kind, framesPerSecond, error, version, restart],
  );
}
