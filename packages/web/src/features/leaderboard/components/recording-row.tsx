import { Film, Share2, Video } from 'lucide-react';
import { Link } from 'react-router';
import { useAuth } from '../../../auth/auth-provider';
import { CountOrHidden, HiddenValue } from '../../../components/hidden-count';
import { buttonClasses } from '../../../components/ui/button';
import type { LeaderboardEntry } from '../../../data/challenges/leaderboard';
import { formatDuration } from '../../../lib/duration';
import { VerificationBadge } from '../../verification/components/verification-badge';
import { useMediaAccessToken, withAccessToken } from '../../verification/data/media-access';
import { LEADERBOARD } from '../constants';
import { EntryName } from './entry-name';
import { RankBadge } from './rank-badge';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const GIF_CLASSES = 'h-12 w-16 shrink-0 rounded-md bg-surface-raised object-cover';

/** The viewer's own GIF: in a duel whose results are hidden it is theirs only, sent with their
 * token (features/verification/data/media-access). */
function OwnGif(props: { src: string; name: string }) {
  const { supabase } = useAuth();
  const accessToken = useMediaAccessToken(supabase);
  if (accessToken === undefined) return <span className={GIF_CLASSES} />;
  return (
    <img
      src={withAccessToken(props.src, accessToken)}
      alt={`${props.name}'s attempt`}
      loading="lazy"
      width={64}
      height={48}
      className={GIF_CLASSES}
    />
  );
}

function AttemptGif(props: { src: string; own: boolean; name: string }) {
  if (props.own) return <OwnGif src={props.src} name={props.name} />;
  return (
    <img
      src={props.src}
      alt={`${props.name}'s attempt`}
      loading="lazy"
      width={64}
      height={48}
      className={GIF_CLASSES}
    />
  );
}

/** A recording row (spec 02 §2): rank, GIF, name, Video badge, date, valid reps, duration, invalid
 * reps when above 0, Shares when there is a video, and Watch. An entry that does not rank (its
 * claim waits for the verification) shows its claim as a claim and no rank; one whose results are
 * hidden shows neither count nor length, and no Watch (its id is withheld). */
export function RecordingRow(props: { challengeId: string; entry: LeaderboardEntry }) {
  const { entry } = props;
  return (
    <li
      className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-xl border border-line bg-surface p-3 sm:flex-nowrap sm:p-4 data-[own=true]:border-gold/60"
      data-own={entry.is_own}
      data-testid="leaderboard-row"
    >
      <RankBadge rank={entry.rank} unranked={!entry.ranked} />
      {entry.gif_url ? (
        <AttemptGif src={entry.gif_url} own={entry.is_own} name={entry.name} />
      ) : (
        <span
          aria-hidden="true"
          className="flex h-12 w-16 shrink-0 items-center justify-center rounded-md bg-surface-raised text-muted"
        >
          <Film className="size-5" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <EntryName name={entry.name} isOwn={entry.is_own} className="flex-wrap">
          {entry.video_url ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-surface-raised px-2 py-0.5 text-xs text-muted">
              <Video aria-hidden="true" className="size-3" />
              {LEADERBOARD.video}
            </span>
          ) : null}
          {/* Every count says whether it is verified (issue 26): a check for a verified one. */}
          {entry.verification_status ? (
            <VerificationBadge status={entry.verification_status} compact />
          ) : null}
        </EntryName>
        <p className="mt-0.5 text-xs text-muted">
          <time dateTime={entry.created_at}>{dateFormat.format(new Date(entry.created_at))}</time>
          {entry.referral_count > 0
            ? ` · ${entry.referral_count} ${entry.referral_count === 1 ? 'referral' : 'referrals'}`
            : null}
        </p>
      </div>
      <dl className="flex w-full items-center gap-4 text-sm sm:w-auto sm:gap-5">
        <div className="text-center sm:w-16">
          <dt className="text-xs text-muted">Valid reps</dt>
          {!entry.ranked && entry.claimed_valid_reps !== null ? (
            <dd className="text-sm font-semibold text-muted" data-testid="claimed-reps">
              {LEADERBOARD.claimed(entry.claimed_valid_reps)}
            </dd>
          ) : (
            <dd className="text-xl font-bold text-gold-bright" data-testid="valid-reps">
              <CountOrHidden value={entry.valid_reps} />
            </dd>
          )}
        </div>
        <div className="text-center sm:w-12">
          <dt className="text-xs text-muted">Time</dt>
          <dd className="font-semibold">
            {entry.duration_seconds === null ? (
              <HiddenValue standIn="1:00" />
            ) : (
              formatDuration(entry.duration_seconds)
            )}
          </dd>
        </div>
        {entry.invalid_reps !== null && entry.invalid_reps > 0 ? (
          <div className="text-center sm:w-12">
            <dt className="text-xs text-muted">Invalid</dt>
            <dd className="font-semibold text-danger">{entry.invalid_reps}</dd>
          </div>
        ) : (
          // Keeps the columns of the rows in line on wide screens.
          <div aria-hidden="true" className="hidden sm:block sm:w-12" />
        )}
        {entry.video_url ? (
          <div className="text-center sm:w-12">
            <dt className="text-xs text-muted">Shares</dt>
            <dd className="inline-flex items-center gap-1 font-semibold">
              <Share2 aria-hidden="true" className="size-3.5 text-muted" />
              {entry.share_count}
            </dd>
          </div>
        ) : null}
      </dl>
      {entry.recording_id ? (
        <Link
          to={`/challenge/${props.challengeId}/recording/${entry.recording_id}`}
          className={`${buttonClasses('secondary', 'sm')} w-full sm:w-auto`}
          aria-label={`${LEADERBOARD.watch}: ${entry.name}`}
        >
          {LEADERBOARD.watch}
        </Link>
      ) : null}
    </li>
  );
}
