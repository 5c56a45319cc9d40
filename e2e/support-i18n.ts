import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { OrderDetail } from '#shared/contract/orders';
import { apiAs } from './support';

/**
 * Latin-letter words a translated page may show: brand names, language names, units and codes.
 * Product names, people's names and addresses come from the database: pass them to expectNoEnglish.
 */
export const ALLOWED_LATIN = ['KandyPack', 'KandyPack Portal', 'Portal', 'English', 'LKR', 'CSV', 'PDF'];

/**
 * The rendered text nodes of the page (screen-reader-only ones too) made only of Latin letters (with digits, spaces and
 * punctuation) and not on the allow-list: English left behind in a Sinhala or Tamil page.
 * An e-mail address, a phone number or a code such as "#12" is not English.
 */
export async function englishLeftBehind(page: Page, allow: readonly string[] = []): Promise<string[]> {
  return page.evaluate(
    (allowed) => {
      const found: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        let text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
        const parent = node.parentElement;
        if (!text || !parent || parent.closest('script, style, option, [aria-hidden="true"]')) continue;
        // rendered text, screen-reader-only text included: a screen reader reads it in the page's language
        const style = getComputedStyle(parent);
        if (style.visibility === 'hidden' || parent.getClientRects().length === 0) continue;
        for (const word of [...allowed].sort((a, b) => b.length - a.length))
          text = text.split(word).join(' ');
        text = text.replace(/\S+@\S+\.\S+/g, ' ').replace(/#\d+/g, ' ');
        // only Latin letters, digits, spaces and punctuation: no Sinhala or Tamil letter in it
        if (/[A-Za-z]{2,}/.test(text) && !/[\u0D80-\u0DFF\u0B80-\u0BFF]/.test(text)) found.push(text.trim());
      }
      return found;
    },
    [...ALLOWED_LATIN, ...allow],
  );
}

/** Fails, naming what it found, when the page shows English that should have been translated. */
export async function expectNoEnglish(page: Page, where: string, allow: readonly string[] = []) {
  expect(await englishLeftBehind(page, allow), `English left behind on ${where}`).toEqual([]);
}

/**
 * Stores English again for these demo users: a language picked in a journey is stored on the
 * server (PUT /api/auth/profile/language) and would follow them into the other e2e files.
 */
export async function backToEnglish(...usernames: string[]) {
  for (const username of usernames) {
    const call = await apiAs(username);
    await call('/auth/profile/language', { method: 'PUT', body: JSON.stringify({ language: 'en' }) });
  }
}

/** Fails when text sticks out of the page sideways or the words of a button or link of the page are cut. */
export async function expectNoOverflow(page: Page, where: string) {
  const problems = await page.evaluate(() => {
    const out: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth + 1)
      out.push(`page ${document.documentElement.scrollWidth}px wide in ${window.innerWidth}px`);
    // the page's own buttons and links (and its dialogs'): the header's bell wears its badge outside on purpose
    for (const b of document.querySelectorAll<HTMLElement>(
      'main button, main a, [role="dialog"] button, [role="dialog"] a',
    )) {
      // not rendered, or clipped on purpose (screen-reader-only)
      if (b.getClientRects().length === 0 || b.clientWidth <= 2 || b.closest('.sr-only')) continue;
      if (b.scrollWidth > b.clientWidth + 1)
        out.push(`cut: ${b.textContent?.trim()} (${b.outerHTML.slice(0, 160)})`);
    }
    // a dialog's buttons stay inside it
    for (const dialog of document.querySelectorAll<HTMLElement>('[role="dialog"]')) {
      const box = dialog.getBoundingClientRect();
      for (const b of dialog.querySelectorAll<HTMLElement>('button')) {
        const r = b.getBoundingClientRect();
        if (r.width > 2 && (r.left < box.left - 1 || r.right > box.right + 1))
          out.push(`outside its dialog: ${b.textContent?.trim()}`);
      }
    }
    return out;
  });
  expect(problems, `overflow on ${where}`).toEqual([]);
}

/** The fields of an order that show what the database holds, in every language (names, places, notes). */
const DATA_FIELDS = new Set([
  'product_name',
  'products',
  'delivery_address',
  'special_instructions',
  'customer_name',
  'train_name',
  'route_name',
  'plate_number',
  'driver_name',
  'file_name',
  'recipient_name',
  'confirmed_by',
  'note',
]);

/** An order's data words; the server's English (status, stage, next step, reasons) is not among them. */
function dataWords(value: unknown, field = ''): string[] {
  if (typeof value === 'string') return DATA_FIELDS.has(field) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((v) => dataWords(v, field));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, v]) => dataWords(v, key));
  return [];
}

/** What an order's page shows as the database holds it: allowed on a Sinhala or Tamil page. */
export function orderDataWords(detail: OrderDetail): string[] {
  const words = dataWords(detail);
  // a change by our team names who made it (the customer's own reads "you")
  for (const c of detail.changes) if (!c.by_customer && c.changed_by) words.push(c.changed_by);
  return words;
}
