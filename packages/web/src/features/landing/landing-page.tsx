import { ChevronDown } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { BrandMark, BrandName } from '../../components/layout/brand';
import { Button } from '../../components/ui/button';
import { WaitlistForm } from '../../components/waitlist-form';
import { LANDING, PRODUCT_NAME, TAGLINE } from '../../constants/messages';

const WAITLIST_SECTION_ID = 'waitlist';
const WAITLIST_EMAIL_ID = 'waitlist-email';

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Public landing page (spec 01 §2): full-screen looping muted video, brand, tagline, the way to
 * the waitlist, and a footer. No top bar. */
export function LandingPage() {
  const videoRef = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    document.title = `${PRODUCT_NAME}: ${TAGLINE}`;
    // Moving backgrounds are left still for visitors who asked for less motion.
    const video = videoRef.current;
    if (video && !prefersReducedMotion()) {
      video.play().catch((error: unknown) => {
        // Autoplay can be refused (data saver, power saving); the poster frame stays.
        console.info('Background video did not start', error);
      });
    }
  }, []);

  const scrollToWaitlist = () => {
    document
      .getElementById(WAITLIST_SECTION_ID)
      ?.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
    // Keyboard and screen-reader users land in the form, not just near it.
    document.getElementById(WAITLIST_EMAIL_ID)?.focus({ preventScroll: true });
  };

  return (
    <div className="min-h-svh bg-page">
      <section
        aria-labelledby="landing-title"
        className="relative flex h-svh min-h-[34rem] items-center justify-center overflow-hidden"
      >
        <video
          ref={videoRef}
          className="absolute inset-0 size-full object-cover"
          poster="/landing/poster.jpg"
          muted
          loop
          playsInline
          preload="auto"
          aria-hidden="true"
          tabIndex={-1}
        >
          <source src="/landing/background.mp4" type="video/mp4" />
        </video>
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-[radial-gradient(ellipse_at_center,rgba(12,10,9,0.55)_0%,rgba(12,10,9,0.85)_70%,#0c0a09_100%)]"
        />
        <div className="relative z-10 mx-auto flex max-w-3xl flex-col items-center px-6 text-center">
          <BrandMark className="mb-6 size-14 drop-shadow-[0_0_24px_rgba(232,184,74,0.45)] sm:size-16" />
          <h1 id="landing-title" className="text-5xl text-ink sm:text-7xl">
            <BrandName />
          </h1>
          <p className="mt-5 max-w-xl text-lg text-ink/90 sm:text-2xl">{TAGLINE}</p>
          <p className="mt-4 max-w-lg text-sm text-muted sm:text-base">
            Pose coaching that runs in your browser: every rep counted, every rep judged, nothing
            uploaded unless you choose to.
          </p>
          <Button size="lg" className="mt-10" onClick={scrollToWaitlist}>
            {LANDING.cta}
            <ChevronDown aria-hidden="true" className="size-5" />
          </Button>
        </div>
      </section>

      <section
        id={WAITLIST_SECTION_ID}
        aria-labelledby="waitlist-title"
        className="scroll-mt-4 px-4 py-20 sm:py-28"
      >
        <div className="mx-auto grid max-w-5xl items-start gap-12 md:grid-cols-2">
          <div>
            <p className="text-sm font-semibold tracking-[0.2em] text-gold uppercase">
              Early access
            </p>
            <h2
              id="waitlist-title"
              className="mt-3 font-display text-3xl font-semibold sm:text-4xl"
            >
              Join the Waitlist
            </h2>
            <p className="mt-4 text-muted">
              Be among the first to train with {PRODUCT_NAME}. We will let you know when your place
              in the temple is ready.
            </p>
            <ul className="mt-8 grid gap-4 text-sm text-ink/90">
              <li className="flex gap-3">
                <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-gold" />
                Live rep counting from your phone or laptop camera.
              </li>
              <li className="flex gap-3">
                <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-gold" />
                Form checks on every rep: depth, lockout and a straight body line.
              </li>
              <li className="flex gap-3">
                <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-gold" />
                Challenges and leaderboards with friends, events and your community.
              </li>
            </ul>
          </div>
          <WaitlistForm emailInputId={WAITLIST_EMAIL_ID} />
        </div>
      </section>

      <footer className="border-t border-line/70 px-4 py-10">
        <div className="mx-auto flex max-w-5xl flex-col items-center justify-between gap-4 text-center sm:flex-row sm:text-left">
          <div className="flex items-center gap-3">
            <BrandMark className="size-7" />
            <div>
              <BrandName className="text-lg" />
              <p className="text-sm text-muted">{TAGLINE}</p>
            </div>
          </div>
          <nav aria-label="Footer" className="flex gap-6 text-sm">
            <Link to="/challenges" className="text-muted hover:text-gold-bright">
              Challenges
            </Link>
            <Link to="/login" className="text-muted hover:text-gold-bright">
              Sign in
            </Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}
