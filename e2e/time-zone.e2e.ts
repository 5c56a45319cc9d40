import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Assignment } from '#shared/contract/crew';
import type { Notification } from '#shared/contract/notifications';
import type { SearchResponse } from '#shared/contract/search';
import type { TrainTrip } from '#shared/contract/train-trips';
import {
  businessDate,
  businessDateTimeText,
  businessShortDateTimeText,
  businessTimeText,
} from '#shared/dates';
import { apiAs, loginAs, screenshot, setupBrowser } from './support';

// Every business time on every screen is Colombo's (docs/decisions/0064), whatever the zone the
// reader's browser is set to: here New York, 10.5 hours behind in November (9.5 in summer).
const browser = setupBrowser();
const NEW_YORK = { timezoneId: 'America/New_York' };
const DESKTOP = { ...NEW_YORK, viewport: { width: 1280, height: 800 } };
const PHONE = { ...NEW_YORK, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const newYorkParts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});
/** The same instant as the browser's own clock would write it, "22 Nov 2026, 03:30" in New York. */
function inNewYork(at: Date) {
  const p = Object.fromEntries(newYorkParts.formatToParts(at).map((x) => [x.type, x.value]));
  const time = `${p.hour!.padStart(2, '0')}:${p.minute}`;
  return { dateTime: `${p.day} ${MONTHS[Number(p.month) - 1]} ${p.year}, ${time}`, time };
}

async function signIn(page: Page, username: string, landing: string) {
  await loginAs(page, username);
  await page.waitForURL((url) => url.pathname.startsWith(landing));
}

describe('a browser set to New York', () => {
  it('reads global search and the notifications in Colombo time', async () => {
    const manager = await apiAs('manager');
    // a trip still to leave (the board's default period starts today)
    const trips = await manager<{ rows: TrainTrip[] } | TrainTrip[]>('/train-trips');
    const list = Array.isArray(trips) ? trips : trips.rows;
    const trip = list.find((t) => new Date(t.departure_date_time) > new Date()) ?? list[0]!;
    const departs = new Date(trip.departure_date_time);
    const colombo = `departs ${businessDateTimeText(departs)}`;
    // what the server says is what the screen shows
    const found = await manager<SearchResponse>(`/search?q=${trip.train_trip_id}`);
    const hit = found.groups
      .find((g) => g.kind === 'train_trip')!
      .hits.find((h) => h.id === trip.train_trip_id)!;
    expect(hit.subtitle).toContain(colombo);

    const page = await browser.newPage(DESKTOP);
    // the browser really is in New York
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
      'America/New_York',
    );
    await signIn(page, 'manager', '/manager');
    await page.getByRole('combobox', { name: 'Search' }).fill(String(trip.train_trip_id));
    const results = page.getByRole('listbox');
    const option = results
      .getByRole('group', { name: 'Train trips' })
      .getByRole('option')
      .filter({ hasText: `Trip #${trip.train_trip_id}:` });
    await option.getByText(colombo, { exact: false }).waitFor();
    expect(await option.textContent()).not.toContain(inNewYork(departs).dateTime);
    await page.getByText('Times in Colombo time').waitFor();
    await screenshot(page, 'time-zone-search');

    // the bell: each notification's time in Colombo, the panel says so once
    await page.keyboard.press('Escape');
    const notices = await manager<Notification[]>('/notifications?limit=50');
    expect(notices.length, 'the demo manager has notifications').toBeGreaterThan(0);
    const newest = notices[0]!;
    const at = new Date(newest.timestamp);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByText('times in Colombo time', { exact: false }).waitFor();
    // found by its message: a notice the server writes meanwhile may come first in the list
    const first = panel.getByRole('listitem').filter({ hasText: newest.message }).first();
    await first.getByText(businessShortDateTimeText(at), { exact: false }).waitFor();
    const ny = inNewYork(at);
    if (businessShortDateTimeText(at).slice(-5) !== ny.time)
      expect(await first.textContent()).not.toContain(ny.time);
    await screenshot(page, 'time-zone-notifications');
    await page.context().close();
  });

  it("reads the crew's run times in Colombo time on a phone", async () => {
    const driver = await apiAs('driver');
    const me = await driver<{ employee_id: number }>('/auth/profile');
    const runs = await driver<Assignment[]>(`/deliveries/assistant/${me.employee_id}/assignments`);
    const next = runs
      .filter((r) => r.status === 'Scheduled' && new Date(r.delivery_date_time) > new Date())
      .sort((a, b) => a.delivery_date_time.localeCompare(b.delivery_date_time))[0];
    expect(next, 'the demo driver has a run still to start').toBeDefined();
    const start = new Date(next!.delivery_date_time);
    const end = new Date(next!.end_date_time);
    // "13:30–15:30" on the day in Colombo, "5 Jun, 13:30–15:30" another day (crewTime)
    const from =
      businessDate(start) === businessDate(new Date())
        ? businessTimeText(start)
        : businessShortDateTimeText(start);
    const expected = `${from}–${businessTimeText(end)}`;

    const page = await browser.newPage(PHONE);
    await signIn(page, 'driver', '/assistant');
    await page.getByText('Colombo time', { exact: false }).first().waitFor();
    const card = page.getByRole('listitem').filter({ hasText: new RegExp(`#${next!.delivery_id}(?!\\d)`) });
    await card.getByText(expected).waitFor();
    expect(await card.textContent()).not.toContain(`${inNewYork(start).time}–${inNewYork(end).time}`);
    await screenshot(page, 'time-zone-crew-card');
    await page.context().close();
  });
});
