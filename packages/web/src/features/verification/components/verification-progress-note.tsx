import { useQuery } from '@tanstack/react-query';
import { Hourglass, Loader2 } from 'lucide-react';
import { useEffect } from 'react';
import { verificationQueries } from '../data/queries';
import type { VerificationProgress } from '../data/verification-progress';
import { progressText } from '../logic/progress-text';

/** While a recording is verified: its place in the queue and the time left, asked again every few
 * seconds; `onSettled` runs once it is no longer verifying (verified or failed). */
export function VerificationProgressNote(props: {
  recordingId: string;
  onSettled?: (progress: VerificationProgress) => void;
}) {
  const { onSettled } = props;
  const progress = useQuery(verificationQueries.progress(props.recordingId));
  const data = progress.data;
  useEffect(() => {
    if (data && data.status !== 'verifying') onSettled?.(data);
  }, [data, onSettled]);
  if (progress.isError) {
    console.warn('Reading the verification progress failed', progress.error);
    return null;
  }
  const text = data ? progressText(data) : null;
  if (!text) return null;
  const running = data?.queue.state === 'running';
  return (
    <div
      role="status"
      data-testid="verification-progress"
      className="flex items-start gap-3 rounded-lg border border-line bg-surface-raised p-3 text-sm"
    >
      {running ? (
        <Loader2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 animate-spin text-gold" />
      ) : (
        <Hourglass aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold" />
      )}
      <div className="min-w-0">
        <p>
          <span className="font-semibold text-ink">{text.headline}</span>
          {text.detail ? <span className="text-ink/90"> · {text.detail}</span> : null}
        </p>
        {text.basis ? <p className="mt-0.5 text-xs text-muted">{text.basis}</p> : null}
      </div>
    </div>
  );
}
