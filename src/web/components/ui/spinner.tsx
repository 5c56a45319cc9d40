import { clsx } from 'clsx';
import { useT } from '#web/i18n/provider';

/** A decorative spinning ring; pair it with text or use `Loading` for a labelled state. */
export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={clsx(
        'inline-block size-5 animate-spin rounded-full border-2 border-current border-r-transparent',
        className,
      )}
    />
  );
}

export interface LoadingProps {
  label?: string;
  className?: string;
  /** Fills the viewport, for whole-page loads (session, lazy portals). */
  fullScreen?: boolean;
}

export function Loading({ label, className, fullScreen = false }: LoadingProps) {
  const t = useT();
  return (
    <div
      role="status"
      aria-live="polite"
      className={clsx(
        'flex items-center justify-center gap-3 py-10 text-sm text-slate-600',
        fullScreen && 'min-h-screen',
        className,
      )}
    >
      <Spinner className="text-indigo-600" />
      <span>{label ?? t('common.loading')}</span>
    </div>
  );
}
