import { Fragment, useState } from 'react';
import { PARTICIPANT_GENDER_LABELS } from '../../../data/challenges/challenge-labels';
import type { SupabaseClient } from '../../../data/supabase-client';
import { RepEvidenceList } from '../../verification/components/rep-evidence-list';
import { FlaggedBadge, VerificationBadge } from '../../verification/components/verification-badge';
import { VERIFICATION } from '../../verification/messages';
import { ANALYTICS } from '../constants';
import type { AdminRecording } from '../data/types';
import { formatDuration } from '../lib/analytics';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Recordings with their e-mail addresses (admins only), ranked or newest first, with their
 * verification (issue 18): the badge, the claim when it differs, and the per-rep evidence. */
export function RecordingsTable(props: {
  label: string;
  recordings: readonly AdminRecording[];
  ranked: boolean;
  emptyText: string;
  client: SupabaseClient;
}) {
  const [open, setOpen] = useState<string | null>(null);
  if (props.recordings.length === 0)
    return (
      <p className="rounded-xl border border-line bg-surface p-8 text-center text-muted">
        {props.emptyText}
      </p>
    );
  const columns = props.ranked ? ANALYTICS.columns : ANALYTICS.columns.slice(1);
  return (
    // Wider than a narrow screen (the verification column): the scrolling box takes keyboard
    // focus so it can be scrolled without a mouse (WCAG 2.1.1; axe scrollable-region-focusable).
    <section
      className="overflow-x-auto rounded-xl border border-line bg-surface"
      aria-label={props.label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
      tabIndex={0}
    >
      <table className="w-full min-w-[52rem] text-left text-sm" aria-label={props.label}>
        <thead className="border-b border-line text-xs tracking-wide text-muted uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {props.recordings.map((recording, index) => (
            <Fragment key={recording.id}>
              <tr>
                {props.ranked ? <td className="px-4 py-3 tabular-nums">{index + 1}</td> : null}
                <th
                  scope="row"
                  className="max-w-56 px-4 py-3 font-medium break-words whitespace-pre-line text-ink"
                >
                  {recording.name}
                </th>
                <td className="px-4 py-3 break-all text-muted">{recording.email}</td>
                <td className="px-4 py-3">{PARTICIPANT_GENDER_LABELS[recording.gender]}</td>
                <td className="px-4 py-3 font-semibold text-gold-bright tabular-nums">
                  {recording.valid_reps}
                </td>
                <td className="px-4 py-3 tabular-nums">{recording.invalid_reps}</td>
                <td className="px-4 py-3 tabular-nums">{recording.total_reps}</td>
                <td className="px-4 py-3 tabular-nums">
                  {formatDuration(recording.duration_seconds)}
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-muted">
                  {dateFormat.format(new Date(recording.created_at))}
                </td>
                <td className="px-4 py-3">
                  <span className="flex flex-wrap items-center gap-1">
                    <VerificationBadge status={recording.verification_status} />
                    {recording.verification_flagged ? <FlaggedBadge /> : null}
                  </span>
                  {recording.claimed_total_reps !== recording.total_reps ||
                  recording.claimed_valid_reps !== recording.valid_reps ? (
                    <span className="mt-1 block text-xs text-muted">
                      {VERIFICATION.claimed(recording.claimed_valid_reps)}
                    </span>
                  ) : null}
                  {recording.verification_error ? (
                    <span className="mt-1 block max-w-64 text-xs text-red-400">
                      {recording.verification_error}
                    </span>
                  ) : null}
                  {recording.verification_status === 'verified' ? (
                    <button
                      type="button"
                      className="mt-1 block text-xs font-semibold text-gold hover:text-gold-bright"
                      aria-expanded={open === recording.id}
                      onClick={() => setOpen(open === recording.id ? null : recording.id)}
                    >
                      {open === recording.id
                        ? VERIFICATION.hideEvidence
                        : VERIFICATION.showEvidence}
                    </button>
                  ) : null}
                </td>
              </tr>
              {open === recording.id ? (
                <tr>
                  <td colSpan={columns.length + 1} className="bg-surface-raised/40 px-4 py-4">
                    <RepEvidenceList client={props.client} recordingId={recording.id} />
                  </td>
                </tr>
              ) : null}
            </Fragment>
          ))}
        </tbody>
      </table>
    </section>
  );
}
