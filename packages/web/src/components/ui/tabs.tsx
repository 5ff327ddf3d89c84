import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';

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
}) {
  return (
    <TabsPrimitive.Root value={props.value} onValueChange={props.onValueChange}>
      <TabsPrimitive.List
        aria-label={props.label}
        className="mb-6 grid grid-cols-2 gap-1 rounded-lg border border-line bg-page p-1"
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
