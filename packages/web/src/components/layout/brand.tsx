import { PRODUCT_NAME } from '../../constants/messages';
import { cn } from '../../lib/cn';

/** The temple mark: a pediment on three columns. */
export function BrandMark(props: { className?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      aria-hidden="true"
      className={cn('shrink-0 fill-gold', props.className)}
    >
      <path d="M16 5 5 11v2h22v-2L16 5Zm-8 10v9h3v-9H8Zm6.5 0v9h3v-9h-3Zm6.5 0v9h3v-9h-3ZM5 25.5V28h22v-2.5H5Z" />
    </svg>
  );
}

export function BrandName(props: { className?: string }) {
  return (
    <span className={cn('font-display font-semibold tracking-wider', props.className)}>
      {PRODUCT_NAME}
    </span>
  );
}
