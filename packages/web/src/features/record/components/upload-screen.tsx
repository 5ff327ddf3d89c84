import { useEffect, useMemo, useState } from 'react';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { CAPTION_FACTS } from '../facts';
import { activeDot, pickFacts } from '../logic/fact-carousel';
import type { SubmitPhase } from '../logic/submit-attempt';
import { CAROUSEL_DOTS, CAROUSEL_FADE_MS, CAROUSEL_ROTATE_MS, RECORD } from '../messages';

const CATEGORY_LABELS = { record: 'Record', benefit: 'Benefit', fact: 'Fact', fun: 'Fun' } as const;

/** While the attempt uploads and saves (spec 02 §4, §9): the progress and the fact carousel. */
export function UploadScreen(props: { phase: SubmitPhase }) {
  const facts = useMemo(() => pickFacts(CAPTION_FACTS, Math.random), []);
  const [index, setIndex] = useState(0);
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    let fadeTimer: ReturnType<typeof setTimeout> | undefined;
    const rotate = setInterval(() => {
      setVisible(false);
      fadeTimer = setTimeout(() => {
        setIndex((current) => (current + 1) % facts.length);
        setVisible(true);
      }, CAROUSEL_FADE_MS);
    }, CAROUSEL_ROTATE_MS);
    return () => {
      clearInterval(rotate);
      clearTimeout(fadeTimer);
    };
  }, [facts.length]);

  const fact = facts[index];
  const status =
    props.phase.kind === 'uploading'
      ? `${RECORD.uploading} ${Math.round(props.phase.progress * 100)}%`
      : RECORD.saving;
  return (
    <Card role="status" aria-live="polite" data-testid="upload-screen">
      <p className="text-lg font-semibold">{status}</p>
      <div className="mt-2 h-2 overflow-hidden rounded-full bg-surface-raised">
        <div
          className="h-full bg-gold transition-[width]"
          style={{
            width: `${props.phase.kind === 'uploading' ? Math.round(props.phase.progress * 100) : 100}%`,
          }}
        />
      </div>
      {fact ? (
        <figure
          data-testid="fact"
          className="mt-8 min-h-32 transition-opacity"
          style={{ opacity: visible ? 1 : 0, transitionDuration: `${CAROUSEL_FADE_MS}ms` }}
        >
          <figcaption className="text-xs font-semibold tracking-wide text-gold uppercase">
            {CATEGORY_LABELS[fact.category]}
          </figcaption>
          <blockquote className="mt-2 text-xl text-ink">{fact.text}</blockquote>
        </figure>
      ) : null}
      <div className="mt-6 flex justify-center gap-2" aria-hidden="true">
        {Array.from({ length: CAROUSEL_DOTS }, (_, dot) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed dots
            key={dot}
            className={cn('size-2 rounded-full', dot === activeDot(index) ? 'bg-gold' : 'bg-line')}
          />
        ))}
      </div>
    </Card>
  );
}
