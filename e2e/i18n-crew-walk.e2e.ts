import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { Assignment, DeliveryItem } from '#shared/contract/crew';
import type { Notification } from '#shared/contract/notifications';
import si from '#web/i18n/locales/si.json';
import ta from '#web/i18n/locales/ta.json';
import { apiAs, loginAs, screenshot, setupBrowser } from './support';
import { backToEnglish, expectNoEnglish } from './support-i18n';
import { finishRun, runOfItsOwn } from './support-runs';

// The driver and assistant portal in Sinhala and Tamil (issue 26): a Tamil driver's day on a
// phone, offline included, then a walk of every crew route in both languages failing on any
// visible English left behind (expectNoEnglish, e2e/support-i18n.ts).

const browser = setupBrowser();
// the languages picked here are stored on the server: the other e2e files expect English
afterAll(() => backToEnglish('driver', 'assistant'));
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };
/** The demo customer (seed-data CUSTOMER_DATA[0]), one of the stops of the demo crew's next run. */
const DEMO_CUSTOMER = 'Perera Grocery';
/** Signs in (English sign-in page) and switches the portal to `lang` with its header switch. */
async function signInIn(page: Page, username: string, lang: 'si' | 'ta') {
  await loginAs(page, username);
  await page.waitForURL((url) => url.pathname === '/assistant');
  await page.getByTestId('language-switch').selectOption(lang);
  await page.locator(`html[lang="${lang}"]`).waitFor({ state: 'attached' });
}

/** What the database says, shown as it is in every language (names, places, plates, products). */
async function databaseWords(username: string): Promise<string[]> {
  const call = await apiAs(username);
  const me = await call<{ employee_id: number; user_name: string; email: string }>('/auth/profile');
  const runs = await call<Assignment[]>(`/deliveries/assistant/${me.employee_id}/assignments`);
  const words = [me.user_name, me.email];
  for (const r of runs) {
    words.push(r.route_name, r.store_city, r.end_location, r.plate_number, ...r.route_towns);
    words.push(
      r.crew_mate_name ?? '',
      r.driver_name ?? '',
      r.assistant_name ?? '',
      r.truck_status_note ?? '',
    );
    if (r.status !== 'In Transit') continue;
    for (const i of await call<DeliveryItem[]>(`/deliveries/${r.delivery_id}/order-items`)) {
      words.push(i.customer_name, i.product_name, i.delivery_address, i.special_instructions ?? '');
      words.push(i.contact_number ?? '', i.recipient_name ?? '', i.confirmed_by ?? '');
    }
  }
  // notification texts are made by the server (in the recipient's language on the server branch)
  const notes = await call<Notification[]>(`/deliveries/assistant/${me.employee_id}/notifications`);
  words.push(...notes.map((n) => n.message));
  return words.filter((w) => /[A-Za-z]/.test(w));
}

/** No text sticks out of the page sideways, and no button is cut. */
async function expectNoOverflow(page: Page, where: string) {
  const problems = await page.evaluate(() => {
    const out: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth + 1)
      out.push(`page ${document.documentElement.scrollWidth}px wide in ${window.innerWidth}px`);
    for (const b of document.querySelectorAll<HTMLElement>('button')) {
      // not rendered, or clipped on purpose (screen-reader-only)
      if (b.getClientRects().length === 0 || b.clientWidth <= 2) continue;
      if (b.scrollWidth > b.clientWidth + 1) out.push(`cut: ${b.textContent?.trim()}`);
    }
    return out;
  });
  expect(problems, `overflow on ${where}`).toEqual([]);
}

/** The first item of the stop still to confirm, by its Tamil label "Confirm {product} ...". */
const nextOpenItem = (page: Page, stop: Locator) =>
  stop
    .getByRole('button', { name: /உறுதிசெய்$/ })
    .and(page.locator(':enabled'))
    .first();

describe('the crew portal in Tamil and Sinhala', () => {
  it('a Tamil driver starts a delivery on a phone and confirms an item offline; the queue speaks Tamil', {
    timeout: 150_000,
  }, async () => {
    // a run of its own: the demo crew's seeded run is assistant.e2e.ts's to start
    const own = await runOfItsOwn(2);
    const page = await browser.newPage(PHONE);
    await signInIn(page, own.driverName, 'ta');
    await page.getByRole('heading', { name: /^வணக்கம்/ }).waitFor();
    await page.goto('/assistant/assignments');
    const deliveryId = own.run;
    const start = page
      .getByRole('region', { name: /^(இன்று|வரும் நாட்கள்)$/ })
      .getByRole('button', { name: `விநியோகம் #${deliveryId} தொடங்கு` });
    await start.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'விநியோகம் தொடங்கு' }).click();
    await page.waitForURL((url) => url.pathname === '/assistant/confirmation');
    await page.getByText(`விநியோகம் #${deliveryId} ·`).waitFor();
    await screenshot(page, 'i18n-crew-ta-confirmation');

    // the service worker holds the app and the day's data; then no signal
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    const stop = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: DEMO_CUSTOMER }) });
    await nextOpenItem(page, stop).waitFor();
    await page.context().setOffline(true);
    await page.getByText('இணைப்பு இல்லை. வேலையைத் தொடருங்கள்').waitFor();

    await nextOpenItem(page, stop).click();
    const dialog = page.getByRole('dialog', { name: 'விநியோகத்தை உறுதிசெய்' });
    // the name is required, said in Tamil
    await dialog.getByRole('button', { name: 'உறுதிசெய்', exact: true }).click();
    await dialog.getByText('பொருட்களைப் பெற்றவரின் பெயரை உள்ளிடுங்கள்').waitFor();
    await dialog.getByLabel('பெற்றவர்').fill('Nimal Perera');
    await dialog.getByRole('button', { name: 'உறுதிசெய்', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await stop.getByText('அனுப்பக் காத்திருக்கிறது · பெற்றவர்: Nimal Perera').waitFor();
    await page.getByText('1 உறுதிப்படுத்தல் அனுப்பக் காத்திருக்கிறது').waitFor();
    await page.getByText('இந்த போனில் சேமிக்கப்பட்டுள்ளது; இணைப்பு வந்ததும் தானாக அனுப்பப்படும்.').waitFor();
    const words = await databaseWords(own.driverName);
    await expectNoEnglish(page, 'the confirmation page offline (ta)', [...words, 'Nimal Perera']);
    await expectNoOverflow(page, 'the confirmation page offline (ta)');
    await screenshot(page, 'i18n-crew-ta-offline');

    // the signal returns: it is sent, and the item reads received
    await page.context().setOffline(false);
    await stop
      .getByText(/^பெற்றவர்: Nimal Perera/)
      .first()
      .waitFor();
    // the item reads received as soon as the server acknowledges it, a moment before its entry
    // leaves the phone's queue and the queue's line goes (flushQueue's onSent, on purpose)
    await page.getByText('அனுப்பக் காத்திருக்கிறது').first().waitFor({ state: 'detached' });
    expect(await page.getByText('அனுப்பக் காத்திருக்கிறது').count()).toBe(0);
    await page.context().close();
    await finishRun(own.driverName, own.run);
  });

  for (const lang of ['si', 'ta'] as const) {
    it(`every crew route reads ${lang} for a driver and an assistant, on a phone and a desktop`, async () => {
      for (const who of ['driver', 'assistant']) {
        const words = await databaseWords(who);
        for (const [size, options] of [
          ['phone', PHONE],
          ['desktop', DESKTOP],
        ] as const) {
          const page = await browser.newPage(options);
          await signInIn(page, who, lang);
          for (const route of [
            '/assistant',
            '/assistant/assignments',
            '/assistant/confirmation',
            '/assistant/notifications',
          ]) {
            await page.goto(route);
            await page.locator(`html[lang="${lang}"]`).waitFor({ state: 'attached' });
            await page.getByRole('heading', { level: 1 }).waitFor();
            // wait for the screen's data: no spinner left
            await expect.poll(() => page.getByRole('status').filter({ hasText: '...' }).count()).toBe(0);
            const where = `${route} (${who}, ${lang}, ${size})`;
            await expectNoEnglish(page, where, words);
            await expectNoOverflow(page, where);
            await screenshot(page, `i18n-crew-${lang}-${who}-${size}${route.replaceAll('/', '-')}`);
          }
          if (size === 'phone') {
            // the menu, opened
            await page.getByRole('button', { name: { si, ta }[lang]['layout.openMenu'] }).click();
            await expectNoEnglish(page, `the menu (${who}, ${lang})`, words);
          }
          await page.context().close();
        }
      }
    });
  }
});
