import { writeFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { createPoseEngine } from '@reptemple/pose-sdk/node';
import {
  DEFAULT_VERIFICATION_MODEL,
  type VideoVerification,
  verificationFps,
  verifyVideo,
} from '@reptemple/verifier';
import type { Command } from 'commander';
import { z } from 'zod';
import type { CommandContext } from '../context.js';
import { resolveAnalyser } from '../core/analyser.js';
import { formatRepTable, renderJudgeReport } from '../core/judge-report.js';
import { ANALYSER_CHOICES, exerciseOption, MODEL_CHOICES, parseOptions } from '../core/options.js';
import { bar, ProgressLine, startingWorkersText } from '../core/progress.js';
import { EXIT, type ExitCode } from '../errors.js';

const judgeOptions = z.object({
  exercise: exerciseOption,
  definition: z.string().optional(),
  analyser: z
    .enum(ANALYSER_CHOICES, { error: () => 'expected --analyser pushup or definition' })
    .optional(),
  // Verification's defaults: its model at the analyser's verification rate.
  model: z
    .enum(MODEL_CHOICES, { error: () => 'expected --model lite, full or heavy' })
    .default(DEFAULT_VERIFICATION_MODEL),
  fps: z.coerce
    .number({ error: () => 'expected --fps to be a number (0 for every frame)' })
    .min(0, { error: () => 'expected --fps to be 0 (every frame) or above' })
    .max(240, { error: () => 'expected --fps to be at most 240' })
    .optional(),
  out: z
    .string()
    .min(1, { error: () => 'expected --out to name a file' })
    .optional(),
  json: z.boolean().optional(),
});

/** What the refinement of a sampled pass looked at, for the summary line. */
function refinementNote(refinement: VideoVerification['refinement']): string {
  if (refinement === null || refinement.windows.length === 0) return '';
  const { sampled } = refinement;
  return `, ${refinement.frames} frames at the video's own rate around ${refinement.windows.length} close moments; the sampled pass alone: ${sampled.validReps} valid, ${sampled.invalidReps} invalid`;
}

export function registerJudge(
  program: Command,
  context: CommandContext,
  setExitCode: (code: ExitCode) => void,
): void {
  program
    .command('judge')
    .description(
      'verify one video as the server does: per-rep table, and an HTML report with frames, the angle over time and the reasons',
    )
    .argument('<video>', 'a video file')
    .option('--exercise <id>', 'built-in exercise to count', 'pushup')
    .option(
      '--definition <file>',
      'an exercise-definition JSON file (runs the definition analyser)',
    )
    .option('--analyser <kind>', 'pushup (the fixed push-up analyser) or definition')
    .option('--model <variant>', 'pose model: lite, full or heavy', DEFAULT_VERIFICATION_MODEL)
    .option(
      '--fps <n>',
      "frames per second analysed (default: the server's verification rate; 0 for every frame)",
    )
    .option(
      '--out <file>',
      'where to write the HTML report (default: <video name>.judge.html here)',
    )
    .option('--json', 'print the verification as JSON instead of the table')
    .addHelpText(
      'after',
      `
Examples:
  $ reptemple judge submission.webm                          table + submission.judge.html
  $ reptemple judge clip.mp4 --model full --fps 0 --out report.html
  $ reptemple judge squat.mp4 --exercise squat --json

With no options, the result is the server's verification of the same file (full model, push-ups
at ${verificationFps({ kind: 'pushup' })} frames per second with the reps' close moments looked at
again at the video's own rate, definitions at every frame).`,
    )
    .action(async (video: string, raw: Record<string, unknown>) => {
      const options = parseOptions(judgeOptions, raw);
      const spec = await resolveAnalyser({
        analyser: options.analyser,
        exercise: options.exercise,
        definitionPath: options.definition,
        cwd: context.cwd,
      });
      const progress = new ProgressLine(context);
      progress.update(startingWorkersText(1), true);
      const engine = await createPoseEngine({ model: options.model, workers: 1 });
      try {
        const file = resolve(context.cwd, video);
        const verification = await verifyVideo(engine, file, {
          choice: spec.choice,
          ...(options.fps !== undefined ? { fps: options.fps } : {}),
          signal: context.signal,
          onProgress: (done, expected) =>
            progress.update(
              `${bar(expected > 0 ? done / expected : 0)} ${done}/${expected} frames ${basename(video)}`,
            ),
        });
        progress.clear();
        const out = resolve(context.cwd, options.out ?? `${basename(video)}.judge.html`);
        await writeFile(
          out,
          renderJudgeReport({
            video: basename(video),
            analyser: spec.description,
            verification,
            createdAt: new Date().toISOString(),
          }),
        );
        const { analysis } = verification;
        // The counts and the report stand; the judge learns which reps have no picture, and why.
        for (const failure of verification.contactSheetFailures) {
          context.stderr(
            `warning: rep ${failure.repNumber} has no contact sheet (${failure.reason})\n`,
          );
        }
        if (options.json) {
          context.stdout(
            `${JSON.stringify(
              {
                video,
                valid_reps: analysis.validReps,
                invalid_reps: analysis.invalidReps,
                model: verification.model,
                fps: verification.fps ?? null,
                frames: verification.timing.frames,
                refinement: verification.refinement,
                reps: analysis.reps,
                report: out,
              },
              null,
              2,
            )}\n`,
          );
        } else {
          context.stdout(
            `${basename(video)}: ${analysis.validReps} valid, ${analysis.invalidReps} invalid (${spec.description}, ${verification.model} model, ${verification.fps === undefined ? 'every frame' : `${verification.fps} fps`}${refinementNote(verification.refinement)})\n\n`,
          );
          if (analysis.reps.length > 0) context.stdout(`${formatRepTable(analysis.reps)}\n\n`);
          context.stdout(`report: ${out}\n`);
        }
        setExitCode(EXIT.ok);
      } finally {
        progress.clear();
        await engine.close();
      }
    });
}
