import { useEffect } from 'react';
import { Link } from 'react-router';
import { NOT_FOUND, PRODUCT_NAME } from '../../constants/messages';
import { buttonClasses } from '../ui/button';

export function NotFoundPage() {
  useEffect(() => {
    document.title = `Page not found · ${PRODUCT_NAME}`;
  }, []);
  return (
    <div className="flex min-h-[70svh] flex-col items-center justify-center px-4 text-center">
      <p aria-hidden="true" className="font-display text-7xl font-semibold text-gold/80">
        404
      </p>
      <h1 className="mt-4 text-2xl font-semibold">{NOT_FOUND.title}</h1>
      <p className="mt-3 max-w-md text-muted">
        The page you are looking for does not exist or has moved.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Link to="/" className={buttonClasses('primary')}>
          Go to Home
        </Link>
        <Link to="/challenges" className={buttonClasses('secondary')}>
          Browse Challenges
        </Link>
      </div>
    </div>
  );
}
