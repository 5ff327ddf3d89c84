/**
 * The one place that turns "which analyser" into a running analyser, for every host: the CLI, the
 * web app's video analysis, a live camera loop and the server's verification all build theirs
 * here, so the same choice gives the same analyser, options included, wherever it runs.
 */
import {
  DefinitionAnalyzer,
  type DefinitionAnalyzerOptions,
} from '../definition/definition-analyzer.js';
import type { DefinitionPhase, PushupPhase, RepAnalyzer, RepRecord } from '../events.js';
import type { PoseModelVariant } from '../pose-model.js';
import { PushupAnalyzer, type PushupAnalyzerOptions } from '../pushup/pushup-analyzer.js';
import type { FrameSize } from '../types.js';

/** The fixed push-up analyser, with any of its options but the frame size. */
export type PushupChoice = { readonly kind: 'pushup' } & Omit<PushupAnalyzerOptions, 'frameSize'>;

/** The definition-driven analyser for a normalised definition, with any of its other options. */
export type DefinitionChoice = { readonly kind: 'definition' } & Omit<
  DefinitionAnalyzerOptions,
  'frameSize'
>;

/**
 * Which analyser to run and how: everything but the frame size, which a host knows only once it
 * has the video (or camera) in hand.
 */
export type AnalyzerChoice = PushupChoice | DefinitionChoice;

/** What the video gives every analyser. */
export interface AnalyzerFrameOptions {
  /** Pixel size of the frames the landmarks are normalised to (angles are measured in pixels). */
  readonly frameSize: FrameSize;
  /**
   * The BlazePose model that made the landmarks (default 'full'): measurements are calibrated
   * per model (core/calibration). Hosts know it: the CLI's --model, a trace's header, the
   * browser's loaded model, the server's verification model.
   */
  readonly model?: PoseModelVariant;
}

/** The phases either analyser reports. */
export type AnalyzerPhase = PushupPhase | DefinitionPhase;

/** Either analyser, seen through what both offer. */
export type AnyRepAnalyzer = RepAnalyzer<AnalyzerPhase, RepRecord>;

/**
 * A fresh analyser for `choice`, ready for the first frame. Feed it frame by frame
 * (`process(frame)`, then `finish()` after the last frame) from a camera or a decoder, or give it
 * a whole recording with `analyseFrames`. Options are checked here (`OptionsError`,
 * `DefinitionError`), before any frame.
 */
export function createAnalyzer(choice: PushupChoice, options: AnalyzerFrameOptions): PushupAnalyzer;
export function createAnalyzer(
  choice: DefinitionChoice,
  options: AnalyzerFrameOptions,
): DefinitionAnalyzer;
export function createAnalyzer(
  choice: AnalyzerChoice,
  options: AnalyzerFrameOptions,
): AnyRepAnalyzer;
export function createAnalyzer(
  choice: AnalyzerChoice,
  options: AnalyzerFrameOptions,
): AnyRepAnalyzer {
  const { frameSize, model } = options;
  if (choice.kind === 'pushup') {
    const { kind: _pushup, ...pushupOptions } = choice;
    return new PushupAnalyzer({ ...pushupOptions, frameSize, ...(model ? { model } : {}) });
  }
  const { kind: _definition, ...definitionOptions } = choice;
  return new DefinitionAnalyzer({ ...definitionOptions, frameSize, ...(model ? { model } : {}) });
}
