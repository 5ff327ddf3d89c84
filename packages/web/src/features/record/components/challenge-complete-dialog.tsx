import { useQuery } from '@tanstack/react-query';
import { BadgeCheck } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../../auth/auth-provider';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { recordingViewQueries } from '../../recording-view/data/queries';
import { VerificationProgressNote } from '../../verification/components/verification-progress-note';
import { VERIFICATION } from '../../verification/messages';
import { RECORD } from '../messages';

/** Once the server has verified the attempt: its verified count against the live one, and the
 * way to the recording view, where the reps that differ are shown. */
function VerifiedResult(props: { challengeId: string; recordingId: string; liveValid: number }) {
  const { supabase } = useAuth();
  const view = useQuery(recordingViewQueries.view(supabase, props.challengeId, props.recordingId));
  const verified = view.data?.recording?.valid_reps;
  if (verified === undefined || verified === null) return null;
  const difference = verified - props.liveValid;
  return (
    <div
      data-testid="complete-verified"
      className="rounded-lg border border-emerald-500/30 bg-emerald-500/5 p-3 text-sm"
    >
      <p className="flex flex-wrap items-center gap-x-2">
        <BadgeCheck aria-hidden="true" className="size-4 text-emerald-300" />
        <span className="font-semibold text-emerald-300">
          {VERIFICATION.verifiedValid(verified)}
        </span>
        {difference !== 0 ? (
          <span className="font-semibold text-gold-bright">
            {VERIFICATION.onTheLiveCount(difference)}
          </span>
        ) : null}
      </p>
      <Link
        to={`/challenge/${props.challengeId}/recording/${props.recordingId}`}
        className="mt-2 inline-block font-semibold text-gold hover:text-gold-bright"
      >
        {VERIFICATION.seeRepByRep}
      </Link>
    </div>
  );
}

/** After a saved attempt (spec 02 §2, §4): the result, counted live and then verified by the
 * server (issue 26: its place in the queue and the time left meanwhile), the leaderboard, and
 * NEXT USER. */
export function ChallengeCompleteDialog(props: {
  open: boolean;
  validReps: number;
  challengeId: string;
  recordingId: string;
  videoSaved: boolean;
  canResendVideo: boolean;
  busy: boolean;
  onResendVideo: () => void;
  onNextUser: () => void;
  onClose: () => void;
}) {
  const [settled, setSettled] = useState<'verified' | 'other' | null>(null);
  const onSettled = useCallback(
    (progress: { status: string }) =>
      setSettled(progress.status === 'verified' ? 'verified' : 'other'),
    [],
  );
  return (
    <ModalDialog open={props.open} onClose={props.onClose} title={RECORD.completeTitle}>
      <p className="text-center">
        <span data-testid="complete-valid" className="font-display text-6xl font-bold text-gold">
          {props.validReps}
        </span>
        <span className="mt-1 block text-muted" data-testid="complete-counted">
          {RECORD.validRepsCountedLive}
        </span>
      </p>
      {props.videoSaved ? (
        <div className="mt-4 grid gap-2">
          {settled === 'verified' ? (
            <VerifiedResult
              challengeId={props.challengeId}
              recordingId={props.recordingId}
              liveValid={props.validReps}
            />
          ) : (
            <>
              <p className="text-center text-sm text-muted" data-testid="rank-once-verified">
                {RECORD.rankOnceVerified}
              </p>
              <VerificationProgressNote recordingId={props.recordingId} onSettled={onSettled} />
            </>
          )}
        </div>
      ) : (
        <>
          <p className="mt-4 text-center text-sm text-muted" data-testid="rank-once-verified">
            {RECORD.rankOnceVideoVerified}
          </p>
          <p className="mt-4 rounded-lg border border-gold/40 bg-gold/10 p-3 text-sm">
            {RECORD.savedWithoutVideoTitle}.{' '}
            {props.canResendVideo ? 'The video is kept on this device.' : ''}
          </p>
        </>
      )}
      <div className="mt-6 grid gap-3">
        {props.canResendVideo ? (
          <Button variant="outline" onClick={props.onResendVideo} disabled={props.busy}>
            {RECORD.resendVideo}
          </Button>
        ) : null}
        <Link
          to={`/challenge/${props.challengeId}/leaderboard`}
          className={buttonClasses('secondary', 'lg')}
        >
          {RECORD.viewLeaderboard}
        </Link>
        <Button size="lg" className="h-14 text-lg" onClick={props.onNextUser} disabled={props.busy}>
          {RECORD.nextUser}
        </Button>
      </div>
    </ModalDialog>
  );
}
