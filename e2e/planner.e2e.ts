import { describe, expect, it } from 'vitest';
import { apiAs, loginAs, screenshot, setupBrowser } from './support';

const browser = setupBrowser();

interface Proposal {
  proposal_id: number;
  bookings: Array<{ order_id: number; train_trip_id: number }>;
  deliveries: Array<{ delivery_id: number | null; order_ids: number[] }>;
  figures: { orders_to_approve: number };
}

describe('the dispatch planner', () => {
  it('plans the demo week, shows the board and the timelines, finds its proposal after a reload, refuses a stale plan, discards one and commits one', async () => {
    const api = await apiAs('manager');
    const page = await browser.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, 'manager');
    await page.waitForURL((url) => url.pathname === '/manager');
    await page.getByRole('link', { name: 'Dispatch Planner' }).first().click();
    await page.getByRole('heading', { name: 'Dispatch Planner' }).waitFor();
    await page.getByRole('group', { name: 'Pending orders to include' }).waitFor();
    await screenshot(page, 'planner-form');

    const proposalParam = (url: URL | string) => new URL(url).searchParams.get('proposal');
    const plan = async (button = 'Plan') => {
      // on arrival the page may reopen an open proposal of the manager's: let it settle first
      await page.getByText('Looking for your open proposal…').waitFor({ state: 'hidden' });
      const before = proposalParam(page.url());
      const all = page.getByRole('button', { name: 'Select all' });
      if (await all.isEnabled()) await all.click();
      await page.getByRole('button', { name: button, exact: true }).click();
      // the new proposal replaces the one shown
      await page.waitForURL((url) => proposalParam(url) !== null && proposalParam(url) !== before);
      const id = Number(proposalParam(page.url()));
      await page.getByRole('heading', { name: `Proposal ${id}` }).waitFor();
      await page.getByText('Not applied yet').waitFor();
      return api<Proposal>(`/planning/proposals/${id}`);
    };

    // 1. a proposal: figures, board, timelines, deliveries, unplanned; then discarded
    const first = await plan();
    expect(first.deliveries.length).toBeGreaterThan(0);
    // it says how long it may be committed, in Colombo time
    await page.getByText(/expires at \d\d:\d\d \(Colombo time\), \d+ min left/).waitFor();

    // a reload finds it again, and so does coming back to the planner through the menu
    await page.reload();
    await page.getByRole('heading', { name: `Proposal ${first.proposal_id}` }).waitFor();
    await page.getByText('Not applied yet').waitFor();
    await page.getByRole('link', { name: 'Orders' }).first().click();
    await page.waitForURL((url) => url.pathname === '/manager/orders');
    await page.getByRole('link', { name: 'Dispatch Planner' }).first().click();
    await page.getByText(`Your open proposal ${first.proposal_id} was reopened where you left it.`).waitFor();
    await page.getByRole('heading', { name: `Proposal ${first.proposal_id}` }).waitFor();
    expect(proposalParam(page.url())).toBe(String(first.proposal_id));
    await screenshot(page, 'planner-reopened');
    await page.getByText('Planned on time').waitFor();
    await page.getByRole('table', { name: 'Train board of the proposal' }).waitFor();
    await screenshot(page, 'planner-proposal-board');
    await page.getByRole('tab', { name: 'Trucks timeline' }).click();
    await page.getByRole('list', { name: 'Timeline per truck' }).waitFor();
    await expect(page.getByText(/^Planned delivery 1: /).count()).resolves.toBeGreaterThan(0);
    await screenshot(page, 'planner-trucks-timeline');
    await page.getByRole('tab', { name: 'Crew timeline' }).click();
    await page.getByRole('list', { name: 'Timeline per crew member' }).waitFor();
    await screenshot(page, 'planner-crew-timeline');
    await page.getByRole('tab', { name: /^Deliveries/ }).click();
    await page.getByRole('table', { name: 'Planned deliveries' }).waitFor();
    await screenshot(page, 'planner-deliveries');
    await page.getByRole('tab', { name: /^Unplanned/ }).click();
    await screenshot(page, 'planner-unplanned');

    await page.getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('alertdialog', { name: 'Discard this proposal?' }).waitFor();
    await screenshot(page, 'planner-discard-confirm');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Discard' }).click();
    await page.getByText('The proposal was discarded; nothing was applied.').waitFor();
    await screenshot(page, 'planner-discarded');

    // 2. a stale proposal: an order it plans is cancelled meanwhile; the commit applies nothing
    const stale = await plan();
    const victim = stale.deliveries[0]!.order_ids[0]!;
    await api(`/orders/${victim}/status`, {
      method: 'PUT',
      body: JSON.stringify({ status: 'Cancelled', reason: 'Customer called to cancel' }),
    });
    await page.getByRole('button', { name: 'Commit' }).click();
    await page.getByRole('alertdialog', { name: 'Commit this plan?' }).waitFor();
    // the count of approvals is the server's figure (the answer has no order list: decision 0040)
    await page
      .getByRole('alertdialog')
      .getByText(`approves ${stale.figures.orders_to_approve} pending orders`)
      .waitFor();
    await screenshot(page, 'planner-commit-confirm');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Commit plan' }).click();
    await page.getByText('The plan was not applied').waitFor();
    await page.getByText(new RegExp(`Order ${victim} was \\w+ and is now Cancelled`)).waitFor();
    // the refused proposal has ended: Commit is off, with the reason written next to it
    await page.getByText('This proposal has expired: plan again').waitFor();
    await page.getByText(/^Commit is off: the proposal expired at \d\d:\d\d \(Colombo time\)/).waitFor();
    expect(await page.getByRole('button', { name: 'Commit', exact: true }).isDisabled()).toBe(true);
    await screenshot(page, 'planner-commit-refused');

    // 3. plan again and commit: the orders show as Scheduled with their trains and trucks
    const fresh = await plan('Plan again');
    await page.getByRole('button', { name: 'Commit' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Commit plan' }).click();
    await page.getByText('Plan committed').waitFor();
    await screenshot(page, 'planner-committed');
    const committed = await api<Proposal>(`/planning/proposals/${fresh.proposal_id}`);
    const delivery = committed.deliveries[0]!;
    expect(delivery.delivery_id).toEqual(expect.any(Number));
    const orderId = delivery.order_ids[0]!;
    const legs = committed.bookings.filter((b) => b.order_id === orderId);

    await page.goto(`/manager/orders?order=${orderId}`);
    await page.getByRole('heading', { name: new RegExp(`Order #${orderId}`) }).waitFor();
    await page.getByText('Scheduled', { exact: true }).first().waitFor();
    if (legs[0]) await page.getByText(new RegExp(`^Trip ${legs[0].train_trip_id} ·`)).waitFor();
    await page.getByText(new RegExp(`^Delivery ${delivery.delivery_id} ·`)).waitFor();
    await screenshot(page, 'planner-order-scheduled');
  });
});
