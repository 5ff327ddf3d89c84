import type { ReactNode } from 'react';
import { WaitlistForm } from '../../../components/waitlist-form';
import type { WaitlistSource } from '../../../data/waitlist/waitlist-sources';

/** A titled block of the event page. */
export function EventSection(props: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${props.id}-title`} className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <h2
        id={`${props.id}-title`}
        className="font-display text-2xl font-semibold text-gold sm:text-3xl"
      >
        {props.title}
      </h2>
      <div className="mt-6">{props.children}</div>
    </section>
  );
}

/** A list with gold bullets. */
export function BulletList(props: { items: readonly string[] }) {
  return (
    <ul className="grid gap-2">
      {props.items.map((item) => (
        <li key={item} className="flex gap-3">
          <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-gold" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** Questions and answers as disclosure widgets. */
export function Faq(props: { items: readonly { q: string; a: string }[] }) {
  return (
    <div className="grid gap-3">
      {props.items.map((item) => (
        <details key={item.q} className="rounded-lg border border-line bg-surface p-4">
          <summary className="cursor-pointer font-semibold">{item.q}</summary>
          <p className="mt-2 text-muted">{item.a}</p>
        </details>
      ))}
    </div>
  );
}

/** Numbered steps ('How it works'), one card each. */
export function NumberedSteps(props: { steps: readonly { title: string; text: string }[] }) {
  return (
    <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {props.steps.map((step, index) => (
        <li key={step.title} className="rounded-xl border border-line bg-surface p-5">
          <span className="flex size-9 items-center justify-center rounded-full bg-gold/15 font-bold text-gold-bright">
            {index + 1}
          </span>
          <h3 className="mt-3 text-lg font-semibold">{step.title}</h3>
          <p className="mt-1 text-sm text-muted">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** The waitlist block at the foot of an event page. */
export function WaitlistSection(props: {
  id: string;
  title: string;
  text: string;
  defaultSource?: WaitlistSource;
}) {
  return (
    <EventSection id={props.id} title={props.title}>
      <p className="mb-6 text-muted">{props.text}</p>
      <div className="max-w-lg">
        <WaitlistForm emailInputId={`${props.id}-email`} defaultSource={props.defaultSource} />
      </div>
    </EventSection>
  );
}
