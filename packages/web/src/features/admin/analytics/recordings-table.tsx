import { PARTICIPANT_GENDER_LABELS } from '../../../data/challenges/challenge-labels';
import { ANALYTICS } from '../constants';
import type { AdminRecording } from '../data/types';
import { formatDuration } from '../lib/analytics';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Recordings with their e-mail addresses (admins only), ranked or newest first. */
export function RecordingsTable(props: {
  label: string;
  recordings: readonly AdminRecording[];
  ranked: boolean;
  emptyText: string;
}) {
  if (props.recordings.length === 0)
    return (
      <p className="rounded-xl border border-line bg-surface p-8 text-center text-muted">
        {props.emptyText}
      </p>
    );
  const columns = props.ranked ? ANALYTICS.columns : ANALYTICS.columns.slice(1);
  return (
    <div className="overflow-x-auto rounded-xl border border-line bg-surface">
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
            <tr key={recording.id}>
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
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
