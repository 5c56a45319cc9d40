import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

export const DEMO_PASSWORD = 'demo-password';
export const baseURL = () => inject('baseURL');

/** One headless Chromium per spec file (Debian's build; test tools cannot download browsers here). */
export function setupBrowser() {
  const state: { browser?: Browser } = {};
  beforeAll(async () => {
    state.browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
  });
  afterAll(async () => {
    await state.browser?.close();
  });
  return {
    async newPage(): Promise<Page> {
      const context = await state.browser!.newContext({ baseURL: baseURL(), acceptDownloads: true });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      return page;
    },
  };
}

/** Signs in on the staff login page as a person would. */
export async function loginAs(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function screenshot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: join(process.env.E2E_SCREENSHOTS, `${name}.png`), fullPage: true });
}
