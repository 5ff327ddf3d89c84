import { Crown, Users } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { BrandMark, BrandName } from '../../../components/layout/brand';
import { buttonClasses } from '../../../components/ui/button';
import {
  BulletList,
  EventSection,
  Faq,
  NumberedSteps,
  WaitlistSection,
} from '../components/page-sections';
import { EVENT } from '../constants';
import type { EventChallenge } from '../data/events';
import { eventChallengePath } from '../event-rules';
import { ReferralDialog } from './referral-dialog';
import { TOKEN2049 } from './token2049-content';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' });
const PRIZE_ICONS = [Crown, Users] as const;

/** The TOKEN2049 event page (spec 02 §2 "Event landing"): hero, prizes, four steps, audience,
 * clean-rep rules, schedule, fair play, FAQ, fine print, waitlist; no top navigation. */
export function Token2049Landing(props: { event: EventChallenge }) {
  const { event } = props;
  const [searchParams] = useSearchParams();
  const challengePath = eventChallengePath(event.slug, null);
  const joinPath = eventChallengePath(event.slug, searchParams.get('ref'));
  return (
    <div className="min-h-svh bg-page">
      <section
        aria-labelledby="event-title"
        className="relative flex min-h-[34rem] items-center overflow-hidden py-16"
      >
        <img
          src="/landing/poster.jpg"
          alt=""
          aria-hidden="true"
          className="absolute inset-0 size-full object-cover opacity-60"
        />
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-[radial-gradient(ellipse_at_center,rgba(12,10,9,0.5)_0%,rgba(12,10,9,0.9)_75%,#0c0a09_100%)]"
        />
        <div className="relative z-10 mx-auto flex max-w-3xl flex-col items-center px-6 text-center">
          <BrandMark className="mb-4 size-12" />
          <p className="text-sm font-semibold tracking-widest text-gold uppercase">
            {TOKEN2049.eyebrow}
          </p>
          <h1 id="event-title" className="mt-3 font-display text-4xl font-semibold sm:text-6xl">
            {event.name}
          </h1>
          <p className="mt-4 max-w-xl text-lg text-ink/90">{TOKEN2049.tagline}</p>
          {event.description ? (
            <p className="mt-3 max-w-xl text-muted">{event.description}</p>
          ) : null}
          <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Link to={joinPath} className={buttonClasses('primary', 'lg')}>
              {EVENT.join}
            </Link>
            <Link to={challengePath} className={buttonClasses('secondary', 'lg')}>
              {EVENT.viewLeaderboard}
            </Link>
          </div>
          <div className="mt-4">
            <ReferralDialog hash={event.slug} />
          </div>
        </div>
      </section>

      <EventSection id="prizes" title={TOKEN2049.prizesTitle}>
        <div className="grid gap-4 sm:grid-cols-2">
          {TOKEN2049.prizes.map((prize, index) => {
            const Icon = PRIZE_ICONS[index] ?? Crown;
            return (
              <article
                key={prize.title}
                className="rounded-xl border border-gold/40 bg-surface p-6"
              >
                <Icon aria-hidden="true" className="size-8 text-gold" />
                <h3 className="mt-3 text-xl font-semibold">{prize.title}</h3>
                <p className="mt-1 font-display text-4xl font-semibold text-gold-bright">
                  {prize.amount} USDT
                </p>
                <p className="mt-2 text-muted">{prize.text}</p>
              </article>
            );
          })}
        </div>
      </EventSection>

      <EventSection id="steps" title={TOKEN2049.stepsTitle}>
        <NumberedSteps steps={TOKEN2049.steps} />
      </EventSection>

      <EventSection id="audience" title={TOKEN2049.audienceTitle}>
        <BulletList items={TOKEN2049.audience} />
      </EventSection>

      <EventSection id="rules" title={TOKEN2049.rulesTitle}>
        <BulletList items={TOKEN2049.rules} />
      </EventSection>

      <EventSection id="schedule" title={TOKEN2049.scheduleTitle}>
        <dl className="grid gap-3 sm:grid-cols-2">
          <div className="rounded-lg border border-line bg-surface p-4">
            <dt className="text-sm text-muted">Opens</dt>
            <dd className="mt-1 font-semibold">
              {event.start_date ? dateFormat.format(new Date(event.start_date)) : 'Open now'}
            </dd>
          </div>
          <div className="rounded-lg border border-line bg-surface p-4">
            <dt className="text-sm text-muted">Closes</dt>
            <dd className="mt-1 font-semibold">
              {event.end_date
                ? dateFormat.format(new Date(event.end_date))
                : 'When the organisers close it; winners are announced after'}
            </dd>
          </div>
        </dl>
        <div className="mt-4">
          <BulletList items={TOKEN2049.sessionRules} />
        </div>
      </EventSection>

      <EventSection id="fair-play" title={TOKEN2049.fairPlayTitle}>
        <BulletList items={TOKEN2049.fairPlay} />
      </EventSection>

      <EventSection id="faq" title={TOKEN2049.faqTitle}>
        <Faq items={TOKEN2049.faq} />
      </EventSection>

      <EventSection id="fine-print" title={TOKEN2049.finePrintTitle}>
        <div className="text-sm text-muted">
          <BulletList items={TOKEN2049.finePrint} />
        </div>
      </EventSection>

      <WaitlistSection
        id="event-waitlist"
        title={TOKEN2049.waitlistTitle}
        text={TOKEN2049.waitlistText}
        defaultSource="token2049"
      />

      <footer className="border-t border-line py-8 text-center text-sm text-muted">
        <Link to="/" className="inline-flex items-center gap-2 hover:text-ink">
          <BrandMark className="size-5" />
          <BrandName />
        </Link>
      </footer>
    </div>
  );
}
