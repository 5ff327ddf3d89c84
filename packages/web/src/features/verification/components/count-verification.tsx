import { BadgeCheck } from 'lucide-react';
import { VERIFICATION, type VerificationStatus } from '../messages';
import { VerificationBadge } from './verification-badge';

/** Under a count: whether it is the verified count, and by how much it differs from the live one;
 * or that it is the live count, and the verification's state. */
export function CountVerification(props: {
  status: VerificationStatus;
  /** The live count (the claim), when known. */
  liveCount: number | null;
  /** The count that stands (verified once verified). */
  count: number | null;
}) {
  const { status, liveCount, count } = props;
  if (status === 'verified')
    return (
      <p
        data-testid="count-verification"
        className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1 text-sm"
      >
        <span className="inline-flex items-center gap-1 font-semibold text-emerald-300">
          <BadgeCheck aria-hidden="true" className="size-4" />
          Verified
        </span>
        {liveCount !== null && count !== null ? (
          <span className="text-muted">
            · {VERIFICATION.liveCount(liveCount)}
            {liveCount !== count ? (
              <span className="ml-1 font-semibold text-gold-bright">
                ({VERIFICATION.difference(count - liveCount)})
              </span>
            ) : null}
          </span>
        ) : null}
      </p>
    );
  return (
    <p
      data-testid="count-verification"
      className="flex flex-wrap items-center justify-center gap-2 text-sm text-muted"
    >
      {status === 'verifying' ? <span>{VERIFICATION.countedLive}</span> : null}
      <VerificationBadge status={status} />
    </p>
  );
}
