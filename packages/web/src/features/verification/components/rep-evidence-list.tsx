import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { SupabaseClient } from '../../../data/supabase-client';
import { useMediaAccessToken } from '../data/media-access';
import { verificationQueries } from '../data/queries';
import { VERIFICATION } from '../messages';
import { RepEvidenceItem } from './rep-evidence-item';

/** Reps listed before 'Show all N reps'. */
export const REPS_SHOWN_FIRST = 10;

/** Why each rep counted or not, one compact line a rep that opens to its pictures; the first ten,
 * then all on request. */
export function RepEvidenceList(props: { client: SupabaseClient; recordingId: string }) {
  const evidence = useQuery(verificationQueries.evidence(props.client, props.recordingId));
  const [showAll, setShowAll] = useState(false);
  // The sheets of hidden results are the participant's and admins' only: sent with the token.
  const accessToken = useMediaAccessToken(props.client);
  if (evidence.isPending || accessToken === undefined) return null;
  if (evidence.isError)
    return <p className="text-sm text-danger">{VERIFICATION.evidenceLoadFailed}</p>;
  const reps = evidence.data;
  if (reps.length === 0) return <p className="text-sm text-muted">{VERIFICATION.evidenceEmpty}</p>;
  const shown = showAll ? reps : reps.slice(0, REPS_SHOWN_FIRST);
  return (
    <>
      <ol aria-label={VERIFICATION.evidenceTitle} className="grid gap-1.5">
        {shown.map((rep) => (
          <RepEvidenceItem
            key={rep.rep_number}
            recordingId={props.recordingId}
            rep={rep}
            accessToken={accessToken}
          />
        ))}
      </ol>
      {reps.length > REPS_SHOWN_FIRST ? (
        <Button variant="outline" className="mt-3" onClick={() => setShowAll((value) => !value)}>
          {showAll ? VERIFICATION.fewerReps : VERIFICATION.allReps(reps.length)}
        </Button>
      ) : null}
    </>
  );
}
