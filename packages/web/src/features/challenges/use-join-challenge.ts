import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../auth/auth-provider';
import { CHALLENGE_CLOSED } from '../../constants/messages';
import { JoinRefusedError, joinChallenge } from '../../data/challenges/challenges';
import { hasOwnRecording } from '../../data/recordings/recordings';
import { errorToast, toast } from '../../toast/toast-store';
import { recordPath } from '../record/record-paths';
import { DETAIL } from './messages';

/** Join Challenge (spec 02 §4 "Joinable"): a signed-in participant with a recording is told
 * 'Already joined' and stays, unless the challenge takes any number of attempts (an event: only
 * the best counts, so they go on to record again); otherwise the database joins them (a duel's
 * clock starts at the first join; a closed challenge is refused) and they go on to record. A
 * visitor who is not signed in goes straight to the record page, which registers them and joins
 * there. */
export function useJoinChallenge(
  challengeId: string,
  ref: string | null,
  unlimitedAttempts: boolean,
) {
  const { supabase, user } = useAuth();
  const navigate = useNavigate();
  const [joining, setJoining] = useState(false);

  async function join(): Promise<void> {
    const target = recordPath(challengeId, ref);
    if (!user) {
      await navigate(target);
      return;
    }
    setJoining(true);
    try {
      if (!unlimitedAttempts && (await hasOwnRecording(supabase, challengeId, user.id))) {
        toast({ title: DETAIL.alreadyJoinedTitle, description: DETAIL.alreadyJoined });
        return;
      }
      await joinChallenge(supabase, challengeId);
      await navigate(target);
    } catch (error) {
      if (error instanceof JoinRefusedError) {
        errorToast(CHALLENGE_CLOSED[error.reason], DETAIL.joinRefusedTitle);
      } else {
        console.error('Joining the challenge failed', error);
        errorToast(DETAIL.joinFailed);
      }
    } finally {
      setJoining(false);
    }
  }

  return { join, joining };
}
