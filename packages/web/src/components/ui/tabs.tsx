import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface TabDefinition {
  value: string;
  label: string;
  content: ReactNode;
}

/** Tabs with arrow-key navigation (Radix). */
export function Tabs(props: {
  label: string;
  tabs: readonly TabDefinition[];
  value: string;
  onValueChange: (value: string) => void;
  /** Classes of the tab list; two equal columns unless given. */
  listClassName?: string;
}) {
  return (
    <TabsPrimitive.Root value={props.value} onValueChange={props.onValueChange}>
      <TabsPrimitive.List
        aria-label={props.label}
        className={cn(
          'mb-6 grid gap-1 rounded-lg border border-line bg-page p-1',
          props.listClassName ?? 'grid-cols-2',
        )}
      >
        {props.tabs.map((tab) => (
          <TabsPrimitive.Trigger
            key={tab.value}
            value={tab.value}
            className="h-10 rounded-md text-sm font-semibold text-muted transition-colors hover:text-ink data-[state=active]:bg-surface-raised data-[state=active]:text-gold-bright"
          >
            {tab.label}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      {props.tabs.map((tab) => (
        <TabsPrimitive.Content key={tab.value} value={tab.value} className="outline-none">
          {tab.content}
        </TabsPrimitive.Content>
      ))}
    </TabsPrimitive.Root>
  );
}
