import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, DEMO_PASSWORD, loginAs, screenshot, setupBrowser, trackRequests } from './support';

// An axe pass over every screen of every portal (docs/decisions/0066): the WCAG 2.0 and 2.1
// A and AA rules; a serious or critical violation fails the pass. Each screen also names itself
// in the browser tab ("Order #45 · Customer Portal · KandyPack").

const browser = setupBrowser();
// axe's source, run in the page as an expression (the app's CSP refuses inline script tags)
const AXE_SOURCE = (createRequire(import.meta.url)('axe-core') as { source: string }).source;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

interface Screen {
  /** Where it is (a page.goto), or an action on the page already open (a dialog). */
  path?: string;
  open?: (page: Page) => Promise<void>;
  /** What the tab's title must name (before " · <Portal> · KandyPack"). */
  title: string | RegExp;
  /** Waits for what the screen shows once its data is in (besides the h1 and the quiet network). */
  ready?: (page: Page) => Promise<void>;
  /** A screenshot's name (with E2E_SCREENSHOTS). */
  shot?: string;
}

/** Waits until the page shows its heading, its data has come and no loading state is left. */
async function settle(page: Page, waitForQuiet: () => Promise<void>) {
  await page.locator('h1').first().waitFor();
  await waitForQuiet();
  await page.waitForFunction(
    () =>
      document.querySelectorAll('.animate-pulse, [role="status"] .animate-spin, [aria-busy="true"]')
        .length === 0,
  );
}

/** The serious and critical violations of axe's WCAG 2.x A/AA rules on what the page shows now. */
async function axeViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global script
    const axe = (window as any).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return result.violations as Violation[];
  }, TAGS);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

function describeViolations(where: string, violations: Violation[]): string[] {
  return violations.map(
    (v) =>
      `${where}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.length} node(s), e.g. ${v.nodes
        .slice(0, 4)
        .map((n) => JSON.stringify(n.target))
        .join(' ')}`,
  );
}

/**
 * Visits each screen on a signed-in page; returns every problem found (axe violations, titles
 * that do not name the screen) so one run lists them all.
 */
async function audit(page: Page, suffix: string, screens: Screen[], label: string): Promise<string[]> {
  const waitForQuiet = trackRequests(page);
  const problems: string[] = [];
  const titles = new Set<string>();
  for (const screen of screens) {
    const where = `${label} ${screen.path ?? String(screen.title)}`;
    if (screen.path) await page.goto(screen.path);
    if (screen.open) await screen.open(page);
    await settle(page, waitForQuiet);
    await screen.ready?.(page);
    if (screen.shot) await screenshot(page, `a11y-${label}-${screen.shot}`);
    problems.push(...describeViolations(where, await axeViolations(page)));
    const title = await page.title();
    const named =
      typeof screen.title === 'string'
        ? title === `${screen.title}${suffix}`
        : screen.title.test(title) && title.endsWith(suffix);
    if (!named) problems.push(`${where}: the tab's title is "${title}", expected ${screen.title}${suffix}`);
    if (!screen.open) titles.add(title);
    // a dialog or a result list is closed before the next screen
    else await page.keyboard.press('Escape');
  }
  if (titles.size !== screens.filter((s) => !s.open).length)
    problems.push(`${label}: two screens share a tab title: ${[...titles].join(' | ')}`);
  return problems;
}

function report(problems: string[]) {
  if (problems.length > 0) console.error(problems.join('\n'));
  expect(problems).toEqual([]);
}

async function signedIn(username: string, home: string, phone = false, password = DEMO_PASSWORD) {
  const page = await browser.newPage(phone ? PHONE : {});
  await loginAs(page, username, password);
  await page.waitForURL((url) => url.pathname === home);
  return page;
}

/** Ctrl+K goes to global search; a few letters show results. */
function searchResults(query: string): Screen {
  return {
    title: /.*/,
    shot: 'search',
    open: async (page) => {
      await page.keyboard.press('Control+k');
      await page.keyboard.type(query);
      const list = page.getByRole('listbox');
      await list.getByRole('option').first().waitFor();
      await expect.poll(() => list.getAttribute('aria-busy')).toBe('false');
    },
  };
}

/** A button that opens a dialog (the first of its name). */
function dialogOf(button: string | RegExp): Screen {
  return {
    title: /.*/,
    shot: `dialog-${String(button)
      .replace(/[^a-z]+/gi, '-')
      .toLowerCase()}`,
    open: async (page) => {
      await page.getByRole('button', { name: button }).first().click();
      await page.getByRole('dialog').waitFor();
    },
  };
}

/** Another tab of the screen, or another entry of its own menu (a report). */
function shown(role: 'tab' | 'button', name: string | RegExp): Screen {
  return {
    title: /.*/,
    shot: `${role}-${String(name)
      .replace(/[^a-z]+/gi, '-')
      .toLowerCase()}`,
    open: async (page) => {
      const control = page.getByRole(role, { name }).first();
      await control.click();
      if (role === 'tab') await expect.poll(() => control.getAttribute('aria-selected')).toBe('true');
      else await expect.poll(() => control.getAttribute('aria-current')).toBe('page');
    },
  };
}

/** The menu drawer of a phone. */
const phoneMenu = dialogOf('Open menu');

const notificationsDialog: Screen = {
  title: /.*/,
  shot: 'notifications',
  open: async (page) => {
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByRole('dialog', { name: 'Notifications' }).waitFor();
  },
};

describe('every screen is accessible and names itself in the tab', () => {
  it('the landing page and the sign-in pages', async () => {
    const page = await browser.newPage();
    const problems = await audit(
      page,
      ' · KandyPack',
      [
        { path: '/', title: 'Welcome', shot: 'landing' },
        { path: '/login', title: 'Sign in', shot: 'login' },
        { path: '/customer/login', title: 'Customer sign in', shot: 'customer-login' },
        {
          title: 'Customer sign up',
          open: async (p) => {
            await p.getByRole('tab', { name: 'Sign Up' }).click();
            await p.getByLabel('Full name').waitFor();
          },
          shot: 'customer-signup',
        },
      ],
      'anonymous',
    );
    report(problems);
    await page.context().close();
  });

  // one support request of the customer's, for both widths
  let request: Promise<{ request_id: number }> | undefined;
  for (const phone of [false, true]) {
    it(`the customer portal${phone ? ' on a phone' : ''}`, async () => {
      const api = await apiAs('customer');
      const orders = await api<Array<{ order_id: number; status: string }>>('/orders?page=1&page_size=100');
      const order = orders[0]!;
      const pending = orders.find((o) => o.status === 'Pending');
      request ??= api<{ request_id: number }>('/support/requests', {
        method: 'POST',
        body: JSON.stringify({ subject: 'Delivery window', message: 'Can you come before noon?' }),
      });
      const { request_id } = await request;
      const page = await signedIn('customer', '/customer', phone);
      const screens: Screen[] = [
        { path: '/customer', title: 'Dashboard', shot: 'dashboard' },
        { path: '/customer/new-order', title: 'New Order', shot: 'new-order' },
        { path: '/customer/history', title: 'Order History', shot: 'history' },
        {
          path: `/customer/orders/${order.order_id}`,
          title: `Order #${order.order_id}`,
          shot: 'order',
          ready: (p) => p.getByRole('heading', { name: new RegExp(`Order #${order.order_id}`) }).waitFor(),
        },
        { path: `/customer/support?request=${request_id}`, title: 'Support', shot: 'support' },
        { path: '/customer/guidelines', title: 'Ordering guidelines', shot: 'guidelines' },
        notificationsDialog,
      ];
      if (pending)
        screens.splice(4, 0, {
          path: `/customer/orders/${pending.order_id}/edit`,
          title: `Edit order #${pending.order_id}`,
          shot: 'edit-order',
        });
      screens.push(phone ? phoneMenu : searchResults(`#${order.order_id}`));
      report(
        await audit(page, ' · Customer Portal · KandyPack', screens, phone ? 'customer-phone' : 'customer'),
      );
      await page.context().close();
    });
  }

  it('the manager portal', async () => {
    const api = await apiAs('manager');
    // a pending order shows the decision buttons (Reject opens its dialog); any order otherwise
    const [pending] = await api<Array<{ order_id: number }>>('/orders?status=Pending&page=1&page_size=1');
    const [first] = await api<Array<{ order_id: number }>>('/orders?page=1&page_size=1');
    const order = pending ?? first;
    const [trip] = await api<Array<{ train_trip_id: number }>>('/train-trips?page=1&page_size=1');
    const [delivery] = await api<Array<{ delivery_id: number }>>('/deliveries/deliveries?page=1&page_size=1');
    const [request] = await api<Array<{ request_id: number }>>('/support/requests?limit=1');
    const page = await signedIn('manager', '/manager');
    const screens: Screen[] = [
      { path: '/manager', title: 'Dashboard', shot: 'dashboard' },
      { path: '/manager/train', title: 'Train Scheduling', shot: 'train' },
      {
        path: `/manager/train?trip=${trip!.train_trip_id}`,
        title: `Trip ${trip!.train_trip_id}`,
        shot: 'trip',
      },
      { path: '/manager/truck', title: 'Truck Scheduling', shot: 'truck' },
      {
        path: `/manager/truck?delivery=${delivery!.delivery_id}`,
        title: `Delivery #${delivery!.delivery_id}`,
        shot: 'delivery',
      },
      { path: '/manager/planner', title: 'Dispatch Planner', shot: 'planner' },
      { path: '/manager/orders', title: 'Orders', shot: 'orders' },
      { path: `/manager/orders?order=${order!.order_id}`, title: `Order #${order!.order_id}`, shot: 'order' },
      ...(pending ? [dialogOf(/^Reject/)] : []),
      { path: '/manager/reports', title: 'Reports', shot: 'reports' },
      { path: '/manager/reports/delivery-performance', title: 'Delivery performance', shot: 'performance' },
      { path: '/manager/support', title: 'Support', shot: 'support' },
      ...(request
        ? [
            {
              path: `/manager/support?request=${request.request_id}`,
              title: `Request #${request.request_id}`,
            },
          ]
        : []),
      searchResults('Colombo'),
    ];
    report(await audit(page, ' · Manager Portal · KandyPack', screens, 'manager'));
    await page.context().close();
  });

  it('the warehouse portal', async () => {
    const page = await signedIn('warehouse', '/warehouse');
    const screens: Screen[] = [
      { path: '/warehouse', title: 'Warehouse dashboard', shot: 'dashboard' },
      { path: '/warehouse/inventory', title: 'Inventory', shot: 'inventory' },
      {
        title: /.*/,
        open: async (p) => {
          await p
            .getByRole('button', { name: /^Edit units of/ })
            .first()
            .click();
          await p.getByRole('button', { name: 'Cancel' }).waitFor();
        },
      },
      { path: '/warehouse/reports', title: 'Stock reports', shot: 'reports' },
      shown('tab', 'Product performance'),
      { path: '/warehouse/store-stock', title: 'Store stock', shot: 'store-stock' },
      { path: '/warehouse/alerts', title: 'Low-stock alerts', shot: 'alerts' },
    ];
    report(await audit(page, ' · Warehouse Portal · KandyPack', screens, 'warehouse'));
    await page.context().close();
  });

  it('the admin portal', async () => {
    const [request] = await (await apiAs('admin'))<Array<{ request_id: number }>>(
      '/support/requests?limit=1',
    );
    const page = await signedIn('admin', '/admin');
    // every report of the report center, each opened from its menu
    await page.goto('/admin/reports');
    const menu = page.getByRole('navigation', { name: 'Reports' }).getByRole('button');
    await menu.first().waitFor();
    const reports = (await menu.allTextContents()).slice(1).map((name) => shown('button', name.trim()));
    expect(reports.length).toBeGreaterThan(5);
    const screens: Screen[] = [
      { path: '/admin', title: 'Dashboard', shot: 'dashboard' },
      { path: '/admin/users', title: 'Users & Roles', shot: 'users' },
      dialogOf('Add user'),
      shown('tab', /^Roles/),
      shown('tab', 'Staff'),
      { path: '/admin/fleet', title: 'Fleet', shot: 'fleet' },
      shown('tab', 'Routes'),
      shown('tab', 'Stores'),
      { path: '/admin/reports', title: 'Report Center', shot: 'reports' },
      ...reports,
      { path: '/admin/logs', title: 'Audit Logs', shot: 'logs' },
      { path: '/admin/support', title: 'Support', shot: 'support' },
      ...(request
        ? [{ path: `/admin/support?request=${request.request_id}`, title: `Request #${request.request_id}` }]
        : []),
    ];
    report(await audit(page, ' · Admin Portal · KandyPack', screens, 'admin'));
    await page.context().close();
  });

  let onTheRoad: Promise<{ username: string; delivery_id: number } | null> | undefined;
  /**
   * A login (made once) for the assistant of a run on the road with its stops still open (the
   * demo data's Colombo truck past its planned end), and that run; null when no such run is left
   * (another journey finished it) and no other run on the road has a crew member without a login.
   * Only assistants: runs.e2e makes a login for that run's driver.
   */
  function crewOnTheRoad() {
    onTheRoad ??= (async () => {
      const manager = await apiAs('manager');
      const admin = await apiAs('admin');
      const runs = await manager<Array<{ delivery_id: number; assistant_employee_id: number | null }>>(
        '/deliveries/deliveries?status=In Transit&page_size=100',
      );
      for (const run of runs) {
        if (!run.assistant_employee_id) continue;
        const username = `a11y-assistant-${run.delivery_id}-${Date.now().toString(36)}`;
        try {
          await admin('/users', {
            method: 'POST',
            body: JSON.stringify({
              username,
              email: `${username}@example.test`,
              role: 'Driver Assistant',
              password: DEMO_PASSWORD,
              employee_id: run.assistant_employee_id,
            }),
          });
          return { username, delivery_id: run.delivery_id };
        } catch {
          // this assistant has a login already (another journey's crew): the next run
        }
      }
      return null;
    })();
    return onTheRoad;
  }

  /** The crew's screens; `delivery` is a run on the road, shown item by item on Confirmation. */
  function crewScreens(delivery?: number): Screen[] {
    return [
      { path: '/assistant', title: 'Dashboard', shot: 'dashboard' },
      { path: '/assistant/assignments', title: 'Assignments', shot: 'assignments' },
      {
        path: delivery ? `/assistant/confirmation?delivery=${delivery}` : '/assistant/confirmation',
        title: 'Confirmation',
        shot: 'confirmation',
      },
      { path: '/assistant/notifications', title: 'Notifications', shot: 'notifications' },
    ];
  }

  for (const phone of [false, true]) {
    it(`the driver's and the assistant's portal${phone ? ' on a phone' : ''}`, async () => {
      const suffix = ' · Driver & Assistant Portal · KandyPack';
      const problems: string[] = [];
      for (const username of ['driver', 'assistant']) {
        const page = await signedIn(username, '/assistant', phone);
        problems.push(...(await audit(page, suffix, crewScreens(), `${username}${phone ? '-phone' : ''}`)));
        await page.context().close();
      }
      // a crew member of the seeded run still on the road: its stops to confirm
      const onRoad = await crewOnTheRoad();
      // without a run on the road left for a new login, the demo driver's confirmation screen
      // (checked above) stands for it; its stops' dialogs are opened when it has open ones
      const page = await signedIn(onRoad?.username ?? 'driver', '/assistant', phone);
      const confirmation = crewScreens(onRoad?.delivery_id).slice(2, 3);
      await page.goto(confirmation[0]!.path!);
      await settle(page, trackRequests(page));
      const stopsOpen = (await page.getByRole('button', { name: /^Confirm all items of order/ }).count()) > 0;
      problems.push(
        ...(await audit(
          page,
          suffix,
          [
            ...confirmation,
            ...(stopsOpen ? [dialogOf(/^Confirm all items of order/), dialogOf(/^Could not deliver/)] : []),
            ...(phone ? [phoneMenu] : []),
          ],
          `crew-on-road${phone ? '-phone' : ''}`,
        )),
      );
      await page.context().close();
      report(problems);
    });
  }
});
