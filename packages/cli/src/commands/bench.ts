import { basename, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { builtinDefinitions } from '@reptemple/definitions';
import {
  type AnalyzerChoice,
  createAnalyzer,
  type FrameSize,
  type PoseFrame,
} from '@reptemple/pose-sdk';
import { createPoseEngine } from '@reptemple/pose-sdk/node';
import type { Command } from 'commander';
import { z } from 'zod';
import type { CommandContext } from '../context.js';
import { fpsOption, modelOption, parseOptions } from '../core/options.js';
import { EXIT, type ExitCode } from '../errors.js';

const benchOptions = z.object({ model: modelOption, fps: fpsOption, json: z.boolean().optional() });

/** Analysis is so fast that one pass is below timer resolution: repeat it this many times. */
const ANALYSIS_REPEATS = 50;

export function registerBench(
  program: Command,
  context: CommandContext,
  setExitCode: (code: ExitCode) => void,
): void {
  program
    .command('bench')
    .description('time decode, pose inference and analysis on one video, per frame')
    .argument('<video>', 'a video file')
    .option('--model <variant>', 'pose model: lite, full or heavy', 'full')
    .option('--fps <n>', 'analyse at most n frames per second')
    .option('--json', 'print the figures as JSON')
    .addHelpText(
      'after',
      `
Examples:
  $ reptemple bench fixtures/videos/pushup/08-tank-top-side.mp4 --model lite
  $ reptemple bench clip.mp4 --fps 15 --json

The figures are from one run on this machine; repeat for a median. Decode runs in parallel with
inference, so end-to-end time per frame is close to inference alone when the pipeline is healthy.`,
    )
    .action(async (video: string, raw: Record<string, unknown>) => {
      const options = parseOptions(benchOptions, raw);
      const engine = await createPoseEngine({ model: options.model, workers: 1 });
      try {
        const result = await engine.extract(resolve(context.cwd, video), {
          fps: options.fps,
          signal: context.signal,
        });
        const frames: PoseFrame[] = result.frames;
        const pushupMs = timeAnalysis(frames, result.frameSize, 'pushup');
        const definitionMs = timeAnalysis(frames, result.frameSize, 'definition');
        const timing = result.timing;
        const videoSeconds =
          frames.length === 0
            ? 0
            : (frames[frames.length - 1]!.timestampMs - frames[0]!.timestampMs) / 1000;
        const wallSeconds = (timing.wallPerFrameMs * timing.frames) / 1000;
        const figures = {
          video: basename(video),
          width: result.video.width,
          height: result.video.height,
          videoFps: round(result.video.fps),
          model: options.model,
          sampledFps: options.fps ?? null,
          frames: timing.frames,
          decoder: timing.decoder,
          decodeMsPerFrame:
            timing.decodeCpuPerFrameMs === undefined ? null : round(timing.decodeCpuPerFrameMs),
          transferWaitMsPerFrame: round(timing.transferWaitPerFrameMs),
          imageMsPerFrame: round(timing.imagePerFrameMs),
          inferenceMsPerFrame: round(timing.inferencePerFrameMs),
          endToEndMsPerFrame: round(timing.wallPerFrameMs),
          endToEndOverInference: round(timing.wallPerFrameMs / timing.inferencePerFrameMs),
          pushupAnalysisMsPerFrame: pushupMs,
          definitionAnalysisMsPerFrame: definitionMs,
          setupMs: Math.round(timing.setupMs),
          realTimeFactor: wallSeconds === 0 ? null : round(videoSeconds / wallSeconds),
        };
        if (options.json) context.stdout(`${JSON.stringify(figures, null, 2)}\n`);
        else context.stdout(formatFigures(figures));
        setExitCode(EXIT.ok);
      } finally {
        await engine.close();
      }
    });
}

function timeAnalysis(
  frames: readonly PoseFrame[],
  frameSize: FrameSize,
  kind: 'pushup' | 'definition',
): number {
  const choice: AnalyzerChoice =
    kind === 'pushup'
      ? { kind: 'pushup' }
      : { kind: 'definition', definition: builtinDefinitions.pushup };
  const start = performance.now();
  for (let repeat = 0; repeat < ANALYSIS_REPEATS; repeat++) {
    const analyzer = createAnalyzer(choice, { frameSize });
    for (const frame of frames) analyzer.process(frame);
  }
  const perFrame = (performance.now() - start) / (ANALYSIS_REPEATS * Math.max(1, frames.length));
  return Math.round(perFrame * 1e5) / 1e5;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

function formatFigures(f: Record<string, unknown>): string {
  return [
    `video        ${f.video}: ${f.width}x${f.height} at ${f.videoFps} fps${f.sampledFps ? `, sampled at ${f.sampledFps} fps` : ''}, ${f.frames} frames analysed`,
    `model        ${f.model} (setup ${f.setupMs} ms, not counted below)`,
    f.decoder === 'page'
      ? 'decode       in the inference page with WebCodecs (H.264 MP4; runs alongside inference)'
      : `decode       ${f.decodeMsPerFrame ?? '?'} ms/frame of ffmpeg CPU time (runs alongside inference)`,
    `transfer     ${f.transferWaitMsPerFrame} ms/frame waiting for decoded frames, ${f.imageMsPerFrame} ms/frame preparing images`,
    `inference    ${f.inferenceMsPerFrame} ms/frame`,
    `analysis     ${f.pushupAnalysisMsPerFrame} ms/frame push-up analyser, ${f.definitionAnalysisMsPerFrame} ms/frame definition analyser`,
    `end to end   ${f.endToEndMsPerFrame} ms/frame = ${f.endToEndOverInference}x inference alone`,
    `real time    ${f.realTimeFactor}x (seconds of video analysed per second)`,
    '',
  ].join('\n');
}
