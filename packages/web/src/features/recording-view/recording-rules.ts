// The recording view's rules (spec 02 §9), without the DOM.

import {
  assertDefinitionCountable,
  type ExerciseDefinition,
  normalizeDefinition,
} from '@reptemple/definitions';
import type { ChallengeWithDefinition } from '../../data/challenges/challenges';
import { formatDuration } from '../../lib/duration';
import { RECORDING_VIEW, SECONDS_PER_MINUTE } from './constants';

/** Reps per minute = valid reps over seconds times 60, rounded (spec 02 §9); 0 without time. */
export function repsPerMinute(validReps: number, durationSeconds: number): number {
  if (!(durationSeconds > 0)) return 0;
  return Math.round((validReps / durationSeconds) * SECONDS_PER_MINUTE);
}

/** The caption's hashtag: the challenge name with every character that is not a letter or a
 * digit removed (spec 02 §9), '#' in front; empty when nothing is left. */
export function challengeHashtag(challengeName: string): string {
  const tag = challengeName.replace(/[^\p{L}\p{N}]/gu, '');
  return tag ? `#${tag}` : '';
}

export function shareCaption(
  validReps: number,
  durationSeconds: number,
  challengeName: string,
): string {
  return RECORDING_VIEW.caption(
    validReps,
    formatDuration(durationSeconds),
    challengeName,
    challengeHashtag(challengeName),
  );
}

/** A file name for the downloaded GIF: the participant and challenge, safe on every system. */
export function gifFileName(participantName: string, challengeName: string): string {
  const safe = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase();
  return `${[safe(participantName), safe(challengeName)].filter(Boolean).join('-') || 'recording'}.gif`;
}

export type DefinitionCheck =
  | { ok: true; definition: ExerciseDefinition }
  | { ok: false; reason: string };

/** The challenge's exercise definition, ready for the analysis; a missing or invalid one is the
 * spec's 'Configuration Error'. */
export function challengeDefinition(
  challenge: Pick<ChallengeWithDefinition, 'exercise_definitions'>,
): DefinitionCheck {
  const stored = challenge.exercise_definitions;
  if (!stored) return { ok: false, reason: 'the challenge has no exercise definition' };
  try {
    const definition = normalizeDefinition(stored.definition, `definition ${stored.id}`);
    assertDefinitionCountable(definition);
    return { ok: true, definition };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
