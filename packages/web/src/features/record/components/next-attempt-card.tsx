import { CalendarClock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Card } from '../../../components/ui/card';
import { browserTimeZone } from '../../../lib/time-zone';
import { type NextAttempt, nextAttemptText } from '../logic/next-attempt';
import { RECORD } from '../messages';
import { ChallengeExits } from './challenge-exits';

/** How often the countdown to the next attempt is redrawn. ms */
const TICK_MS = 15_000;

/** Today's attempt of a daily challenge is in: when the next one opens (in the participant's day
 * zone, and in the browser's when it differs), counting down; at that moment `onOpen` asks again. */
export function NextAttemptCard(props: {
  challengeId: string;
  next: NextAttempt;
  onOpen: () => void;
}) {
  const { next, onOpen } = props;
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const tick = setInterval(() => setNow(new Date()), TICK_MS);
    // setTimeout takes at most 2^31-1 ms (24.8 days); a day is far less.
    const open = setTimeout(onOpen, Math.max(0, next.opensAt.getTime() - Date.now()));
    return () => {
      clearInterval(tick);
      clearTimeout(open);
    };
  }, [next.opensAt, onOpen]);
  const text = nextAttemptText(next, now, browserTimeZone());
  return (
    <Card role="status" data-testid="next-attempt" className="border-gold/40">
      <div className="flex items-center gap-3">
        <span className="grid size-11 shrink-0 place-items-center rounded-full bg-gold/10 text-gold">
          <CalendarClock aria-hidden="true" className="size-5" />
        </span>
        <h2 className="font-display text-2xl font-semibold">{RECORD.nextAttemptTitle}</h2>
      </div>
      {text.until ? (
        <p
          className="mt-5 font-display text-3xl font-semibold text-gold-bright sm:text-4xl"
          data-testid="next-attempt-in"
        >
          {text.until}
        </p>
      ) : null}
      <p className="mt-3 text-ink/90" data-testid="next-attempt-opens">
        {text.opens}
      </p>
      {text.local ? <p className="mt-1 text-sm text-muted">{text.local}</p> : null}
      {text.lastDay ? null : <p className="mt-4 text-sm text-muted">{RECORD.dailyRule}</p>}
      <div className="mt-6 flex flex-wrap gap-3">
        <ChallengeExits challengeId={props.challengeId} />
      </div>
    </Card>
  );
}
