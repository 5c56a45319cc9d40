import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '#web/components/ui/button';
import { useT } from '#web/i18n/provider';
import { pageCount, pageRange } from '#web/lib/pagination';

export interface PaginationBarProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
}

/** Previous / Next with "Page X of Y", from the list's X-Total-Count. */
export function PaginationBar({ page, pageSize, total, onPageChange }: PaginationBarProps) {
  const pages = pageCount(total, pageSize);
  const { from, to } = pageRange(page, pageSize, total);
  const t = useT();
  return (
    <nav
      aria-label={t('common.pagination')}
      className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600"
    >
      <p>{total > 0 ? t('common.showing', { from, to, total }) : t('common.noResults')}</p>
      <div className="flex items-center gap-3">
        <Button variant="secondary" size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          {t('common.previous')}
        </Button>
        <span aria-live="polite">{t('common.pageOf', { page: Math.min(page, pages), pages })}</span>
        <Button variant="secondary" size="sm" onClick={() => onPageChange(page + 1)} disabled={page >= pages}>
          {t('common.next')}
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </nav>
  );
}
