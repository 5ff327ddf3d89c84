import { AlertTriangle } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { RECORD } from '../messages';

/** Shown when the recording card has no camera picture in time (spec 02 §2). */
export function FallbackCard(props: {
  onForceLoad: () => void;
  onDebug: () => void;
  detail?: string;
}) {
  return (
    <Card role="alert" className="border-gold/50">
      <div className="flex items-center gap-3">
        <AlertTriangle aria-hidden="true" className="size-6 text-gold" />
        <h2 className="font-display text-xl font-semibold">{RECORD.fallbackTitle}</h2>
      </div>
      <p className="mt-3 text-muted">
        The camera picture has not appeared yet. Allow camera access if your browser asks, or try
        one of these.
      </p>
      {props.detail ? <p className="mt-2 font-mono text-xs text-muted">{props.detail}</p> : null}
      <div className="mt-6 grid gap-3 sm:grid-cols-3">
        <Button onClick={props.onForceLoad}>{RECORD.forceLoad}</Button>
        <Button variant="secondary" onClick={() => window.location.reload()}>
          {RECORD.refreshPage}
        </Button>
        <Button variant="secondary" onClick={props.onDebug}>
          {RECORD.debugConsole}
        </Button>
      </div>
    </Card>
  );
}
