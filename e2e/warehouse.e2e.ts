import { describe, expect, it } from 'vitest';
import { loginAs, screenshot, setupBrowser } from './support';

const browser = setupBrowser();

describe('the warehouse manager', () => {
  it('adds a product, counts it, sees the movement, records a receipt, and dismisses and restores its alert', async () => {
    const page = await browser.newPage();
    // a product of its own, so other journeys' orders cannot move these numbers
    const name = `E2E Jaggery ${Date.now().toString(36)}`;
    await loginAs(page, 'warehouse');
    await page.waitForURL((url) => url.pathname === '/warehouse');
    await page.getByText('Total products').waitFor();
    await screenshot(page, 'warehouse-dashboard');

    // add the product: 40 units against a reorder point of 60 is a warning alert
    await page.getByRole('link', { name: 'Inventory' }).first().click();
    await page.waitForURL((url) => url.pathname === '/warehouse/inventory');
    await page.getByRole('button', { name: 'Add product' }).click();
    const form = page.getByRole('dialog', { name: 'Add a product' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Category').fill('Food Staples');
    await form.getByLabel('Unit price ($)').fill('3.50');
    await form.getByLabel('Train space per unit').fill('0.2');
    await form.getByLabel('Reorder point').fill('60');
    await form.getByLabel('Opening stock').fill('40');
    await form.getByRole('button', { name: 'Add product' }).click();
    await page.getByText(`${name} added`).waitFor();

    // edit its units in place: a wrong value is refused on the spot, a count is saved
    await page.getByLabel('Search products').fill(name);
    await page.getByRole('button', { name: `Edit units of ${name}: 40` }).click();
    const units = page.getByLabel(`Available units of ${name}`);
    await units.fill('2.5');
    await page.getByRole('button', { name: 'Save units' }).click();
    await page.getByText('Units must be a whole number').waitFor();
    await units.fill('35');
    await page.getByPlaceholder('Reason (optional)').fill('Two torn sacks');
    await page.getByRole('button', { name: 'Save units' }).click();
    await page.getByText('Stock updated successfully').waitFor();
    await page.getByRole('button', { name: `Edit units of ${name}: 35` }).waitFor();
    await screenshot(page, 'warehouse-inventory-updated');
    await page.getByText('Stock updated successfully').waitFor({ state: 'hidden', timeout: 6000 });

    // the count is in the product's history, with the change, the balance and the reason
    await page.getByRole('button', { name: `Movement history of ${name}` }).click();
    const history = page.getByRole('dialog', { name: `Movement history: ${name}` });
    // the row's name: its cells as read out (the labels of the phone's cards are aria-hidden)
    await history.getByRole('row', { name: /Manual count\s*-5\s*35\s*warehouse\s*Two torn sacks/ }).waitFor();
    await history.getByRole('row').filter({ hasText: 'Opening stock' }).waitFor();
    await screenshot(page, 'warehouse-movement-history');
    await page.keyboard.press('Escape');

    // a receipt of new production
    await page.getByRole('button', { name: `Record a receipt of ${name}` }).click();
    const receipt = page.getByRole('dialog', { name: 'Record a receipt' });
    await receipt.getByLabel('Units received').fill('10');
    await receipt.getByLabel('Note').fill('Batch E2E-1');
    await receipt.getByRole('button', { name: 'Record receipt' }).click();
    await page.getByText(`10 units of ${name} received; 45 available now.`).waitFor();
    await page.getByRole('button', { name: `Edit units of ${name}: 45` }).waitFor();

    // its alert: dismissed, it stays dismissed after a reload; restored, it is back
    await page.getByRole('link', { name: 'Alerts' }).first().click();
    await page.waitForURL((url) => url.pathname === '/warehouse/alerts');
    const active = page.getByRole('region', { name: 'Active alerts' });
    const card = active.getByRole('article', { name: `${name} alert` });
    await card.getByText('Warning').waitFor();
    await card.getByText('45', { exact: true }).waitFor();
    await card.getByRole('button', { name: `Dismiss ${name} alert` }).click();
    await card.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('button', { name: /Show dismissed alerts/ }).click();
    const dismissedCard = page
      .getByRole('region', { name: 'Dismissed alerts' })
      .getByRole('article', { name: `${name} alert` });
    await dismissedCard.waitFor();
    expect(await active.getByRole('article', { name: `${name} alert` }).count()).toBe(0);
    await screenshot(page, 'warehouse-alert-dismissed');
    await dismissedCard.getByRole('button', { name: `Restore ${name} alert` }).click();
    await active.getByRole('article', { name: `${name} alert` }).waitFor();
    await page.reload();
    await page
      .getByRole('region', { name: 'Active alerts' })
      .getByRole('article', { name: `${name} alert` })
      .waitFor();
    await page.context().close();
  });
});
