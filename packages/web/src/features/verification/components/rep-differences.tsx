import { useQuery } from '@tanstack/react-query';
import { GitCompareArrows } from 'lucide-react';
import type { SupabaseClient } from '../../../data/supabase-client';
import { useMediaAccessToken } from '../data/media-access';
import { verificationQueries } from '../data/queries';
import { differenceText } from '../logic/difference-text';
import type { LiveAttempt } from '../logic/live-attempt';
import { compareReps } from '../logic/rep-comparison';
import { videoTime } from '../logic/video-time';
import { VERIFICATION } from '../messages';
import { RepEvidenceItem } from './rep-evidence-item';

/** Where the verification differs from the live count: by how much, and each rep that differs,
 * with its pictures and why (as far as the data tells). Nothing when they agree rep by rep. */
export function RepDifferences(props: {
  client: SupabaseClient;
  recordingId: string;
  live: LiveAttempt;
  verifiedValid: number;
}) {
  const { live } = props;
  const evidence = useQuery(verificationQueries.evidence(props.client, props.recordingId));
  // The sheets of hidden results are the participant's and admins' only: sent with the token.
  const accessToken = useMediaAccessToken(props.client);
  if (!evidence.data || evidence.data.length === 0 || accessToken === undefined) return null;
  const repsStored = live.reps.length === live.validReps + live.invalidReps;
  const comparison = repsStored ? compareReps(live, evidence.data) : null;
  if (comparison && comparison.differences.length === 0) return null;
  if (!comparison && props.verifiedValid === live.validReps) return null;
  return (
    <section
      aria-labelledby="differences-title"
      className="mt-8 rounded-xl border border-gold/30 bg-surface p-4 sm:p-6"
    >
      <h2 id="differences-title" className="flex items-center gap-2 text-lg font-semibold">
        <GitCompareArrows aria-hidden="true" className="size-5 text-gold" />
        {VERIFICATION.differsTitle}
      </h2>
      <p className="mt-2 text-muted" data-testid="differs-summary">
        {VERIFICATION.differsSummary(props.verifiedValid, live.validReps)}
      </p>
      {comparison ? (
        <ol className="mt-4 grid gap-2">
          {comparison.differences.map((difference) =>
            difference.kind === 'not-in-video' ? (
              <li
                key={`live-${difference.live.startMs}`}
                data-testid="live-only-rep"
                className="rounded-lg border border-line bg-surface-raised px-3 py-2.5 text-sm"
              >
                <span className="font-semibold">
                  {VERIFICATION.countedLive} · {videoTime(difference.live.startMs)}
                </span>
                <p className="mt-1 text-ink/90">{differenceText(difference, live).join(' ')}</p>
              </li>
            ) : (
              <RepEvidenceItem
                key={difference.verified.rep_number}
                recordingId={props.recordingId}
                accessToken={accessToken}
                rep={
                  evidence.data.find((rep) => rep.rep_number === difference.verified.rep_number)!
                }
                notes={differenceText(difference, live)}
                defaultOpen
              />
            ),
          )}
        </ol>
      ) : (
        <p className="mt-3 text-sm text-muted">{VERIFICATION.liveRepsMissing}</p>
      )}
    </section>
  );
}
