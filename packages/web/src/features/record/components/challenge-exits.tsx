import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { RECORD } from '../messages';

/** Where to go from a record page that takes no attempt now: the leaderboard, or the challenges. */
export function ChallengeExits(props: {
  challengeId: string;
  first?: 'leaderboard' | 'challenges';
}) {
  const leaderboard = (
    <Link
      key="leaderboard"
      to={`/challenge/${props.challengeId}/leaderboard`}
      className={buttonClasses(props.first === 'challenges' ? 'secondary' : 'primary')}
    >
      {RECORD.viewLeaderboard}
    </Link>
  );
  const challenges = (
    <Link
      key="challenges"
      to="/challenges"
      className={buttonClasses(props.first === 'challenges' ? 'primary' : 'secondary')}
    >
      {RECORD.backToChallenges}
    </Link>
  );
  return (
    <>{props.first === 'challenges' ? [challenges, leaderboard] : [leaderboard, challenges]}</>
  );
}
