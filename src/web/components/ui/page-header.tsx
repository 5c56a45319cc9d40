import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { usePageTitle } from '#web/lib/page-title';

export interface PageHeaderProps {
  title: ReactNode;
  /** The page's name in the browser tab; by default the title, when it is text. */
  pageTitle?: string;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
}

/** The page's h1 with an optional description and right-aligned actions; names the browser tab too. */
export function PageHeader({ title, pageTitle, description, actions, className }: PageHeaderProps) {
  usePageTitle(pageTitle ?? (typeof title === 'string' ? title : null));
  return (
    <div className={clsx('mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between', className)}>
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
