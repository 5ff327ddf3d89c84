import { ChevronDown } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { cn } from '../../../lib/cn';

/** One of the editor's four sections; its open or closed state lives in the UI config. */
export function CollapsibleSection(props: {
  title: string;
  collapsed: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  const contentId = useId();
  return (
    <section className="rounded-xl border border-line bg-surface">
      <h2>
        <button
          type="button"
          aria-expanded={!props.collapsed}
          aria-controls={contentId}
          onClick={props.onToggle}
          className="flex w-full items-center justify-between gap-3 px-5 py-4 text-left font-semibold hover:text-gold-bright"
        >
          {props.title}
          <ChevronDown
            aria-hidden="true"
            className={cn('size-5 transition-transform', props.collapsed ? '-rotate-90' : '')}
          />
        </button>
      </h2>
      <div id={contentId} hidden={props.collapsed} className="border-t border-line px-5 py-5">
        {props.children}
      </div>
    </section>
  );
}
