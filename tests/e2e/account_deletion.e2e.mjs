// Issue 10, "Account lifecycle", the deletion wizard as a new user walks it in a real browser (Debian's Chromium,
// headless, playwright-core). A new seller (signed up and legitimated through the API, as the sign-up pages and the
// manager do) sells a monthly subscription; a buyer subscribes through the shop with 4242…. The seller opens
// Account → Deactivate or delete account, picks deletion, answers the questionnaire and sees "Deletion not possible
// yet": Active orders fails, explained, with a link to resolve it; the passing checks show their success messages.
// The seller ends the subscription at the end of its paid period from the wizard, pays the balance out on the
// Payouts page (no hold, Cash out now), checks again and sees every check pass, confirms with the username typed and
// the account is deleted: signing in fails, the shop answers 404 in the browser, the buyer still downloads the
// invoice. A second seller deactivates and reactivates. Every wizard screen is looked at at 1366 px and on a phone
// (390 px), in English and in German (the app's EN | DE switch), for raw enum values and sideways scrolling.
//
// Timing: the test stack's billing day is 0.2 s (tests/conftest.py), so a monthly period ends within ~6 s and the
// workflow re-checks by itself every 0.2 s; everything below waits by condition, never by a fixed sleep.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { launch, shot, fillCard, idem, legitimated, ok, until, tickConsent } from './browser.mjs';

const BASE = process.env.SELLFLOW_URL;
const MAIL = process.env.MAIL_URL;
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const PASSWORD = 'correct-horse-1';
const BUYER_EMAIL = `e2e.closing.${Date.now()}@example.com`;
const WIZARD = '/cabinet/settings/account_deletion';
// the monthly period ends within ~6 s; the payout goes to the bank stand-in and back by callback
const SOON = 45_000;

let browser;
let lastPage;
let shots = 0;
let seller; // the closing seller: { email, password, username, headers }
let product; // the published monthly subscription
let buyer; // the buyer's page, on the thank-you page
let token; // the buyer's order token
let invoiceHref; // the buyer's invoice download link
let desk; // the seller's wizard at 1366 px, in English
let phone; // the seller's wizard on a phone, in German

before(async () => {
  browser = await launch();
});

after(async () => {
  // leave the shared stack as found: no subscription of this scenario charging every 6 s
  if (seller?.headers && token && desk && !desk.isClosed()) {
    await desk.request
      .post(`/v1/cabinet/orders/${token}/subscription`, { headers: idem(seller.headers), data: { action: 'cancel_now' } })
      .catch(() => {});
  }
  await browser?.close();
});

afterEach(async () => {
  if (lastPage && !lastPage.isClosed()) await shot(lastPage, `account-deletion-end-${++shots}`);
});

async function newPage(viewport = DESKTOP) {
  const context = await browser.newContext({ baseURL: BASE, viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  lastPage = page;
  return page;
}

/** A seller signed up, confirmed by the mailed link and named, through the API as the sign-up pages do. */
async function newSeller(page, prefix) {
  const username = `${prefix}-${Date.now().toString(36)}`;
  const email = `${username}@example.com`;
  await ok(await page.request.post('/v1/app/user', { data: { email, password: PASSWORD, profile_type: 'seller' } }), 'sign-up');
  let confirmation;
  for (let i = 0; i < 150 && !confirmation; i++) {
    const mails = await (await page.request.get(`${MAIL}/api/messages`, { params: { to: email } })).json();
    confirmation = mails.map((m) => /confirmation_token=([\w-]+)/.exec(m.body)?.[1]).find(Boolean);
    if (!confirmation) await page.waitForTimeout(200);
  }
  assert.ok(confirmation, 'the confirmation mail arrived');
  const session = await ok(
    await page.request.post('/v1/app/user/confirmation', { data: { confirmation_token: confirmation, fingerprint: 'e2e' } }),
    'confirmation',
  );
  const headers = { Authorization: `Bearer ${session.access_token}` };
  await ok(await page.request.patch('/v1/app/user', { headers, data: { username, first_name: 'Clara', last_name: 'Closing' } }), 'about you');
  return { email, password: PASSWORD, username, headers };
}

/** A published product with a monthly subscription plan, as the product editor saves it. */
async function monthlyProduct(page, s) {
  const h = s.headers;
  const p = await ok(await page.request.post('/v1/cabinet/products', { headers: h, data: { name: 'Closing Club', description: 'A monthly letter.' } }), 'product');
  await ok(
    await page.request.post(`/v1/cabinet/products/${p.id}/file`, {
      headers: h,
      multipart: { file: { name: 'letter.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF letter') } },
    }),
    'file',
  );
  await ok(
    await page.request.post(`/v1/cabinet/products/${p.id}/pricing_plans`, {
      headers: h,
      data: { name: 'Monthly', payment_type: 'subscription', price: 900, period: '1m', currency: 'eur' },
    }),
    'plan',
  );
  return ok(await page.request.post(`/v1/cabinet/products/${p.id}/publish`, { headers: h }), 'publish');
}

async function signIn(page, s, path) {
  await page.goto(path);
  await page.waitForURL(/\/users\/sign_in/);
  await page.getByTestId('signin-email').fill(s.email);
  await page.getByTestId('signin-password').fill(s.password);
  await page.getByTestId('signin-submit').click();
  await page.waitForURL((url) => url.pathname === path);
}

async function setLanguage(page, lang) {
  await page.getByTestId(`lang-${lang}`).click();
  await page.locator(`html[lang="${lang}"]`).waitFor({ state: 'attached' });
}

/** No label on screen reads like an enum value (`active_orders`, `cancel_at_period_end`, …). */
function assertWords(text, where) {
  assert.doesNotMatch(text, /\b[a-z]+_[a-z_]+\b/, `${where} shows a raw value: ${text}`);
  assert.doesNotMatch(text, /accountDeletion\./, `${where} shows a translation key: ${text}`);
}

async function noSidewaysScroll(page, where) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `${where}: no sideways scrolling (${overflow}px)`);
}

/** The wizard's card: its text in words, no sideways scrolling, a screenshot. */
async function looked(page, name) {
  const wizard = page.getByTestId('account-deletion');
  await wizard.waitFor();
  const text = await wizard.innerText();
  assertWords(text, name);
  await noSidewaysScroll(page, name);
  await shot(page, `account-deletion-${name}`);
  return text;
}

/** The phone page, in German, reaches the same wizard state (its heading) and reads well too. */
async function phoneShows(heading, name) {
  await phone.reload();
  await phone.getByTestId('account-deletion').getByRole('heading', { name: heading }).waitFor({ timeout: SOON });
  return looked(phone, `${name}-phone-de`);
}

function checkRow(page, title) {
  return page.getByTestId('account-deletion').locator('li', { hasText: title });
}

test('a buyer subscribes to a new seller\'s monthly product in the shop', async () => {
  const page = await newPage();
  seller = await newSeller(page, 'closing');
  await legitimated(page, seller, 'Clara', 'Closing');
  product = await monthlyProduct(page, seller);

  buyer = page;
  await buyer.goto(`/s/${seller.username}/${product.slug}`);
  await buyer.getByTestId('product-name').waitFor();
  await buyer.getByTestId('plan-continue').click();
  await buyer.getByTestId('payer-first-name').fill('Ben');
  await buyer.getByTestId('payer-last-name').fill('Buyer');
  await buyer.getByTestId('payer-email').fill(BUYER_EMAIL);
  await fillCard(buyer, '4242424242424242');
  await tickConsent(buyer);
  await buyer.getByTestId('pay-button').click();
  await buyer.waitForURL(/\/thank_you\//, { timeout: 30_000 });
  await buyer.getByTestId('download-link').waitFor({ timeout: 30_000 });
  await buyer.getByTestId('invoice-number').waitFor();
  token = buyer.url().split('/thank_you/')[1];
  invoiceHref = await buyer.getByTestId('invoice-pdf').getAttribute('href');
  await shot(buyer, 'account-deletion-0-bought');
});

test('the seller opens Account → Deactivate or delete account and answers the questionnaire', async () => {
  desk = await newPage(DESKTOP);
  await signIn(desk, seller, '/cabinet');
  await desk.getByTestId('nav-accountDeletion').click();
  await desk.waitForURL((url) => url.pathname === WIZARD);
  await desk.getByRole('heading', { name: 'Deactivate or delete account' }).waitFor();
  await desk.getByRole('heading', { name: 'Why are you leaving?' }).waitFor();
  await looked(desk, '1-why');

  phone = await newPage(PHONE);
  await signIn(phone, seller, WIZARD);
  await setLanguage(phone, 'de');
  await phone.getByRole('heading', { name: 'Warum gehst du?' }).waitFor();
  await looked(phone, '1-why-phone-de');

  lastPage = desk;
  await desk.getByLabel('Delete my account').check();
  const start = desk.getByRole('button', { name: 'Start deletion' });
  assert.ok(await start.isDisabled(), 'no reason chosen yet: the wizard cannot start');
  await desk.getByLabel('It is too expensive').check();
  await desk.getByLabel('Other', { exact: true }).check();
  await desk.getByText('Please tell us your reason').waitFor(); // "other" asks for words
  assert.ok(await start.isDisabled());
  await desk.getByLabel('Anything else you want to tell us?').fill('Moving my letters elsewhere.');
  await desk.getByLabel('I end them myself; wait until they have ended').check();
  await start.click();
});

test('the wizard says "Deletion not possible yet": Active orders fails with a link to resolve it', async () => {
  const wizard = desk.getByTestId('account-deletion');
  await wizard.getByRole('heading', { name: 'Deletion not possible yet' }).waitFor({ timeout: SOON });
  const orders = checkRow(desk, 'Active orders');
  await orders.getByText('End the running subscriptions and settle the open claims first.').waitFor();
  await orders.getByText('1 running order or open claim').waitFor();
  const resolve = orders.getByRole('link', { name: 'Resolve' });
  assert.ok((await resolve.getAttribute('href')).startsWith('/cabinet/orders'), 'Resolve leads to the orders');
  // the passing checks show their success messages
  await checkRow(desk, 'Risky transfers').getByText('No risky transfers: every transaction is settled or reversed.').waitFor();
  await checkRow(desk, 'Monthly invoices').getByText('Every monthly invoice is paid.').waitFor();
  await looked(desk, '2-blocked');
  await phoneShows('Löschen noch nicht möglich', '2-blocked');
  // the shop no longer sells: the product is unpublished at once
  const shop = await newPage();
  await shop.goto(`/s/${seller.username}/${product.slug}`);
  await shop.getByText(/not found|nicht gefunden/i).first().waitFor();
  await shop.context().close();
  lastPage = desk;
});

test('the seller ends the subscription at the end of its paid period from the wizard: Active orders passes', async () => {
  lastPage = desk;
  const offer = desk.getByTestId('deletion-end-subscriptions');
  await offer.getByText('1 subscription still runs.', { exact: false }).waitFor();
  await offer.getByRole('button', { name: 'Cancel at period end' }).click();
  await desk.getByText('The subscriptions end with their paid period.').first().waitFor();
  await desk.getByText('1 subscription ends with its paid period.').waitFor({ timeout: SOON });
  await checkRow(desk, 'Active orders').getByText('No active orders: no subscription runs and no claim is open.').waitFor({ timeout: SOON });
  await offer.waitFor({ state: 'detached' });
  await looked(desk, '3-ending');
});

test('the seller pays the balance out on the Payouts page the wizard links to', async () => {
  lastPage = desk;
  await checkRow(desk, 'Payouts').getByRole('link', { name: 'Resolve' }).click();
  await desk.waitForURL((url) => url.pathname === '/cabinet/payouts');
  // the sale is held 7 days by default: the seller lets it go at once, then pays out now
  await desk.getByLabel('Days a sale is held').fill('0');
  await desk.getByRole('button', { name: 'Save', exact: true }).click();
  await desk.getByText('Saved').first().waitFor();
  // the subscription may still charge its current rate: pay out until nothing is left
  for (let paid = 1; paid <= 3; paid++) {
    const payout = desk.getByRole('button', { name: 'Pay out now' });
    await desk.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => b.textContent === 'Pay out now' && !b.disabled), null, { timeout: SOON });
    await payout.click();
    await desk.getByText('Payout requested').first().waitFor();
    await until(desk, () => desk.request.get('/v1/cabinet/payouts', { headers: seller.headers }), (b) => b.list.filter((p) => p.state === 'successful').length >= paid, SOON);
    await desk.locator('tbody tr', { hasText: 'Paid out' }).nth(paid - 1).waitFor({ timeout: SOON });
    const now = await (await desk.request.get('/v1/cabinet/payouts', { headers: seller.headers })).json();
    if (!now.available && !now.held) break;
  }
  await noSidewaysScroll(desk, 'Payouts');
  await shot(desk, 'account-deletion-4-paid-out');
});

test('checked again, every check passes: "Ready to be deleted"', async () => {
  lastPage = desk;
  await desk.getByTestId('nav-accountDeletion').click();
  await desk.waitForURL((url) => url.pathname === WIZARD);
  const wizard = desk.getByTestId('account-deletion');
  await wizard.getByRole('button', { name: 'Check again' }).click();
  await wizard.getByRole('heading', { name: 'Ready to be deleted' }).waitFor({ timeout: SOON });
  for (const [title, message] of [
    ['Risky transfers', 'No risky transfers: every transaction is settled or reversed.'],
    ['Active orders', 'No active orders: no subscription runs and no claim is open.'],
    ['Payouts', 'Everything is paid out.'],
    ['Monthly invoices', 'Every monthly invoice is paid.'],
  ]) await checkRow(desk, title).getByText(message).waitFor();
  await looked(desk, '5-ready');
  await phoneShows('Bereit zum Löschen', '5-ready');
});

test('the seller confirms with the username typed and the account is deleted', async () => {
  lastPage = desk;
  const wizard = desk.getByTestId('account-deletion');
  const confirm = wizard.getByRole('button', { name: 'Delete account for good' });
  assert.ok(await confirm.isDisabled(), 'nothing confirmed yet');
  await wizard.getByLabel('I understand that deleting my account cannot be undone.').check();
  await desk.getByTestId('deletion-username').fill('someone-else');
  await confirm.click();
  await wizard.getByText('This is not your username.').waitFor();
  await desk.getByTestId('deletion-username').fill(seller.username);
  await confirm.click();
  await desk.getByText('Confirmed. We are closing your account.').first().waitFor();
  await shot(desk, 'account-deletion-6-confirmed');
});

test('the deleted seller is signed out and told so; signing in no longer works', async () => {
  lastPage = desk;
  await desk.waitForURL(/\/users\/sign_in/, { timeout: SOON });
  await desk.getByText('Your account is deleted', { exact: false }).waitFor();
  await shot(desk, 'account-deletion-7-signed-out');
  await desk.getByTestId('signin-email').fill(seller.email);
  await desk.getByTestId('signin-password').fill(seller.password);
  await desk.getByTestId('signin-submit').click();
  await desk.getByText('Email or password is wrong.').first().waitFor(); // as for an unknown address
  assert.match(new URL(desk.url()).pathname, /^\/users\/sign_in/);
});

test('the shop answers 404 in the browser; the buyer still downloads the invoice', async () => {
  const visitor = await newPage(PHONE);
  const answered = visitor.waitForResponse((r) => r.url().includes(`/v1/shop/${seller.username}/`));
  await visitor.goto(`/s/${seller.username}/${product.slug}`);
  assert.equal((await answered).status(), 404);
  await visitor.getByText('This product was not found.').waitFor();
  await shot(visitor, 'account-deletion-8-shop-404');
  await visitor.context().close();

  // the buyer's invoice link (the thank-you page's "Invoice (PDF)") still downloads the invoice in the browser
  lastPage = buyer;
  const [download] = await Promise.all([
    buyer.waitForEvent('download'),
    buyer.evaluate((href) => {
      const a = Object.assign(document.createElement('a'), { href, download: '' });
      document.body.append(a);
      a.click();
    }, invoiceHref),
  ]);
  assert.equal(await download.failure(), null);
  const pdf = await buyer.request.get(invoiceHref);
  assert.equal(pdf.status(), 200);
  assert.equal((await pdf.body()).subarray(0, 4).toString(), '%PDF');
  await shot(buyer, 'account-deletion-9-buyer-invoice');
});

test('another seller deactivates (German, 1366 px) and reactivates (English, phone)', async () => {
  const page = await newPage(DESKTOP);
  const pausing = await newSeller(page, 'pausing');
  await signIn(page, pausing, WIZARD);
  await setLanguage(page, 'de');
  const wizard = page.getByTestId('account-deletion');
  await wizard.getByRole('heading', { name: 'Warum gehst du?' }).waitFor();
  await wizard.getByLabel('Mein Konto deaktivieren').check();
  await wizard.getByLabel('Ich brauche es nicht mehr').check();
  await wizard.getByRole('button', { name: 'Deaktivierung beginnen' }).click();
  await wizard.getByRole('heading', { name: 'Zuerst deaktivieren' }).waitFor({ timeout: SOON });
  await checkRow(page, 'Aktive Bestellungen').getByText('Keine aktiven Bestellungen', { exact: false }).waitFor();
  await looked(page, '10-deactivate-de');
  await wizard.getByLabel('Ich verstehe, dass mein Shop offline ist, bis ich mein Konto reaktiviere.').check();
  await page.getByTestId('deletion-username').fill(pausing.username);
  await wizard.getByRole('button', { name: 'Konto deaktivieren' }).click();
  await wizard.getByRole('heading', { name: 'Deaktivierung bestätigen' }).waitFor({ timeout: SOON });
  await wizard.getByText('Dein Konto ist deaktiviert.', { exact: false }).waitFor({ timeout: SOON });
  await looked(page, '11-deactivated-de');
  // the shop of a deactivated account is offline
  const shopAnswer = await page.request.get(`/v1/shop/${pausing.username}/products/anything`);
  assert.equal(shopAnswer.status(), 404);
  await page.getByTestId('sign-out').click();
  await page.waitForURL(/\/users\/sign_in/);
  await page.context().close();

  // signing in again works; the phone in English shows the deactivated account and reactivates it
  const mobile = await newPage(PHONE);
  await signIn(mobile, pausing, '/cabinet');
  await mobile.getByText('Your account is deactivated', { exact: false }).first().waitFor();
  await mobile.getByRole('link', { name: 'Reactivate account' }).click();
  await mobile.waitForURL((url) => url.pathname === WIZARD);
  const phoneWizard = mobile.getByTestId('account-deletion');
  await phoneWizard.getByRole('heading', { name: 'Confirm deactivation' }).waitFor();
  await looked(mobile, '12-deactivated-phone');
  await phoneWizard.getByRole('button', { name: 'Reactivate account' }).click();
  await mobile.getByText('Welcome back!', { exact: false }).first().waitFor();
  await phoneWizard.getByRole('heading', { name: 'Why are you leaving?' }).waitFor({ timeout: SOON });
  await looked(mobile, '13-reactivated-phone');
});
