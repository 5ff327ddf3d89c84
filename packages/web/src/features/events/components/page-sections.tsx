import type { ReactNode } from 'react';

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
