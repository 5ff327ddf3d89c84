import { AlertTriangle, BadgeCheck, Loader2, ShieldOff } from 'lucide-react';
import { VERIFICATION, VERIFICATION_STATUS_LABELS, type VerificationStatus } from '../messages';

const STYLES: Record<VerificationStatus, string> = {
  verifying: 'border-line text-muted',
  verified: 'border-emerald-500/40 text-emerald-400',
  no_video: 'border-line text-muted',
  failed: 'border-red-500/40 text-red-400',
};

/** A recording's verification state as a small pill (every leaderboard, the admin tables). */
export function VerificationBadge(props: { status: VerificationStatus; compact?: boolean }) {
  const { status } = props;
  const Icon =
    status === 'verified'
      ? BadgeCheck
      : status === 'verifying'
        ? Loader2
        : status === 'failed'
          ? AlertTriangle
          : ShieldOff;
  return (
    <span
      data-testid="verification-badge"
      data-status={status}
      className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs whitespace-nowrap ${STYLES[status]}`}
    >
      <Icon
        aria-hidden="true"
        className={`size-3 ${status === 'verifying' ? 'animate-spin' : ''}`}
      />
      {props.compact && status === 'verified' ? null : VERIFICATION_STATUS_LABELS[status]}
      {props.compact && status === 'verified' ? (
        <span className="sr-only">{VERIFICATION_STATUS_LABELS[status]}</span>
      ) : null}
    </span>
  );
}

/** The admin's mark on a recording whose verified total is more than one rep from the claim. */
export function FlaggedBadge(props: { count?: number }) {
  return (
    <span
      data-testid="flagged-badge"
      title={VERIFICATION.flaggedHelp}
      className="inline-flex items-center gap-1 rounded-full border border-amber-500/50 bg-amber-500/10 px-2 py-0.5 text-xs font-semibold text-amber-300 whitespace-nowrap"
    >
      <AlertTriangle aria-hidden="true" className="size-3" />
      {VERIFICATION.flagged}
      {props.count !== undefined ? ` ${props.count}` : null}
    </span>
  );
}
