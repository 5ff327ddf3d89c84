import { CalendarDays, Clock, Flame, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { challengeDates, datesText } from '../../../data/challenges/challenge-dates';
import type { ChallengeTiming } from '../../../data/challenges/challenge-status';
import type { Challenge } from '../../../data/challenges/challenges';
import { dateTimeFormat, progressionText, unitText } from '../challenge-terms';
import { DETAIL } from '../messages';

function Row(props: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-start gap-3">
      <span aria-hidden="true" className="mt-0.5 text-gold">
        {props.icon}
      </span>
      <span>{props.children}</span>
    </li>
  );
}

/** The details column (spec 02 §2): duration and daily minimum for non-duels, the progression
 * step, and for a duel its 72 hours, its start and whether it has expired. */
export function DetailsColumn(props: { challenge: Challenge; timing: ChallengeTiming }) {
  const { challenge, timing } = props;
  const isDuel = challenge.challenge_type === 'duel';
  const step = progressionText(challenge);
  // A duel's own rows say when it started and ends; other dates as every screen shows them.
  const dates = challengeDates(challenge, new Date());
  return (
    <section
      aria-labelledby="details-title"
      className="rounded-xl border border-line bg-surface p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="details-title" className="text-lg font-semibold">
          Details
        </h2>
        {timing.duelExpired ? (
          <span className="rounded-full bg-danger-deep px-3 py-1 text-xs font-semibold tracking-wide text-ink uppercase">
            {DETAIL.expired}
          </span>
        ) : null}
      </div>
      <ul className="mt-4 grid gap-3 text-sm">
        {isDuel ? (
          <>
            <Row icon={<Clock className="size-4" />}>{DETAIL.durationDuel}</Row>
            <Row icon={<CalendarDays className="size-4" />}>
              {challenge.first_participant_joined_at
                ? `Started: ${dateTimeFormat.format(new Date(challenge.first_participant_joined_at))}`
                : DETAIL.duelNotStarted}
            </Row>
            {timing.duelEndsAt ? (
              <Row icon={<CalendarDays className="size-4" />}>
                {timing.duelExpired ? 'Ended' : 'Ends'}: {dateTimeFormat.format(timing.duelEndsAt)}
              </Row>
            ) : null}
          </>
        ) : (
          <>
            {challenge.challenge_length_value ? (
              <Row icon={<Clock className="size-4" />}>
                Duration:{' '}
                {unitText(challenge.challenge_length_value, challenge.challenge_length_unit)}
              </Row>
            ) : null}
            {challenge.min_daily_reps ? (
              <Row icon={<Flame className="size-4" />}>
                Minimum daily reps: {challenge.min_daily_reps}
              </Row>
            ) : null}
            {step ? <Row icon={<TrendingUp className="size-4" />}>{step}</Row> : null}
          </>
        )}
        {dates.kind === 'window' || dates.kind === 'local-days' ? (
          <Row icon={<CalendarDays className="size-4" />}>{datesText(dates).line}</Row>
        ) : null}
        {challenge.is_daily ? (
          <Row icon={<Flame className="size-4" />}>Daily: one attempt a day counts</Row>
        ) : null}
      </ul>
    </section>
  );
}
