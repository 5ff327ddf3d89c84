/** What a screen reader says for a count the database withheld. */
export const HIDDEN_COUNT_LABEL = 'Hidden until the challenge ends';

/** A stand-in for something the database withheld (hidden duel results), shown blurred as the
 * spec asks (spec 02 §4). The stand-in is fixed text: the real value never reached the browser. */
export function HiddenValue(props: { standIn: string; className?: string }) {
  return (
    <span className={props.className} title={HIDDEN_COUNT_LABEL}>
      <span aria-hidden="true" className="select-none blur-sm" data-testid="hidden-count">
        {props.standIn}
      </span>
      <span className="sr-only">{HIDDEN_COUNT_LABEL}</span>
    </span>
  );
}

/** A count, or one the database withheld, blurred. */
export function CountOrHidden(props: { value: number | null; className?: string }) {
  if (props.value !== null) return <span className={props.className}>{props.value}</span>;
  return <HiddenValue standIn="88" className={props.className} />;
}
