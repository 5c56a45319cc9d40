import { useSearchParams } from 'react-router';

/** Filters kept in the URL (shareable, survive a reload); setting one resets the page. */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  function update(changes: Record<string, string | null>) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  }
  return { params, update };
}
