import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ACCESS } from '../constants/messages';
import { buttonClasses } from './ui/button';
import { Card } from './ui/card';

function AccessScreen(props: { message: string; children: ReactNode }) {
  return (
    <div className="flex min-h-[70svh] items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md text-center">
        <ShieldAlert aria-hidden="true" className="mx-auto mb-4 size-10 text-gold" />
        <h1 className="font-display text-2xl font-semibold">{ACCESS.deniedTitle}</h1>
        <p className="mt-3 text-muted">{props.message}</p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">{props.children}</div>
      </Card>
    </div>
  );
}

/** For a visitor who is not signed in (or whose session ended while on the page). */
export function SignedOutDenied(props: { loginPath: string }) {
  return (
    <AccessScreen message={ACCESS.signedOutMessage}>
      <Link to={props.loginPath} className={buttonClasses('primary')}>
        {ACCESS.signIn}
      </Link>
      <Link to="/" className={buttonClasses('secondary')}>
        {ACCESS.goHome}
      </Link>
    </AccessScreen>
  );
}

export function AdminDenied() {
  return (
    <AccessScreen message={ACCESS.adminMessage}>
      <Link to="/" className={buttonClasses('primary')}>
        {ACCESS.returnHome}
      </Link>
    </AccessScreen>
  );
}
