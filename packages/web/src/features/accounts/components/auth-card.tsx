import { MailCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, Input } from '../../../components/ui/field';
import { LOGIN } from '../../../constants/messages';
import { OneTimeCodeForm } from './one-time-code-form';

/** The frame of the login and sign-up pages. */
export function AuthCard(props: {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <div className="flex justify-center px-4 py-10 sm:py-16">
      <Card className="w-full max-w-lg">
        <h1 className="font-display text-2xl font-semibold sm:text-3xl">{props.title}</h1>
        <p className="mt-2 mb-6 text-muted">{props.subtitle}</p>
        {props.children}
        <p className="mt-8 border-t border-line pt-6 text-center text-sm text-muted">
          {props.footer}
        </p>
      </Card>
    </div>
  );
}

/** Shown after a one-time link was sent (spec 01 §2). */
export function CheckEmailPanel(props: { email: string; onUseDifferentEmail: () => void }) {
  return (
    <section aria-labelledby="check-email-title" className="py-2 text-center" aria-live="polite">
      <MailCheck aria-hidden="true" className="mx-auto mb-4 size-12 text-gold" />
      <h2 id="check-email-title" className="font-display text-xl font-semibold">
        {LOGIN.checkEmailTitle}
      </h2>
      <p className="mt-3 text-ink/90">
        We sent a sign-in link and a code to{' '}
        <strong className="break-all text-ink">{props.email}</strong>.
      </p>
      <p className="mt-1 text-sm text-muted">{LOGIN.linkExpiry}</p>
      <OneTimeCodeForm email={props.email} />
      <Button variant="secondary" className="mt-6" onClick={props.onUseDifferentEmail}>
        {LOGIN.useDifferentEmail}
      </Button>
    </section>
  );
}

/** The e-mail field of the sign-in and sign-up forms (each tab has its own id). */
export function EmailField(props: {
  id: string;
  value: string;
  onChange: (email: string) => void;
  disabled: boolean;
}) {
  return (
    <Field id={props.id} label="Email">
      <Input
        id={props.id}
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        disabled={props.disabled}
      />
    </Field>
  );
}
