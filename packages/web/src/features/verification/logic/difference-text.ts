// Why one rep differs between the live count and the verification, in words, as far as the data
// tells (issue 26, issue 24). Pure.

import { VERIFICATION } from '../messages';
import type { LiveAttempt } from './live-attempt';
import type { RepDifference } from './rep-comparison';

const DEGREE_RULES = new Set(['lockout', 'depth', 'bodyLine', 'phases']);

function measured(rule: string, value: number): string {
  if (DEGREE_RULES.has(rule)) return `${Math.round(value)}°`;
  if (rule === 'alignment') return `${Math.round(value)}%`;
  return String(Math.round(value * 100) / 100);
}

const degrees = (angle: number | null) => (angle === null ? '–' : `${Math.round(angle)}°`);

/** The rep's time in the video: m:ss.s */
export function videoTime(ms: number): string {
  const seconds = Math.max(0, ms) / 1000;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${(seconds - minutes * 60).toFixed(1).padStart(4, '0')}`;
}

/** The sentences that say why this rep differs. */
export function differenceText(difference: RepDifference, live: LiveAttempt): string[] {
  switch (difference.kind) {
    case 'missed-live': {
      const lines = [
        VERIFICATION.missedLive(live.analysedFps === null ? null : Math.round(live.analysedFps)),
      ];
      const { verified } = difference;
      if (!verified.is_valid && verified.invalid_reason)
        lines.push(`${VERIFICATION.failed}: ${verified.invalid_reason}.`);
      return lines;
    }
    case 'not-in-video':
      return [VERIFICATION.notInVideo(difference.live.isValid, videoTime(difference.live.startMs))];
    case 'verdict': {
      const { live: rep, verified } = difference;
      const lines = rep.isValid
        ? [VERIFICATION.liveValidVerifiedNot(verified.invalid_reason ?? 'not a valid rep')]
        : [VERIFICATION.liveNotVerifiedValid(rep.invalidReason)];
      if (rep.deciding)
        lines.push(
          VERIFICATION.liveDeciding(
            rep.deciding.rule,
            measured(rep.deciding.rule, rep.deciding.value),
            rep.deciding.bound,
            measured(rep.deciding.rule, rep.deciding.threshold),
          ),
        );
      if (verified.bottom_angle !== null || verified.top_angle !== null)
        lines.push(
          VERIFICATION.verifiedAngles(
            verified.angle_name,
            degrees(verified.bottom_angle),
            degrees(verified.top_angle),
          ),
        );
      return lines;
    }
  }
}
