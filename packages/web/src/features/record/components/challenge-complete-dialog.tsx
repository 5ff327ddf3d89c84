import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { RECORD } from '../messages';

/** After a saved attempt (spec 02 §2, §4): the result, the leaderboard, and NEXT USER. */
export function ChallengeCompleteDialog(props: {
  open: boolean;
  validReps: number;
  challengeId: string;
  videoSaved: boolean;
  canResendVideo: boolean;
  busy: boolean;
  onResendVideo: () => void;
  onNextUser: () => void;
  onClose: () => void;
}) {
  return (
    <ModalDialog open={props.open} onClose={props.onClose} title={RECORD.completeTitle}>
      <p className="text-center">
        <span data-testid="complete-valid" className="font-display text-6xl font-bold text-gold">
          {props.validReps}
        </span>
        <span className="mt-1 block text-muted">valid reps submitted</span>
      </p>
      <p className="mt-4 text-center text-sm text-muted" data-testid="rank-once-verified">
        {props.videoSaved ? RECORD.rankOnceVerified : RECORD.rankOnceVideoVerified}
      </p>
      {!props.videoSaved ? (
        <p className="mt-4 rounded-lg border border-gold/40 bg-gold/10 p-3 text-sm">
          {RECORD.savedWithoutVideoTitle}.{' '}
          {props.canResendVideo ? 'The video is kept on this device.' : ''}
        </p>
      ) : null}
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
