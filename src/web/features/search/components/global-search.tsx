import { clsx } from 'clsx';
import { ArrowRight, Search, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { SearchGroup, SearchKind } from '#shared/contract/search';
import type { Portal } from '#shared/roles';
import { Spinner } from '#web/components/ui/spinner';
import { knownText } from '#web/i18n/known-texts';
import { useT } from '#web/i18n/provider';
import { useDebouncedValue } from '#web/lib/use-debounced-value';
import { useSearch } from '../api/search';
import { GROUP_NAMES, searchHint } from '../lib/search-hint';
import { seeAllLabel, seeAllNote } from '../lib/see-all-label';
import { Marked } from './marked';

/** Kinds whose hits carry a date or time (written in Colombo time by the server). */
const TIMED_KINDS = new Set<SearchKind>(['order', 'delivery', 'train_trip', 'stock_movement']);

/** The box waits this long after the last key before asking the server. */
const DEBOUNCE_MS = 200;

interface Item {
  key: string;
  path: string;
  group: number;
}

/** Hits in screen order, each group's "see all" link after its hits: what the arrow keys walk. */
function flatten(groups: readonly SearchGroup[]): Item[] {
  return groups.flatMap((g, group) => [
    ...g.hits.map((h) => ({ key: `${h.kind}-${h.id}`, path: h.path, group })),
    ...(g.more_path ? [{ key: `${g.kind}-more`, path: g.more_path, group }] : []),
  ]);
}

/** Typing in a field of its own: `/` is a character there, not the search shortcut. */
function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

/**
 * The top-bar search of every portal: results as you type (debounced; the answer for the
 * latest text wins), grouped by kind, arrow keys and Enter, opened with `/` or Ctrl+K from
 * anywhere; full screen on a phone.
 */
export function GlobalSearch({ portal }: { portal: Portal }) {
  const navigate = useNavigate();
  const t = useT();
  const inputRef = useRef<HTMLInputElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const q = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const search = useSearch(q);
  const trimmed = text.trim();
  const data = trimmed && search.data ? search.data : null;
  const groups = data?.groups ?? [];
  const items = useMemo(() => flatten(groups), [groups]);
  const stale = !!data && data.q !== trimmed;
  const timed = groups.some((g) => TIMED_KINDS.has(g.kind));

  // a new answer: the best match is the one Enter opens
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the answer changes
  useEffect(() => setActive(0), [data]);

  useEffect(() => {
    function onKey(event: globalThis.KeyboardEvent) {
      const shortcut =
        (event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTyping(event.target)) ||
        ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k');
      if (!shortcut) return;
      event.preventDefault();
      setOpen(true);
      inputRef.current?.focus();
      inputRef.current?.select();
    }
    function onPointer(event: PointerEvent) {
      if (!boxRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, []);

  useEffect(() => {
    document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, listId]);

  function close() {
    setOpen(false);
    inputRef.current?.blur();
  }

  function go(path: string) {
    setText('');
    close();
    navigate(path);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (items.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + items.length) % items.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const item = items[active];
      if (item && !stale) go(item.path);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (open) close();
      else setText('');
    }
  }

  const showPanel = open;
  // the listbox is on screen only with results (not the hint, the wait, an error or "no results"):
  // the input is expanded, names it and its active option only then
  const listed = showPanel && items.length > 0 && !(search.isError && !stale);
  const waiting = trimmed !== '' && (trimmed !== q || search.isFetching) && !search.isError;
  let index = -1;

  return (
    <search
      ref={boxRef}
      className={clsx(
        'relative max-w-md flex-1',
        open &&
          'max-sm:fixed max-sm:inset-0 max-sm:z-50 max-sm:flex max-sm:max-w-none max-sm:flex-col max-sm:bg-white max-sm:p-3',
      )}
    >
      <div className="flex items-center gap-2">
        <form className="relative flex-1" onSubmit={(event) => event.preventDefault()}>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          />
          <input
            ref={inputRef}
            type="search"
            role="combobox"
            aria-label={t('search.label')}
            aria-expanded={listed}
            aria-controls={listed ? listId : undefined}
            aria-autocomplete="list"
            aria-activedescendant={listed ? `${listId}-${active}` : undefined}
            autoComplete="off"
            spellCheck={false}
            placeholder={t('search.placeholder')}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onKeyDown={onKeyDown}
            className={clsx(
              'h-9 w-full rounded-lg border border-slate-200 bg-slate-50 pl-9 text-sm text-slate-900 placeholder:text-slate-400 focus:border-indigo-500 focus:bg-white focus:ring-2 focus:ring-indigo-200 focus:outline-none max-sm:pl-8 max-sm:text-base [&::-webkit-search-cancel-button]:hidden',
              // the right edge holds the clear button (with text) or the "/" hint (wider screens
              // only): on a phone an empty box gives that room to the placeholder
              text ? 'pr-9' : 'pr-2 sm:pr-9',
            )}
          />
          {!text && !open && (
            <kbd
              title={t('search.shortcut')}
              className="absolute top-1/2 right-2 hidden -translate-y-1/2 rounded border border-slate-200 bg-white px-1.5 text-xs text-slate-500 sm:block"
            >
              /
            </kbd>
          )}
          {waiting ? (
            <Spinner className="absolute top-2.5 right-3 size-4 text-indigo-500" />
          ) : (
            text && (
              <button
                type="button"
                aria-label={t('search.clear')}
                onClick={() => {
                  setText('');
                  inputRef.current?.focus();
                }}
                className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-0.5 text-slate-400 hover:text-slate-600"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            )
          )}
        </form>
        {open && (
          <button
            type="button"
            onClick={close}
            className="rounded-md px-2 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 sm:hidden"
          >
            {t('search.cancel')}
          </button>
        )}
      </div>
      {showPanel && (
        <div
          className={clsx(
            'absolute inset-x-0 top-full z-30 mt-2 max-h-[70vh] overflow-y-auto rounded-xl border border-slate-200 bg-white shadow-lg sm:min-w-[28rem]',
            'max-sm:static max-sm:mt-3 max-sm:max-h-none max-sm:flex-1 max-sm:rounded-none max-sm:border-0 max-sm:shadow-none',
          )}
        >
          {!trimmed ? (
            <p className="px-4 py-3 text-sm text-slate-500">{searchHint(t, portal)}</p>
          ) : search.isError && !stale ? (
            <div
              role="alert"
              className="flex items-center justify-between gap-3 px-4 py-3 text-sm text-red-700"
            >
              <span>{t('search.failed', { reason: knownText(t, search.error.message) })}</span>
              <button
                type="button"
                onClick={() => search.refetch()}
                className="font-medium text-indigo-700 hover:underline"
              >
                {t('search.retry')}
              </button>
            </div>
          ) : !data ? (
            <p role="status" className="px-4 py-3 text-sm text-slate-500">
              {t('search.searching')}
            </p>
          ) : groups.length === 0 ? (
            <p role="status" className={clsx('px-4 py-3 text-sm text-slate-600', stale && 'opacity-60')}>
              {t('search.noResults', { q: data.q })}
            </p>
          ) : (
            <div
              id={listId}
              role="listbox"
              aria-label={t('search.resultsFor', { q: data.q })}
              aria-busy={stale}
              className={clsx('py-1', stale && 'opacity-60')}
            >
              {groups.map((group, g) => (
                // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox (ARIA combobox pattern), not a form fieldset
                <div key={group.kind} role="group" aria-labelledby={`${listId}-g${g}`} className="py-1">
                  <p
                    id={`${listId}-g${g}`}
                    className="px-4 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase"
                  >
                    {t(GROUP_NAMES[group.kind])}
                  </p>
                  {group.hits.map((hit) => {
                    index += 1;
                    const i = index;
                    return (
                      <div
                        key={`${hit.kind}-${hit.id}`}
                        id={`${listId}-${i}`}
                        role="option"
                        aria-selected={i === active}
                        tabIndex={-1}
                        onPointerMove={() => setActive(i)}
                        onClick={() => go(hit.path)}
                        onKeyDown={() => undefined}
                        className={clsx(
                          'mx-1 cursor-pointer rounded-lg px-3 py-2',
                          i === active ? 'bg-indigo-50' : 'hover:bg-slate-50',
                        )}
                      >
                        <p className="truncate text-sm font-medium text-slate-900">
                          <Marked text={hit.title} marks={hit.title_highlights} />
                        </p>
                        {hit.subtitle && (
                          <p className="truncate text-xs text-slate-600">
                            <Marked text={hit.subtitle} marks={hit.subtitle_highlights} />
                          </p>
                        )}
                      </div>
                    );
                  })}
                  {group.more_path &&
                    (() => {
                      index += 1;
                      const i = index;
                      const path = group.more_path;
                      return (
                        <div
                          id={`${listId}-${i}`}
                          role="option"
                          aria-selected={i === active}
                          tabIndex={-1}
                          onPointerMove={() => setActive(i)}
                          onClick={() => go(path)}
                          onKeyDown={() => undefined}
                          className={clsx(
                            'mx-1 flex cursor-pointer items-center gap-1 rounded-lg px-3 py-2 text-sm font-medium text-indigo-700',
                            i === active ? 'bg-indigo-50' : 'hover:bg-slate-50',
                          )}
                        >
                          {seeAllLabel(t, group, data.q)}
                          <ArrowRight aria-hidden="true" className="size-4" />
                        </div>
                      );
                    })()}
                  {group.more_path && seeAllNote(t, group, portal) && (
                    <p className="px-4 pb-1 text-xs text-slate-500">{seeAllNote(t, group, portal)}</p>
                  )}
                </div>
              ))}
            </div>
          )}
          {trimmed && timed && (
            <p className="border-t border-slate-100 px-4 py-2 text-xs text-slate-500">{t('search.times')}</p>
          )}
          {trimmed && (
            <p className="hidden border-t border-slate-100 px-4 py-2 text-xs text-slate-500 sm:block">
              {t('search.keys')}
            </p>
          )}
        </div>
      )}
    </search>
  );
}
