import { clsx } from 'clsx';
import { Boxes } from 'lucide-react';

export interface BrandLogoProps {
  /** Light text for dark backgrounds. */
  inverted?: boolean;
  className?: string;
}

export function BrandLogo({ inverted = false, className }: BrandLogoProps) {
  return (
    <span className={clsx('inline-flex items-center gap-2.5', className)}>
      <span className="flex size-9 items-center justify-center rounded-lg bg-indigo-600 text-white shadow-sm">
        <Boxes aria-hidden="true" className="size-5" />
      </span>
      <span className="leading-tight">
        <span className={clsx('block text-base font-bold', inverted ? 'text-white' : 'text-slate-900')}>
          KandyPack
        </span>
        <span
          className={clsx(
            'block text-[11px] font-medium tracking-wider uppercase',
            inverted ? 'text-indigo-200' : 'text-indigo-600',
          )}
        >
          Portal
        </span>
      </span>
    </span>
  );
}
