import { SearchX } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { PRODUCT_NAME } from '../../../constants/messages';
import { LEADERBOARD } from '../constants';

/** 'Challenge Not Found' with Back to Challenges (spec 02 §2, §8). */
export function ChallengeNotFound() {
  useEffect(() => {
    document.title = `${LEADERBOARD.notFoundTitle} · ${PRODUCT_NAME}`;
  }, []);
  return (
    <div className="flex min-h-[60svh] flex-col items-center justify-center px-4 text-center">
      <SearchX aria-hidden="true" className="size-10 text-gold" />
      <h1 className="mt-4 font-display text-2xl font-semibold sm:text-3xl">
        {LEADERBOARD.notFoundTitle}
      </h1>
      <p className="mt-3 max-w-md text-muted">{LEADERBOARD.notFoundText}</p>
      <Link to="/challenges" className={`${buttonClasses('secondary')} mt-8`}>
        {LEADERBOARD.backToChallenges}
      </Link>
    </div>
  );
}
