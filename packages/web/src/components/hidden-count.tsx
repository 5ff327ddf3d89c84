/** What a screen reader says for a count the database withheld. */
export const HIDDEN_COUNT_LABEL = 'Hidden until the challenge ends';

/** A count, or one the database withheld (hidden duel results) shown blurred as the spec asks
 * (spec 02 §4). The digits are a stand-in: the real count never reached the browser. */
export function CountOrHidden(props: { value: number | null; className?: string }) {
  if (props.value !== null) return <span className={props.className}>{props.value}</span>;
  return (
    <span className={props.className} title={HIDDEN_COUNT_LABEL}>
      <span aria-hidden="true" className="select-none blur-sm" data-testid="hidden-count">
        88
      </span>
      <span className="sr-only">{HIDDEN_COUNT_LABEL}</span>
    </span>
  );
}
