import { join } from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
  type Request,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import chromiumFlags from '../scripts/chromium-flags.json';

export const DEMO_PASSWORD = 'demo-password';
export const baseURL = () => inject('baseURL');

/**
 * Reports every Content-Security-Policy violation of a page's documents (frames included) to
 * `report`, from the first script on: the listener is added before any script of the page runs.
 */
async function watchCsp(context: BrowserContext, report: (violation: string) => void) {
  await context.exposeBinding('__e2eCspViolation', ({ frame }, text: string) => {
    report(`${frame.url()}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const where = event.sourceFile ? ` (${event.sourceFile}:${event.lineNumber})` : '';
      (window as unknown as { __e2eCspViolation(text: string): void }).__e2eCspViolation(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline code'}${where}`,
      );
    });
  });
}

/**
 * One headless Chromium per spec file (Debian's build; test tools cannot download browsers here).
 * Every page it opens reports Content-Security-Policy violations, and a test during which any
 * page reported one fails (afterEach): the policy holds with no inline script in every journey.
 */
export function setupBrowser() {
  const state: { browser?: Browser } = {};
  const violations: string[] = [];
  beforeAll(async () => {
    state.browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', ...chromiumFlags.flags],
    });
  });
  afterEach(() => {
    const reported = violations.splice(0);
    expect(reported, 'Content-Security-Policy violations reported by the pages of this test').toEqual([]);
  });
  afterAll(async () => {
    await state.browser?.close();
    // one reported after the last test ended (a page left open)
    expect(violations, 'Content-Security-Policy violations reported after the last test').toEqual([]);
  });
  return {
    /** A page in a fresh context; `options` adds e.g. a phone's viewport and touch. */
    async newPage(options: BrowserContextOptions = {}): Promise<Page> {
      const context = await state.browser!.newContext({
        baseURL: baseURL(),
        acceptDownloads: true,
        ...options,
      });
      await watchCsp(context, (violation) => violations.push(violation));
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      return page;
    },
    /**
     * The violations reported since the last call (or since the test began), taken off the list
     * the test is checked against: for a test that provokes one on purpose.
     */
    takeCspViolations(): string[] {
      return violations.splice(0);
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

/** A bearer token from the API's sign-in (the form's fields), for calls and pages set up by a journey. */
export async function tokenOf(username: string, password = DEMO_PASSWORD): Promise<string> {
  const login = await fetch(`${baseURL()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password, grant_type: 'password', scope: '' }),
  });
  if (!login.ok) throw new Error(`signing ${username} in: ${login.status} ${await login.text()}`);
  return ((await login.json()) as { access_token: string }).access_token;
}

/**
 * Signs in through the API and returns a caller that answers the status and the body, for calls
 * that may be refused (apiAs throws on a refusal; here the refusal is what a journey checks).
 */
export async function rawAs(username: string) {
  const access_token = await tokenOf(username);
  return async (path: string, method = 'GET') => {
    const res = await fetch(`${baseURL()}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${access_token}` },
    });
    const text = await res.text();
    return {
      status: res.status,
      body: (text ? JSON.parse(text) : {}) as { detail?: string } & Record<string, unknown>,
    };
  };
}

/** Signs in through the API and returns a fetcher of JSON with the bearer token (setting up data for a journey). */
export async function apiAs(username: string) {
  const access_token = await tokenOf(username);
  return async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const res = await fetch(`${baseURL()}/api${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${access_token}`,
        'content-type': 'application/json',
        ...init.headers,
      },
    });
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
}

/**
 * Starts counting a page's requests; the returned function waits until none has been in flight
 * for `quietMs` — waitForLoadState('networkidle') without the live event stream (GET /api/events),
 * which stays open as long as the page does.
 */
export function trackRequests(page: Page) {
  const pending = new Set<Request>();
  page.on('request', (r) => {
    if (!new URL(r.url()).pathname.startsWith('/api/events')) pending.add(r);
  });
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
  return async function waitForQuiet(quietMs = 500, timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs;
    let quietSince = Date.now();
    while (Date.now() - quietSince < quietMs) {
      if (Date.now() > deadline)
        throw new Error(`requests still in flight: ${[...pending].map((r) => r.url())}`);
      if (pending.size > 0) quietSince = Date.now();
      await page.waitForTimeout(50);
    }
  };
}
