import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '#web/components/ui/button';
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
  return (
    <nav
      aria-label="Pagination"
      className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600"
    >
      <p>{total > 0 ? `Showing ${from}–${to} of ${total}` : 'No results'}</p>
      <div className="flex items-center gap-3">
        <Button variant="secondary" size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          Previous
        </Button>
        <span aria-live="polite">
          Page {Math.min(page, pages)} of {pages}
        </span>
        <Button variant="secondary" size="sm" onClick={() => onPageChange(page + 1)} disabled={page >= pages}>
          Next
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </nav>
  );
}
