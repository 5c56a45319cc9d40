import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { OrderDetail } from '#shared/contract/orders';
import si from '#web/i18n/locales/si.json';
import ta from '#web/i18n/locales/ta.json';
import { apiAs, screenshot, setupBrowser, tokenOf } from './support';
import { backToEnglish, expectNoEnglish, expectNoOverflow, orderDataWords } from './support-i18n';

const browser = setupBrowser();
// the languages picked here are stored on the server: the other e2e files expect English
afterAll(() => backToEnglish('customer'));

/** A page that starts in `language`, as a browser whose person chose it before. */
async function pageIn(language: string, options = {}): Promise<Page> {
  const page = await browser.newPage(options);
  await page.context().addInitScript((l) => localStorage.setItem('kandypack.language', l), language);
  return page;
}

async function signInWithToken(page: Page, username: string) {
  const access_token = await tokenOf(username);
  await page.context().addInitScript((token) => localStorage.setItem('auth_token', token), access_token);
}

/** Waits for the page to settle on its translated screen: html lang set, no spinner left. */
async function settled(page: Page, language: string) {
  await page.waitForFunction((l) => document.documentElement.lang === l, language);
  await page.waitForFunction(
    () => document.querySelectorAll('[role="status"] svg.animate-spin').length === 0,
  );
}

// The walk: every route of the landing page, the sign-in pages and the customer portal in si and ta
// (the crew portal adds its routes here), the notifications panel and the search box opened once;
// an order's own pages (detail, edit, the cancel dialog) are walked below.
const PUBLIC_ROUTES = ['/', '/login', '/customer/login'];
const CUSTOMER_ROUTES = [
  '/customer',
  '/customer/new-order',
  '/customer/history',
  '/customer/support',
  '/customer/guidelines',
];

/** Fails when the page is wider than its window: a long word pushed something off the screen. */
async function expectNoSideScroll(page: Page, where: string) {
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  // the viewport as set, not window.innerWidth: a mobile browser zooms out to a page wider than the
  // screen, and innerWidth grows with it
  const width = page.viewportSize()?.width ?? 0;
  expect(scroll, `${where} is wider than the window`).toBeLessThanOrEqual(width);
}

describe('no English left behind', () => {
  for (const language of ['si', 'ta']) {
    it(`landing, sign-in and the customer portal in ${language}`, async () => {
      const call = await apiAs('customer');
      // data from the database, shown as stored in every language: product names, and whatever the
      // other e2e files wrote into the demo customer's orders (addresses, notes, names)
      const products = (await call<{ productName: string }[]>('/products')).map((p) => p.productName);
      const orders = await call<Array<Record<string, unknown>>>('/orders?page=1&page_size=100');
      for (const order of orders)
        for (const value of Object.values(order)) if (typeof value === 'string') products.push(value);
      // a support request of the customer's own (what it wrote is data), shown open with its
      // conversation; the requests and notifications other e2e files wrote are data too
      const request = await call<{ request_id: number }>('/support/requests', {
        method: 'POST',
        body: JSON.stringify({
          subject: `Gate code (${language})`,
          message: 'The back gate is locked after 5 pm.',
        }),
      });
      const requests = await call<Array<{ subject: string; message: string }>>('/support/requests');
      for (const r of requests) products.push(r.subject, r.message);
      const thread = await call<{ messages: Array<{ body: string }> }>(
        `/support/requests/${request.request_id}`,
      );
      for (const m of thread.messages) products.push(m.body);
      const notes = await call<Array<{ message: string }>>('/notifications');
      for (const n of notes) products.push(n.message);
      const page = await pageIn(language, { viewport: { width: 1280, height: 800 } });
      for (const route of PUBLIC_ROUTES) {
        await page.goto(route);
        await settled(page, language);
        await page.locator('main, h1').first().waitFor();
        await expectNoEnglish(page, `${route} (${language})`);
      }
      await page.getByRole('tab').nth(1).click();
      await expectNoEnglish(page, `/customer/login sign-up tab (${language})`);

      await signInWithToken(page, 'customer');
      // the person chose it before: stored on the profile too (the stored language wins at sign-in,
      // and another e2e file may have stored English for the demo customer)
      await call('/auth/profile/language', { method: 'PUT', body: JSON.stringify({ language }) });
      for (const route of CUSTOMER_ROUTES) {
        await page.goto(route);
        await settled(page, language);
        await page.locator('main h1').waitFor();
        await expectNoEnglish(page, `${route} (${language})`, products);
      }

      // a request opened: its status, conversation and reply box
      await page.goto(`/customer/support?request=${request.request_id}`);
      await settled(page, language);
      await page.locator(`#support-request-${request.request_id} textarea`).waitFor();
      await expectNoEnglish(page, `/customer/support, request open (${language})`, products);
      await screenshot(page, `i18n-support-${language}-1280`);

      // the header's bell opens the notifications panel
      const bell = language === 'si' ? 'දැනුම්දීම්' : 'அறிவிப்புகள்';
      await page.getByRole('button', { name: new RegExp(`^${bell}`) }).click();
      await page.getByRole('dialog').waitFor();
      await settled(page, language);
      await expectNoEnglish(page, `notifications panel (${language})`, products);
      await screenshot(page, `i18n-notifications-${language}-1280`);
      await page.keyboard.press('Escape');

      // the top-bar search: its hint, then the hits for one of the customer's order numbers
      const box = page.locator('header input[type="search"]');
      await box.focus();
      await expectNoEnglish(page, `search hint (${language})`, products);
      await box.fill(String(orders[0]!.order_id));
      await page.getByRole('listbox').getByRole('option').first().waitFor();
      await expectNoEnglish(page, `search results (${language})`, products);
      await screenshot(page, `i18n-search-${language}-1280`);
      await page.keyboard.press('Escape');

      await page.goto('/customer/guidelines');
      await settled(page, language);
      await page.locator('main h1').waitFor();
      await screenshot(page, `i18n-guidelines-${language}-1280`);

      // on a phone: the long Sinhala and Tamil words stay inside the screen
      const phone = await pageIn(language, {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      // the landing page's bar held the language switch and both sign-in links: wider than a phone
      await phone.goto('/');
      await settled(phone, language);
      await phone.locator('main h1').waitFor();
      await expectNoSideScroll(phone, `/ on a phone (${language})`);
      await signInWithToken(phone, 'customer');
      for (const route of ['/customer/support', '/customer/guidelines']) {
        await phone.goto(route);
        await settled(phone, language);
        await phone.locator('main h1').waitFor();
        await expectNoEnglish(phone, `${route} on a phone (${language})`, products);
        await expectNoSideScroll(phone, `${route} on a phone (${language})`);
        await screenshot(phone, `i18n-${route.split('/').pop()}-${language}-390`);
      }
      // the connection lost: the banner says so in the page's language
      await phone.context().setOffline(true);
      await phone
        .getByRole('status')
        .filter({ hasText: language === 'si' ? 'නොබැඳි' : 'இணைப்பு இல்லை' })
        .waitFor();
      await expectNoEnglish(phone, `offline banner (${language})`, products);
      await phone.context().setOffline(false);
    });
  }
});

describe('a customer in Sinhala on a phone', () => {
  it('switches on the landing page, signs up, orders, and it stays Sinhala after a reload', async () => {
    const page = await browser.newPage({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await page.goto('/');
    await page.getByTestId('language-switch').selectOption('si');
    await page.waitForFunction(() => document.documentElement.lang === 'si');
    await page.getByRole('link', { name: 'පාරිභෝගික පිවිසුම' }).first().click();
    await page.getByRole('tab', { name: 'ලියාපදිංචි වන්න' }).click();
    const username = `si${Date.now().toString(36)}`;
    await page.getByLabel('සම්පූර්ණ නම').fill('නිමල් පෙරේරා');
    await page.getByLabel('පරිශීලක නාමය').fill(username);
    await page.getByLabel('මුරපදය').fill('a-good-password');
    await page.getByLabel('ඊමේල්').fill(`${username}@example.lk`);
    await page.getByLabel(/ආයතනය හෝ ලිපිනය/).fill('14 Temple Road, Negombo');
    await page.getByRole('button', { name: 'ගිණුම සාදන්න' }).click();
    await page.waitForURL('**/customer');

    const product = (
      await (
        await apiAs('customer')
      )<{ product_id: number; available_units: number }[]>('/products')
    ).find((p) => p.available_units > 5)!;
    await page.goto('/customer/new-order');
    const date = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('බෙදාහැරීමේ දිනය').fill(date);
    await page.getByLabel('භාණ්ඩය', { exact: true }).first().selectOption(String(product.product_id));
    await page.getByLabel('ප්‍රමාණය').first().fill('2');
    await page.getByRole('button', { name: 'ඇණවුම කරන්න' }).click();
    await expect.poll(() => page.getByText(/ඇණවුම සාර්ථකයි/).count()).toBe(1);

    await page.goto('/customer/history');
    await page.getByRole('heading', { name: 'ඇණවුම් ඉතිහාසය' }).waitFor();
    await page
      .getByRole('button', { name: /ඉන්වොයිසිය/ })
      .first()
      .waitFor();
    await expectNoEnglish(page, 'history after ordering (si)');

    await page.reload();
    await page.getByRole('heading', { name: 'ඇණවුම් ඉතිහාසය' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('si');
  });
});

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };

describe("the demo customer's order pages", () => {
  for (const language of ['si', 'ta'] as const) {
    it(`an order's page, its cancel dialog and the edit page read ${language}, on a phone and a desktop`, async () => {
      const call = await apiAs('customer');
      await call('/auth/profile/language', { method: 'PUT', body: JSON.stringify({ language }) });
      type Row = { order_id: number; status: string };
      const orders = await call<Row[]>('/orders?page=1&page_size=100');
      const products =
        await call<Array<{ product_id: number; productName: string; available_units: number }>>('/products');
      // a Pending order to change: one of the demo customer's, else one placed here
      let pending = orders.find((o) => o.status === 'Pending')?.order_id;
      if (pending === undefined) {
        const profile = await call<{ customer_id: number }>('/auth/profile');
        const product = products.find((p) => p.available_units >= 2)!;
        const date = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
        const placed = await call<{ order_id: number }>(`/customers/${profile.customer_id}/orders`, {
          method: 'POST',
          body: JSON.stringify({
            scheduleDate: date,
            items: [{ productID: product.product_id, quantity: 2 }],
            deliveryAddress: '14 Temple Road, Galle',
            city: 'Galle',
          }),
        });
        pending = placed.order_id;
      }
      // and the one that went furthest, for the fullest timeline (trains, truck, proof of delivery)
      const further = ['Delivered', 'In Transit', 'Scheduled']
        .map((status) => orders.find((o) => o.status === status))
        .find((o) => o !== undefined);
      expect(further, 'the demo customer has an approved order').toBeDefined();
      const ids = [further!.order_id, pending];
      const words = products.map((p) => p.productName);
      for (const id of ids) {
        words.push(...orderDataWords(await call<OrderDetail>(`/orders/${id}`)));
      }
      const messages = { si, ta }[language];

      for (const [size, options] of [
        ['phone', PHONE],
        ['desktop', DESKTOP],
      ] as const) {
        const page = await pageIn(language, options);
        await signInWithToken(page, 'customer');
        for (const route of [
          ...ids.map((id) => `/customer/orders/${id}`),
          `/customer/orders/${pending}/edit`,
        ]) {
          await page.goto(route);
          await settled(page, language);
          await page.locator('main h1').waitFor();
          const where = `${route} (${language}, ${size})`;
          await expectNoEnglish(page, where, words);
          await expectNoOverflow(page, where);
          await screenshot(page, `i18n-order-${language}-${size}${route.replaceAll('/', '-')}`);
        }
        // the tracking list is named in the reader's language, and the cancel dialog reads it too
        await page.goto(`/customer/orders/${pending}`);
        await settled(page, language);
        await page.getByRole('list', { name: messages['order.timeline.label'] }).waitFor();
        await page.getByRole('button', { name: messages['order.cancelOrder'] }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('button', { name: messages['order.cancelDialog.keep'] }).waitFor();
        await expectNoEnglish(page, `the cancel dialog (${language}, ${size})`, words);
        await expectNoOverflow(page, `the cancel dialog (${language}, ${size})`);
        await screenshot(page, `i18n-order-${language}-${size}-cancel-dialog`);
        await page.context().close();
      }
    });
  }
});
