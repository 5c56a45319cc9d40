import * as RadixTabs from '@radix-ui/react-tabs';
import { clsx } from 'clsx';
import type { ComponentProps } from 'react';

/** Radix tabs with the kit's styling; keyboard navigation and ARIA come from Radix. */
export const Tabs = RadixTabs.Root;

export interface TabsListProps extends ComponentProps<typeof RadixTabs.List> {
  /** Fill the container's width, the triggers sharing it equally. */
  stretch?: boolean;
}

export function TabsList({ className, stretch = false, ...rest }: TabsListProps) {
  return (
    <RadixTabs.List
      className={clsx(
        'items-center gap-1 rounded-lg bg-slate-100 p-1',
        stretch ? 'flex w-full *:flex-1' : 'inline-flex',
        className,
      )}
      {...rest}
    />
  );
}

export function TabsTrigger({ className, ...rest }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={clsx(
        'inline-flex items-center justify-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 transition-colors',
        'hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
        'data-[state=active]:bg-white data-[state=active]:text-indigo-700 data-[state=active]:shadow-sm',
        className,
      )}
      {...rest}
    />
  );
}

export function TabsContent({ className, ...rest }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={clsx('mt-4 focus-visible:outline-none', className)} {...rest} />;
}
