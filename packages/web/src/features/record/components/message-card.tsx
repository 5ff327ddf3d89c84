import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';

/** A titled card with a message and actions: closed challenge, not found, errors. */
export function MessageCard(props: {
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  tone?: 'default' | 'danger';
  role?: 'alert' | 'status';
}) {
  return (
    <Card role={props.role} className={props.tone === 'danger' ? 'border-danger/50' : undefined}>
      <h2 className="font-display text-2xl font-semibold">{props.title}</h2>
      {props.children ? <div className="mt-3 grid gap-3 text-muted">{props.children}</div> : null}
      {props.actions ? <div className="mt-6 flex flex-wrap gap-3">{props.actions}</div> : null}
    </Card>
  );
}
