import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { challengeDates, datesText } from '../../../data/challenges/challenge-dates';
import {
  CHALLENGE_TYPE_LABELS,
  GENDER_FILTER_LABELS,
} from '../../../data/challenges/challenge-labels';
import { challengeTiming } from '../../../data/challenges/challenge-status';
import { FlaggedBadge } from '../../verification/components/verification-badge';
import { type ChallengeFlag, TABLE } from '../constants';
import type { AdminChallengeListItem } from '../data/types';
import { RowMenu } from './row-menu';

/** The date status in words; "In progress" rather than "Active", which names the is_active flag
 * in the same cell. */
const DATE_STATUS_LABELS = { upcoming: 'Upcoming', active: 'In progress', ended: 'Ended' } as const;

/** The Dates cell: as every screen shows a challenge's dates (a running duel's 72 hours too). */
function datesCell(challenge: AdminChallengeListItem, now: Date): string {
  return datesText(challengeDates(challenge, now)).line;
}

export interface ChallengeListProps {
  rows: readonly AdminChallengeListItem[];
  now: Date;
  flagSwitch: (challenge: AdminChallengeListItem, flag: ChallengeFlag) => ReactNode;
  onDelete: (challenge: AdminChallengeListItem) => void;
}

function NameCell(props: { challenge: AdminChallengeListItem }) {
  return (
    <>
      <Link
        to={`/challenge/${props.challenge.slug}`}
        className="font-semibold break-words text-ink hover:text-gold-bright"
      >
        {props.challenge.name}
      </Link>
      <span className="block truncate text-xs text-muted">/{props.challenge.slug}</span>
    </>
  );
}

function StatusBadge(props: { challenge: AdminChallengeListItem; now: Date }) {
  return (
    <span className="mb-2 block text-xs font-semibold text-gold-bright">
      {DATE_STATUS_LABELS[challengeTiming(props.challenge, props.now).status]}
    </span>
  );
}

function HideResults(props: ChallengeListProps & { challenge: AdminChallengeListItem }) {
  return props.challenge.challenge_type === 'duel' ? (
    props.flagSwitch(props.challenge, 'hide_results_until_finished')
  ) : (
    <span className="text-muted" title="Only for Winner Takes It All">
      {TABLE.notApplicable}
    </span>
  );
}

/** The ten columns of spec 02 §2, for screens wide enough for a table. */
export function ChallengeTable(props: ChallengeListProps) {
  return (
    <div className="overflow-x-auto rounded-xl border border-line bg-surface">
      <table className="w-full min-w-[64rem] text-left text-sm">
        <caption className="sr-only">Challenges, newest first</caption>
        <thead className="border-b border-line text-xs tracking-wide text-muted uppercase">
          <tr>
            {TABLE.columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-3 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {props.rows.map((challenge) => (
            <tr key={challenge.id} data-challenge-id={challenge.id} className="align-top">
              <th scope="row" className="max-w-56 px-3 py-3 font-normal">
                <NameCell challenge={challenge} />
              </th>
              <td className="px-3 py-3">
                <StatusBadge challenge={challenge} now={props.now} />
                {props.flagSwitch(challenge, 'is_active')}
              </td>
              <td className="px-3 py-3">{props.flagSwitch(challenge, 'is_hidden')}</td>
              <td className="px-3 py-3">
                <span className="mb-2 block">
                  {CHALLENGE_TYPE_LABELS[challenge.challenge_type]}
                </span>
                {props.flagSwitch(challenge, 'is_daily')}
              </td>
              <td className="px-3 py-3">
                <HideResults {...props} challenge={challenge} />
              </td>
              <td className="px-3 py-3">
                {GENDER_FILTER_LABELS[challenge.gender_filter ?? 'all']}
              </td>
              <td className="px-3 py-3">{datesCell(challenge, props.now)}</td>
              <td className="px-3 py-3 tabular-nums">{challenge.participant_count}</td>
              <td className="px-3 py-3 tabular-nums">
                {challenge.recording_count}
                {challenge.flagged_count > 0 ? (
                  <span className="mt-1 block">
                    <FlaggedBadge count={challenge.flagged_count} />
                  </span>
                ) : null}
              </td>
              <td className="px-3 py-3">
                <RowMenu
                  challengeId={challenge.id}
                  challengeName={challenge.name}
                  onDelete={() => props.onDelete(challenge)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Term(props: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs tracking-wide text-muted uppercase">{props.label}</dt>
      <dd className="mt-1">{props.children}</dd>
    </div>
  );
}

/** The same ten columns as one card per challenge, for phones. */
export function ChallengeCards(props: ChallengeListProps) {
  const [, status, visibility, type, hideResults, gender, dates, participants, recordings] =
    TABLE.columns;
  return (
    <ul className="grid gap-4" aria-label="Challenges, newest first">
      {props.rows.map((challenge) => (
        <li
          key={challenge.id}
          data-challenge-id={challenge.id}
          className="rounded-xl border border-line bg-surface p-4"
        >
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <NameCell challenge={challenge} />
            </div>
            <RowMenu
              challengeId={challenge.id}
              challengeName={challenge.name}
              onDelete={() => props.onDelete(challenge)}
            />
          </div>
          <dl className="mt-4 grid grid-cols-2 gap-4 text-sm">
            <Term label={status}>
              <StatusBadge challenge={challenge} now={props.now} />
              {props.flagSwitch(challenge, 'is_active')}
            </Term>
            <Term label={visibility}>{props.flagSwitch(challenge, 'is_hidden')}</Term>
            <Term label={type}>
              <span className="mb-2 block">{CHALLENGE_TYPE_LABELS[challenge.challenge_type]}</span>
              {props.flagSwitch(challenge, 'is_daily')}
            </Term>
            <Term label={hideResults}>
              <HideResults {...props} challenge={challenge} />
            </Term>
            <Term label={gender}>{GENDER_FILTER_LABELS[challenge.gender_filter ?? 'all']}</Term>
            <Term label={dates}>{datesCell(challenge, props.now)}</Term>
            <Term label={participants}>{challenge.participant_count}</Term>
            <Term label={recordings}>
              {challenge.recording_count}{' '}
              {challenge.flagged_count > 0 ? (
                <FlaggedBadge count={challenge.flagged_count} />
              ) : null}
            </Term>
          </dl>
        </li>
      ))}
    </ul>
  );
}
