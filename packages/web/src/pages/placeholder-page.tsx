import { Hammer } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { PRODUCT_NAME } from '../constants/messages';

/** A route of spec 02 that is registered (so links to it work) but not built yet. Shows no data. */
export function PlaceholderPage(props: { title: string; backTo?: string; backLabel?: string }) {
  useEffect(() => {
    document.title = `${props.title} · ${PRODUCT_NAME}`;
  }, [props.title]);
  return (
    <div className="flex min-h-[60svh] flex-col items-center justify-center px-4 text-center">
      <Hammer aria-hidden="true" className="size-10 text-gold" />
      <h1 className="mt-4 font-display text-2xl font-semibold sm:text-3xl">{props.title}</h1>
      <p className="mt-3 max-w-md text-muted">
        This page is being built and arrives in an upcoming release.
      </p>
      <Link to={props.backTo ?? '/challenges'} className={`${buttonClasses('secondary')} mt-8`}>
        {props.backLabel ?? 'Back to Challenges'}
      </Link>
    </div>
  );
}
