// Why one rep differs between the live count and the verification, in words, as far as the data
// tells (issue 26, issue 24). Pure.

import { VERIFICATION } from '../messages';
import type { LiveAttempt, LiveRep } from './live-attempt';
import {
  checkOfRule,
  checkValueText,
  degreesText as degrees,
  failedCheck,
  repChecksOf,
  ruleLabel,
  ruleValueText,
} from './rep-checks';
import type { RepDifference, VerifiedRep } from './rep-comparison';
import { videoTime } from './video-time';

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
      const compared = decidingRuleCompared(rep, verified);
      if (compared) {
        lines.push(compared);
        return lines;
      }
      // A verification from before the checks were kept: what each side says of its own.
      if (rep.deciding)
        lines.push(
          VERIFICATION.liveDeciding(
            ruleLabel(rep.deciding.rule),
            ruleValueText(rep.deciding.rule, rep.deciding.value),
            rep.deciding.bound,
            ruleValueText(rep.deciding.rule, rep.deciding.threshold),
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

/**
 * The rule that failed the rep on the side that failed it, as both sides measured it: the live
 * value against the value in the video (the numbers each rule used, with the frame), and the
 * threshold. Null when the verification kept no checks or the failing side named no failed check.
 */
function decidingRuleCompared(live: LiveRep, verified: VerifiedRep): string | null {
  const verifiedChecks = repChecksOf(verified.checks);
  if (verifiedChecks === null) return null;
  const failing = live.isValid ? failedCheck(verifiedChecks) : failedCheck(live.checks);
  if (!failing) return null;
  const liveCheck = checkOfRule(live.checks, failing.rule);
  const videoCheck = checkOfRule(verifiedChecks, failing.rule);
  return VERIFICATION.ruleCompared(
    ruleLabel(failing.rule),
    liveCheck ? checkValueText(liveCheck) : null,
    videoCheck ? checkValueText(videoCheck) : null,
    videoCheck?.timeMs == null ? null : videoTime(videoCheck.timeMs),
    failing.bound,
    ruleValueText(failing.rule, failing.threshold),
  );
}
