import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

export interface ViewTab {
  value: string;
  label: ReactNode;
}

/** One row of tabs whose single panel shows the chosen tab's content (the period tabs, and the
 * gender tabs inside them). Arrow keys move between tabs (Radix). */
export function ViewTabs(props: {
  label: string;
  tabs: readonly ViewTab[];
  value: string;
  onValueChange: (value: string) => void;
  children: ReactNode;
  size?: 'md' | 'sm';
}) {
  return (
    <TabsPrimitive.Root value={props.value} onValueChange={props.onValueChange}>
      <TabsPrimitive.List
        aria-label={props.label}
        className="grid auto-cols-fr grid-flow-col gap-1 rounded-lg border border-line bg-page p-1"
      >
        {props.tabs.map((tab) => (
          <TabsPrimitive.Trigger
            key={tab.value}
            value={tab.value}
            className={cn(
              'rounded-md px-1 text-xs font-semibold whitespace-nowrap text-muted transition-colors hover:text-ink data-[state=active]:bg-surface-raised data-[state=active]:text-gold-bright sm:px-2 sm:text-sm',
              props.size === 'sm' ? 'h-9' : 'h-10',
            )}
          >
            {tab.label}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      {props.tabs.map((tab) => (
        <TabsPrimitive.Content key={tab.value} value={tab.value} className="mt-4 outline-none">
          {tab.value === props.value ? props.children : null}
        </TabsPrimitive.Content>
      ))}
    </TabsPrimitive.Root>
  );
}
