import { BadgeCheck, Scale, Timer, Trophy, Zap } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../../auth/auth-provider';
import { buttonClasses } from '../../../components/ui/button';
import { PRODUCT_NAME, TAGLINE } from '../../../constants/messages';
import { CHALLENGE_TYPE_LABELS, CHALLENGE_TYPES } from '../../../data/challenges/challenge-labels';
import { loginPathFor } from '../../../lib/safe-redirect';
import { CHALLENGE_TYPE_ICONS } from '../components/challenge-type-icons';
import { BENEFITS, CHALLENGE_TYPE_DESCRIPTIONS, LANDING_BUTTONS } from '../constants';

const CREATE_PATH = '/pushup-challenge/create';
const BENEFIT_ICONS = [BadgeCheck, Scale, Trophy, Zap] as const;

/** The push-up challenge landing (spec 02 §2): the three types, four benefits and four buttons.
 * Create Challenge goes to /login when signed out (and on to the form after signing in). */
export function PushupChallengeLandingPage() {
  const { user } = useAuth();
  useEffect(() => {
    document.title = `Push-up Challenges · ${PRODUCT_NAME}`;
  }, []);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <section aria-labelledby="pushup-title" className="max-w-3xl">
        <p className="text-sm font-semibold tracking-widest text-gold uppercase">{TAGLINE}</p>
        <h1 id="pushup-title" className="mt-3 font-display text-3xl font-semibold sm:text-5xl">
          Push-up Challenges
        </h1>
        <p className="mt-4 text-lg text-muted">
          Start a push-up challenge for your friends, your team or your gym in a minute. Everyone
          records with their own camera and the coach counts every clean rep.
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <Link
            to={user ? CREATE_PATH : loginPathFor(CREATE_PATH)}
            className={buttonClasses('primary', 'lg')}
          >
            {LANDING_BUTTONS.create}
          </Link>
          <Link to="/challenges" className={buttonClasses('secondary', 'lg')}>
            {LANDING_BUTTONS.browse}
          </Link>
        </div>
      </section>

      <section aria-labelledby="types-title" className="mt-16">
        <h2 id="types-title" className="font-display text-2xl font-semibold">
          Three ways to challenge
        </h2>
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {CHALLENGE_TYPES.map((type) => {
            const Icon = CHALLENGE_TYPE_ICONS[type];
            return (
              <li key={type} className="rounded-xl border border-line bg-surface p-6">
                <Icon aria-hidden="true" className="size-7 text-gold" />
                <h3 className="mt-4 text-lg font-semibold">{CHALLENGE_TYPE_LABELS[type]}</h3>
                <p className="mt-2 text-sm text-muted">{CHALLENGE_TYPE_DESCRIPTIONS[type]}</p>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="benefits-title" className="mt-16">
        <h2 id="benefits-title" className="font-display text-2xl font-semibold">
          Why RepTemple
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {BENEFITS.map((benefit, index) => {
            const Icon = BENEFIT_ICONS[index] ?? Timer;
            return (
              <li key={benefit.title} className="flex gap-4 rounded-xl border border-line p-5">
                <Icon aria-hidden="true" className="size-6 shrink-0 text-gold" />
                <div>
                  <h3 className="font-semibold">{benefit.title}</h3>
                  <p className="mt-1 text-sm text-muted">{benefit.text}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </section>

      {user ? null : (
        <section
          aria-labelledby="join-title"
          className="mt-16 rounded-xl border border-gold/40 bg-gold/5 p-6 sm:p-8"
        >
          <h2 id="join-title" className="font-display text-2xl font-semibold">
            Ready when you are
          </h2>
          <p className="mt-2 text-muted">An account is free and takes a few seconds.</p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <Link to="/signup" className={buttonClasses('primary')}>
              {LANDING_BUTTONS.signUp}
            </Link>
            <Link to="/login" className={buttonClasses('outline')}>
              {LANDING_BUTTONS.haveAccount}
            </Link>
          </div>
        </section>
      )}
    </div>
  );
}
