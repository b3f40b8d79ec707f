// The walk-through in a real browser (Debian's Chromium, headless, driven by playwright-core):
// the demo seller creates and publishes a product; a buyer in another browser pays with 4242…, sees the
// thank-you page and downloads the file; the seller sees the order as paid with its workflow's progress, and
// the manager opens that workflow in the Temporal UI from the ops view; 4000…0002 shows the decline reason; 4000 0027 6000 3184 asks for 3-D Secure once and both answers end right.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { launch, shot, fillCard, signedInPage, tickConsent } from './browser.mjs';

const BASE = process.env.SELLFLOW_URL;
const TEMPORAL_UI = process.env.TEMPORAL_UI_URL;
const SELLER = { email: 'seller@sellflow.local', password: 'sellflow-demo', username: 'demo-seller' };
const PRODUCT = `E2E Guide ${Date.now()}`;
let browser;
let shopUrl;

before(async () => {
  browser = await launch();
});

after(async () => {
  await browser?.close();
});

let lastPage;
let shots = 0;
afterEach(async () => {
  // what the browser showed when each scenario ended (kept with the stack's logs)
  if (lastPage && !lastPage.isClosed()) await shot(lastPage, `end-${++shots}`);
});

async function newPage() {
  const context = await browser.newContext({ baseURL: BASE, acceptDownloads: true, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  lastPage = page;
  return page;
}

async function signIn(user, path) {
  const page = await newPage();
  await page.goto(path);
  await page.waitForURL(/\/users\/sign_in/); // unauthenticated → sign-in, the URL saved as referer
  await page.getByTestId('signin-email').fill(user.email);
  await page.getByTestId('signin-password').fill(user.password);
  await page.getByTestId('signin-submit').click();
  await page.waitForURL((url) => url.pathname === path); // back to where the user wanted to go
  return page;
}

const signInAsSeller = () => signIn(SELLER, '/cabinet/orders');
/** Signed in already (the run's saved state): the seller's or manager's page at `path`. */
async function signedIn(role, path) {
  lastPage = await signedInPage(browser, role, path, { viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  return lastPage;
}

async function sellerAuth(page) {
  const r = await page.request.post('/v1/app/session', { data: { email: SELLER.email, password: SELLER.password, fingerprint: 'e2e' } });
  return { Authorization: `Bearer ${(await r.json()).access_token}` };
}

// Counts the 3-D Secure challenges localstripe's Stripe.js shows: each is a dialog appended to <body> with the
// buttons "Complete authentication" and "Fail authentication" (its openModal).
function countChallenges() {
  window.__challenges = 0;
  new MutationObserver((records) => {
    for (const r of records) {
      for (const node of r.addedNodes) {
        if (node.nodeType === 1 && node.tagName !== 'BUTTON' && node.textContent.includes('Fail authentication')) window.__challenges += 1;
      }
    }
  }).observe(document, { childList: true, subtree: true });
}

async function buyerPays(number, email, year = '31') {
  const page = await newPage();
  await page.addInitScript(countChallenges);
  await page.goto(shopUrl);
  await page.getByTestId('product-name').waitFor();
  assert.equal(await page.getByTestId('product-name').innerText(), PRODUCT);
  // a buyer's address is answered by the shop's own build (shop.html), not the whole platform app
  const entry = await page.evaluate(() => document.querySelector('script[type="module"]')?.getAttribute('src'));
  assert.match(entry ?? '', /^\/assets\/shop-[\w-]+\.js$/);
  // and it names what the page asks first, so the browser fetches the product and the configuration beside the
  // scripts (their timing entries are the hints', the page's own asks took those answers)
  const timings = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => [new URL(e.name).pathname, e.initiatorType]));
  for (const path of ['/v1/common/config', new URL(shopUrl, BASE).pathname.replace(/^\/s\/([^/]+)\//, '/v1/shop/$1/products/')]) {
    assert.deepEqual(timings.filter(([p]) => p === path).map(([, how]) => how), ['link'], `${path}: ${JSON.stringify(timings)}`);
  }
  await page.getByTestId('payer-first-name').fill('Bea');
  await page.getByTestId('payer-last-name').fill('Buyer');
  await page.getByTestId('payer-email').fill(email);
  await fillCard(page, number, '#card-element', year);
  await tickConsent(page);
  await page.getByTestId('pay-button').click();
  return page;
}

test('seller creates and publishes a download product', async () => {
  const page = await signInAsSeller();
  await page.getByTestId('nav-products').click();
  await page.getByTestId('new-product').click();
  await page.getByTestId('new-product-name').fill(PRODUCT);
  await page.getByTestId('new-product-submit').click();
  await page.waitForURL(/\/cabinet\/products\/\d+\/edit/);
  await page.getByTestId('step-file_upload').click();
  await page.getByTestId('file-input').setInputFiles({ name: 'guide.pdf', mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4 e2e guide') });
  await page.getByTestId('current-file').waitFor();
  await page.getByTestId('step-checkout').click();
  await page.getByTestId('plan-name').fill('One-time');
  await page.getByTestId('plan-price').fill('12.50');
  await page.getByTestId('plan-add').click();
  await page.getByTestId('pricing-plans').getByText('12.50').first().waitFor();
  await page.getByTestId('publish-button').click();
  await page.getByText(/published/i).first().waitFor();
  await shot(page, '1-product-published');
  const productId = page.url().match(/products\/(\d+)\/edit/)[1];
  const res = await page.request.get(`/v1/cabinet/products/${productId}`, { headers: await sellerAuth(page) });
  const product = await res.json();
  assert.equal(product.is_published, true);
  shopUrl = new URL(product.shop_url).pathname;
  assert.match(shopUrl, new RegExp(`^/s/${SELLER.username}/`));
  await page.context().close();
});

test('the seller writes their documents; a consumer in Germany on a phone reads them, must tick the consent, and the thank-you page and the mail repeat it', async () => {
  const cabinet = await signInAsSeller();
  await cabinet.goto('/cabinet/pages');
  const words = { terms: 'E2E terms: be kind.', cancellation_terms: 'E2E: 14 days to withdraw.', privacy: 'E2E privacy.', imprint: 'E2E imprint, Berlin.' };
  for (const [doc, text] of Object.entries(words)) await cabinet.getByTestId(`legal-${doc}`).getByLabel('In English').first().fill(text);
  await cabinet.getByTestId('legal-save').click();
  await cabinet.getByText(/saved/i).first().waitFor();
  await shot(cabinet, 'legal-documents-1366-en');
  const served = await cabinet.request.get(`/s/${SELLER.username}/document/imprint`);
  assert.equal(served.status(), 200);
  assert.ok((await served.text()).includes('E2E imprint, Berlin.'));
  await cabinet.context().close();

  const context = await browser.newContext({ baseURL: BASE, locale: 'de-DE', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  lastPage = page;
  await page.goto(shopUrl);
  await page.getByTestId('product-name').waitFor();
  await page.getByTestId('payer-first-name').fill('Vera');
  await page.getByTestId('payer-last-name').fill('Braucher');
  await page.getByTestId('payer-email').fill('e2e.consumer@example.de');
  await page.getByTestId('payer-country').selectOption('DE');
  await fillCard(page, '4242424242424242');
  // the buy button says what the law asks in German, and ordering waits for the consent
  assert.match(await page.getByTestId('pay-button').innerText(), /Zahlungspflichtig bestellen/);
  await page.getByTestId('pay-button').click();
  await page.getByTestId('consent-missing').waitFor();
  // the terms open over the checkout, and close back to it
  await page.getByTestId('legal-link-terms').click();
  await page.getByTestId('document-dialog').getByText('E2E terms: be kind.').waitFor();
  await shot(page, 'legal-terms-dialog-390-de');
  await page.getByTestId('document-close').click();
  await page.getByTestId('document-dialog').waitFor({ state: 'detached' });
  await page.getByTestId('withdrawal-consent').locator('input').check();
  await page.getByTestId('pay-button').click();
  await page.waitForURL(/\/thank_you\//, { timeout: 30_000 });
  await page.getByTestId('invoice-number').waitFor({ timeout: 30_000 });
  assert.match(await page.getByTestId('consent-given').innerText(), /Ich stimme ausdrücklich zu/);
  assert.ok((await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)) <= 1, 'no sideways scrolling');
  await page.getByTestId('invoice-xrechnung').waitFor();
  await shot(page, 'consent-thank-you-390-de');
  // the confirmation mail, in the page's language, repeats the consent in the words ticked
  let mail;
  for (let i = 0; i < 100 && !mail; i += 1) {
    const mails = await (await page.request.get(`${process.env.MAIL_URL}/api/messages`, { params: { to: 'e2e.consumer@example.de' } })).json();
    mail = mails.find((m) => /Deine Bestellung/.test(m.subject));
    if (!mail) await page.waitForTimeout(200);
  }
  assert.ok(mail, 'the confirmation mail arrived');
  assert.match(mail.body, /Ich stimme ausdrücklich zu/);
  assert.match(mail.body, new RegExp(`/s/${SELLER.username}/document/imprint`)); // the seller's documents, linked
  await context.close();
});

test('a business buyer on a phone in German gives company, VAT ID and address, and gets an e-invoice', async () => {
  const context = await browser.newContext({ baseURL: BASE, locale: 'de-DE', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  lastPage = page;
  await page.goto(shopUrl);
  await page.getByTestId('product-name').waitFor();
  await page.getByTestId('payer-first-name').fill('Bea');
  await page.getByTestId('payer-last-name').fill('Buyer');
  await page.getByTestId('payer-email').fill('e2e.business@example.at');
  await page.getByTestId('payer-country').selectOption('AT');
  await page.getByTestId('payer-business-toggle').click();
  await page.getByTestId('payer-vatId').fill('FR40303265045');
  await fillCard(page, '4242424242424242');
  await tickConsent(page);
  await page.getByTestId('pay-button').click();
  // asked before anything is sent: a VAT ID needs the company
  await page.getByText('Zur USt-IdNr. gehört der Name der Firma').waitFor();
  await page.getByTestId('payer-company').fill('Buyer GmbH');
  await page.getByTestId('payer-street').fill('Ringstraße');
  await page.getByTestId('payer-streetNumber').fill('2');
  await page.getByTestId('payer-zip').fill('1010');
  await page.getByTestId('payer-city').fill('Wien');
  await tickConsent(page);
  await page.getByTestId('pay-button').click();
  // refused by the API (a French VAT ID for an Austrian address), said in German beside the field
  // beside the field, and named in the message above the button
  await page.getByText('Diese USt-IdNr. ist für das gewählte Land nicht gültig').first().waitFor();
  assert.equal(await page.getByText('Diese USt-IdNr. ist für das gewählte Land nicht gültig').count(), 2);
  assert.ok((await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)) <= 1, 'no sideways scrolling');
  await shot(page, 'business-refused-390-de');
  await page.getByTestId('payer-vatId').fill('ATU13585627');
  await tickConsent(page);
  await page.getByTestId('pay-button').click();
  await page.waitForURL(/\/thank_you\//, { timeout: 30_000 });
  await page.getByTestId('invoice-number').waitFor({ timeout: 30_000 });
  const href = await page.getByTestId('invoice-pdf').getAttribute('href');
  const pdf = await page.request.get(href);
  assert.equal(pdf.status(), 200);
  const body = (await pdf.body()).toString('latin1');
  assert.ok(body.startsWith('%PDF') && body.includes('factur-x.xml'), 'the invoice PDF embeds its e-invoice');
  await shot(page, 'business-thank-you-390-de');
  await context.close();
});

test('buyer pays with 4242 4242 4242 4242, sees the thank-you page and downloads the file', async () => {
  // the expiry year as people also type it, four digits
  const page = await buyerPays('4242424242424242', 'e2e.paid@example.com', '2031');
  await page.waitForURL(/\/thank_you\//, { timeout: 30_000 });
  await page.getByTestId('download-link').waitFor({ timeout: 30_000 });
  await page.getByTestId('invoice-number').waitFor();
  // the consent the buyer ticked, repeated in their words (English at 1366 px)
  assert.match(await page.getByTestId('consent-given').innerText(), /I expressly agree that the delivery begins/);
  await shot(page, '2-thank-you');
  const href = await page.getByTestId('download-link').getAttribute('href');
  const file = await page.request.get(href);
  assert.equal(file.status(), 200);
  assert.equal(await file.text(), '%PDF-1.4 e2e guide');
  const token = page.url().split('/thank_you/')[1];
  await page.context().close();

  // the seller sees it paid, with the workflow's progress in words (the Temporal UI is for managers)
  const cabinet = await signedIn('seller', '/cabinet/orders');
  const row = cabinet.getByTestId('orders-grid').locator('[role="row"]', { hasText: 'e2e.paid@example.com' }).first();
  await row.waitFor();
  assert.match(await row.innerText(), /Paid/);
  await shot(cabinet, '3-orders-list');
  await row.click();
  await cabinet.waitForURL(new RegExp(`/cabinet/orders/${token}`));
  await cabinet.getByTestId('workflow-progress').waitFor();
  await cabinet.getByTestId('order-invoice').waitFor();
  assert.equal(await cabinet.getByTestId('temporal-link').count(), 0);
  await shot(cabinet, '4-order-view');
  await cabinet.context().close();

  // the manager finds the order's workflow by its token, typed with spaces and in upper case, and opens its
  // history in the Temporal UI
  const ops = await signedIn('manager', '/admin/ops');
  await ops.getByTestId('ops-token').fill(` ${token.slice(0, 8).toUpperCase()} ${token.slice(8)} `);
  await ops.getByTestId('ops-find').click();
  await ops.getByTestId('ops-workflow-row').first().waitFor();
  const link = await ops.getByTestId('ops-temporal-link').first().getAttribute('href');
  assert.ok(link.includes(`checkout-${token}`), link);
  if (TEMPORAL_UI) {
    const ui = await ops.context().newPage();
    await ui.goto(link);
    await ui.getByText('record_order_paid').first().waitFor({ timeout: 30_000 });
    await shot(ui, '5-temporal-ui');
  }
  await ops.context().close();
});

test('card 4000 0000 0000 0002 shows the decline reason; another card on the same page pays that one order', async () => {
  const page = await buyerPays('4000000000000002', 'e2e.declined@example.com');
  const error = page.getByTestId('payment-error');
  await error.waitFor({ timeout: 30_000 });
  assert.match(await error.innerText(), /declined/i);
  assert.doesNotMatch(page.url(), /thank_you/);
  await shot(page, '6-declined');
  const api = await newPage();
  const list = await api.request.get('/v1/cabinet/orders?per=50&query=e2e.declined%40example.com', { headers: await sellerAuth(api) });
  // this run's orders (a stack that lives on, as `make run`'s, keeps earlier runs' under the same e-mail)
  const orders = (await list.json()).list.filter((o) => o.product_name === PRODUCT);
  assert.ok(orders.length > 0 && orders.every((o) => o.payment_state !== 'paid'), JSON.stringify(orders));

  // the buyer tries another card on the same page: it pays the same order, the seller sees one order
  await fillCard(page, '4242424242424242');
  await tickConsent(page);
  await page.getByTestId('pay-button').click();
  await page.waitForURL(/\/thank_you\//, { timeout: 30_000 });
  const after = await api.request.get('/v1/cabinet/orders?per=50&query=e2e.declined%40example.com', { headers: await sellerAuth(api) });
  const one = (await after.json()).list.filter((o) => o.product_name === PRODUCT);
  assert.equal(one.length, 1, JSON.stringify(one));
  assert.equal(one[0].payment_state, 'paid');
  await page.context().close();
  await api.context().close();
});

for (const [answer, button] of [['completed', 'Complete authentication'], ['failed', 'Fail authentication']]) {
  test(`card 4000 0027 6000 3184 asks for 3-D Secure; ${answer} authentication ends correctly`, async () => {
    const page = await buyerPays('4000002760003184', `e2e.3ds.${answer}@example.com`);
    // one purchase, one challenge: the payment's (the card is not confirmed by a SetupIntent first)
    await page.getByRole('button', { name: button }).click({ timeout: 30_000 });
    if (answer === 'completed') {
      await page.waitForURL(/\/thank_you\//, { timeout: 30_000 });
      await page.getByTestId('download-link').waitFor({ timeout: 30_000 });
    } else {
      await page.getByTestId('payment-error').waitFor({ timeout: 30_000 });
      assert.doesNotMatch(page.url(), /thank_you/);
    }
    assert.equal(await page.evaluate(() => window.__challenges), 1);
    await shot(page, `7-3ds-${answer}`);
    if (answer === 'failed') {  // the buyer can go on with another card on the same page
      await fillCard(page, '4242424242424242');
      await tickConsent(page);
      await page.getByTestId('pay-button').click();
      await page.waitForURL(/\/thank_you\//, { timeout: 30_000 });
    }
    await page.context().close();
  });
}
