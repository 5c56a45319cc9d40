import { createContext, useContext, useEffect, useId } from 'react';

/** The name every browser tab ends with. */
export const APP_NAME = 'KandyPack';

/**
 * A tab's title from the most particular to the most general part, e.g.
 * "Order #45 · Customer Portal · KandyPack"; empty parts are left out.
 */
export function composeTitle(...parts: readonly (string | null | undefined)[]): string {
  return [...parts, APP_NAME]
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(' · ');
}

/**
 * The titles the mounted screens ask for, in the order they first asked: the latest one shows
 * (a detail dialog opened over a list names the tab while it is open, the list again once it
 * closes). A screen that changes its title keeps its place. A base title (a portal's, while its
 * page loads) shows only when no page names itself: React runs a layout's effects after its
 * pages', so order alone would put it on top.
 */
export class TitleStack {
  readonly #titles = new Map<string, { title: string; base: boolean }>();
  constructor(private readonly fallback: string) {}

  set(key: string, title: string, base = false) {
    this.#titles.set(key, { title, base });
  }

  remove(key: string) {
    this.#titles.delete(key);
  }

  current(): string {
    const entries = [...this.#titles.values()];
    return entries.filter((e) => !e.base).at(-1)?.title ?? entries.at(-1)?.title ?? this.fallback;
  }
}

// index.html's own title, shown until a screen names itself
const stack = new TitleStack(typeof document === 'undefined' ? APP_NAME : document.title);

/**
 * Names the tab `title` (a whole title, see composeTitle) while the calling component is mounted;
 * `base`: only while no screen inside it names itself.
 */
export function useDocumentTitle(title: string | null | undefined, base = false) {
  const key = useId();
  useEffect(() => {
    if (!title) return;
    stack.set(key, title, base);
    document.title = stack.current();
    return () => {
      stack.remove(key);
      document.title = stack.current();
    };
  }, [key, title, base]);
}

/** The portal a screen belongs to ("Customer Portal"), set by the portal's layout. */
export const PortalTitleContext = createContext<string | null>(null);

/** Names the tab after the page, inside its portal: "New Order · Customer Portal · KandyPack". */
export function usePageTitle(page: string | null | undefined) {
  const portal = useContext(PortalTitleContext);
  useDocumentTitle(page ? composeTitle(page, portal) : null);
}
