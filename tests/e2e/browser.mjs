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

/** A 1×1 PNG: an identity document's picture. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

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

/** Polls `get` (a request) until its JSON body passes `check`; the body it passed. */
export async function until(page, get, check, timeout = 30_000) {
  const deadline = Date.now() + timeout;
  let body;
  while (Date.now() < deadline) {
    body = await (await get()).json();
    if (check(body)) return body;
    await page.waitForTimeout(200);
  }
  throw new Error(`never reached the expected state: ${JSON.stringify(body)}`);
}

/** The JSON body of a request that succeeded (null for 204); a failed one throws with its status and body. */
export async function ok(r, what) {
  if (!r.ok()) throw new Error(`${what}: ${r.status()} ${await r.text()}`);
  return r.status() === 204 ? null : r.json();
}

/** The path to being paid, through the API as the seller profile modal and the manager take it (legitimation.e2e.mjs
 * walks the pages): details of a natural person named `first` `last`, a bank account and two documents, the KYC
 * provider's confirmation, the demo manager's approval. `who` is { headers, username } of a seller or a publisher. */
export async function legitimated(page, who, first, last) {
  const h = who.headers;
  await ok(
    await page.request.put('/v1/cabinet/seller_profile', {
      headers: h,
      data: {
        business_type: 'natural', salutation: 'none', first_name: first, last_name: last, phone: '+49 301 234 5678',
        birthday: '1990-05-17', nationality: 'DE', street: 'Torstraße', street_number: '1', zip: '10119', city: 'Berlin',
        country_code: 'DE', vat_payer: false, vat_exempt_reason: 'small_business', tax_no_type: 'tax_no',
        tax_no: '21/815/08150', issuance_country_code: 'DE',
      },
    }),
    'profile',
  );
  await ok(
    await page.request.post('/v1/cabinet/bank_accounts', {
      headers: h,
      data: { holder: `${first} ${last}`, iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
    }),
    'bank account',
  );
  for (const type of ['id_from_front', 'id_from_back']) {
    await ok(
      await page.request.post('/v1/cabinet/documents', {
        headers: h,
        multipart: { type, file: { name: `${type}.png`, mimeType: 'image/png', buffer: PNG } },
      }),
      type,
    );
  }
  await ok(await page.request.post('/v1/cabinet/seller_profile/submit', { headers: idem(h) }), 'submit');
  await until(page, () => page.request.get('/v1/cabinet/legitimation', { headers: h }), (b) => b.step === 'registered');
  const manager = await ok(await page.request.post('/v1/app/session', { data: { ...DEMO.manager, fingerprint: 'e2e' } }), 'manager sign-in');
  const mh = { Authorization: `Bearer ${manager.access_token}` };
  const rows = await ok(
    await page.request.get('/v1/admin/bank_account_legitimations', { headers: mh, params: { query: who.username } }),
    'legitimations',
  );
  const sid = rows.list.find((x) => x.username === who.username).seller_id;
  await ok(
    await page.request.post(`/v1/admin/bank_account_legitimations/${sid}/decision`, { headers: idem(mh), data: { decision: 'approve' } }),
    'approve',
  );
  await until(page, () => page.request.get('/v1/cabinet/legitimation', { headers: h }), (b) => b.step === 'legitimated');
}

/** Ticks the checkout's consent to begin the delivery at once (shown for digital goods; an event's ticket asks
 * none), as a buyer does before pressing the buy button. */
export async function tickConsent(page) {
  const box = page.getByTestId('withdrawal-consent').locator('input');
  if ((await box.count()) && (await box.isVisible()) && !(await box.isChecked())) await box.check();
}
