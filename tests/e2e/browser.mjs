// What every browser scenario shares: Debian's Chromium driven headless by playwright-core, the folder for
// screenshots (ARTIFACTS, kept with the stack's data by tests/e2e/test_browser.py) and a full-page screenshot.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { chromium } from 'playwright-core';

export const ARTIFACTS = process.env.ARTIFACTS || '/tmp/sellflow-e2e';
mkdirSync(ARTIFACTS, { recursive: true });

/** Chromium as every scenario starts it; `extraArgs` for a scenario's own flags (e.g. host resolver rules). */
export function launch(extraArgs = []) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu', '--disable-component-update',
      '--disable-sync', '--no-first-run', '--disable-quic', ...extraArgs],
  });
}

/** A full-page screenshot under ARTIFACTS; a page that is closing is not an error. */
export async function shot(page, name) {
  await page.screenshot({ path: `${ARTIFACTS}/${name}.png`, fullPage: true }).catch(() => {});
}

/** localstripe's Stripe.js shim renders plain inputs into a card element: a card valid through 12/31 (the year as
 * two digits or, as people also type it, four). */
/** The page fits its viewport's width: nothing to scroll sideways. */
export async function noSideways(page) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (over > 1) throw new Error(`the page scrolls sideways by ${over} px`);
}

export async function fillCard(page, number, selector = '#card-element', year = '31') {
  const card = page.locator(selector);
  await card.locator('input[placeholder="number"]').waitFor();
  await card.locator('input[placeholder="number"]').fill(number);
  await card.locator('input[placeholder="exp_month"]').fill('12');
  await card.locator('input[placeholder="exp_year"]').fill(year);
  await card.locator('input[placeholder="cvc"]').fill('123');
  await card.locator('input[placeholder="postal_code"]').fill('10115');
}

/** The Idempotency-Key header a POST that moves money or starts a workflow needs (the web app sends one per action). */
export function idem(headers = {}) {
  return { ...headers, 'Idempotency-Key': randomUUID() };
}

const BASE = process.env.SELLFLOW_URL;
export const DEMO = {
  seller: { email: 'seller@sellflow.local', password: 'sellflow-demo', username: 'demo-seller' },
  manager: { email: 'manager@sellflow.local', password: 'sellflow-demo' },
  publisher: { email: 'publisher@sellflow.local', password: 'sellflow-demo' },
  team: { email: 'team@sellflow.local', password: 'sellflow-demo' },
};
const AUTH_DIR = `${ARTIFACTS}/auth`;
// a saved state is reused while its access token is surely valid (15 minutes), so no scenario renews it and
// rotates the refresh token under another's feet
const FRESH_MS = 10 * 60_000;
const saved = new Map();

/** Fills the sign-in form (the page is on /users/sign_in). */
export async function fillSignIn(page, user) {
  await page.getByTestId('signin-email').fill(user.email);
  await page.getByTestId('signin-password').fill(user.password);
  await page.getByTestId('signin-submit').click();
}

/** The demo `role`'s signed-in browser state: signed in through the form once per role, saved under ARTIFACTS and
 * shared by the scenarios of one run (Playwright's storage state, as its auth.setup does). */
export async function signedInState(browser, role) {
  const file = `${AUTH_DIR}/${role}.json`;
  if (existsSync(file) && Date.now() - statSync(file).mtimeMs < FRESH_MS && !saved.has(role)) saved.set(role, Promise.resolve(file));
  // one sign-in per role, however many tests ask at once (they share its promise)
  if (!saved.has(role)) saved.set(role, signIn(browser, role, file));
  return saved.get(role);
}

async function signIn(browser, role, file) {
  const context = await browser.newContext({ baseURL: BASE });
  const page = await context.newPage();
  await page.goto('/users/sign_in');
  await fillSignIn(page, DEMO[role]);
  await page.waitForURL((url) => !url.pathname.startsWith('/users/'));
  mkdirSync(AUTH_DIR, { recursive: true });
  await context.storageState({ path: file });
  await context.close();
  return file;
}

/** A page of a new context signed in as the demo `role`, opened at `path`. */
export async function signedInPage(browser, role, path, { viewport = { width: 1366, height: 900 }, timeout = 20_000, ...options } = {}) {
  const storageState = await signedInState(browser, role);
  const context = await browser.newContext({ baseURL: BASE, viewport, storageState, ...options });
  const page = await context.newPage();
  page.setDefaultTimeout(timeout);
  await page.goto(path);
  const want = new URL(path, BASE).pathname;
  await page.waitForURL((url) => url.pathname === want);
  return page;
}
