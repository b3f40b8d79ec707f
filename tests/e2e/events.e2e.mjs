// An event, as a seller sets it up and lets its buyer in. The seller (1366 px, English): New product → "Event
// ticket"; the ticket step says it misses a ticket; a ticket without a start refused in words; a ticket with a
// start, a place and a capacity; a plan for it; publish. The ticket step at 390 px in German. A buyer on a phone
// pays, opens the ticket with its QR code. At the door (check-in screen) the seller types the code in lower case
// with spaces: let in; the same code again: refused, already used.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { ARTIFACTS, launch, shot, fillCard, signedInPage, noSideways, tickConsent } from './browser.mjs';

const BASE = process.env.SELLFLOW_URL;
const BUYER = `e2e.event.${Date.now()}@example.com`;
let browser;
let lastPage;
let shopUrl;
let editorUrl;
let code;

before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});
let ended = 0;
afterEach(async () => {
  ended += 1;
  if (lastPage && !lastPage.isClosed()) await shot(lastPage, `events-end-${ended}`);
});


test('a seller sets up an event: a ticket with its date, place and capacity, a plan, publish', async () => {
  const page = await signedInPage(browser, 'seller', '/cabinet/products');
  lastPage = page;
  await page.getByTestId('new-product').click();
  await page.getByTestId('new-product-form-event').check();
  await page.getByTestId('new-product-name').fill(`E2E Concert ${Date.now()}`);
  await page.getByTestId('new-product-submit').click();
  await page.waitForURL(/\/cabinet\/products\/\d+\/edit/);
  editorUrl = new URL(page.url()).pathname;
  await page.getByTestId('step-details').waitFor();
  const steps = await page.locator('[data-testid^="step-"]:not([data-testid^="step-missing"])').evaluateAll((els) => els.map((e) => e.dataset.testid));
  assert.deepEqual(steps, ['step-details', 'step-ticket_details', 'step-design', 'step-checkout', 'step-upsell']);
  assert.equal(await page.getByTestId('step-missing-ticket_details').innerText(), 'No ticket on sale yet');
  await page.getByTestId('step-ticket_details').click();
  await page.getByText('No tickets yet').waitFor();

  await page.getByTestId('ticket-add').click();
  await page.getByTestId('ticket-name').fill('Front row');
  await page.getByTestId('ticket-save').click();
  await page.getByText('When does it start? Or choose “valid on any day”.').waitFor(); // before anything is sent
  await page.getByTestId('ticket-starts').fill('2030-05-01T19:00');
  await page.getByLabel('Time zone').fill('Europe/Vienna');
  await page.getByRole('option', { name: 'Europe/Vienna' }).click();
  await page.getByText('Buyers read: May 1, 2030, 07:00 PM GMT+2').waitFor(); // the wall time in the event's zone
  await page.getByTestId('ticket-location').fill('Stadthalle Wien');
  await page.getByTestId('ticket-limit').fill('100');
  await page.getByTestId('ticket-save').click();
  await page.getByTestId('ticket-Front row').getByText('0 of 100 sold').waitFor();
  await page.getByTestId('ticket-Front row').getByText('Stadthalle Wien').waitFor();
  await noSideways(page);
  await shot(page, 'event-tickets-1366');

  // the ticket's design: a colour refused in words before sending, then the note shown live and saved
  await page.getByTestId('step-design').click();
  await page.getByTestId('ticket-accent').fill('purple');
  await page.getByTestId('ticket-accent').blur();
  await page.getByText('A colour is # and 3 or 6 hex digits, e.g. #285a5a').waitFor();
  await page.getByTestId('ticket-accent').fill('#aa3366');
  await page.getByTestId('ticket-note').fill('Doors open at 18:30.');
  await page.getByTestId('ticket-preview-note').getByText('Doors open at 18:30.').waitFor();
  await page.getByTestId('ticket-design-save').click();
  await page.getByText('Saved').first().waitFor();
  await shot(page, 'event-design-1366');

  await page.getByTestId('step-checkout').click();
  await page.getByTestId('plan-ticket').click();
  await page.getByRole('option', { name: 'Front row' }).click();
  await page.getByTestId('plan-name').fill('Seat');
  await page.getByTestId('plan-price').fill('39.00');
  await page.getByTestId('plan-add').click();
  await page.getByTestId('pricing-plans').getByText('39.00').first().waitFor();
  await page.getByTestId('step-missing-ticket_details').waitFor({ state: 'detached' });
  // a question the buyer must answer: the house rules, ticked
  await page.getByTestId('opt-in-add').click();
  await page.getByTestId('opt-in-label-0').fill('I accept the house rules');
  await page.getByTestId('opt-in-row-0').getByLabel('Required').check();
  await page.getByTestId('opt-ins-save').click();
  await page.getByText('Saved').first().waitFor();
  await page.getByTestId('publish-button').click();
  await page.getByText(/published/i).first().waitFor();
  shopUrl = new URL(await page.getByRole('link', { name: 'Product page' }).getAttribute('href'), BASE).pathname;
  await page.context().close();
});

test('the ticket step on a phone, in German', async () => {
  const page = await signedInPage(browser, 'seller', `${editorUrl}?step=2`, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  lastPage = page;
  await page.getByTestId('lang-de').click();
  await page.getByRole('button', { name: 'Ticket hinzufügen' }).waitFor();
  await page.getByTestId('ticket-Front row').getByText('0 von 100 verkauft').waitFor();
  await page.getByText('Gästeliste').waitFor();
  await noSideways(page);
  await shot(page, 'event-tickets-390-de');
  await page.getByTestId('ticket-edit-Front row').click();
  await page.getByText('Ticket bearbeiten').waitFor();
  await page.getByLabel('Kontingent', { exact: true }).waitFor();
  await shot(page, 'event-ticket-dialog-390-de');
  await page.keyboard.press('Escape');
  await page.goto(`${editorUrl}?step=3`);
  await page.getByLabel('Hinweis unter dem Code').waitFor();
  await page.getByTestId('ticket-preview-note').getByText('Doors open at 18:30.').waitFor();
  await noSideways(page);
  await shot(page, 'event-design-390-de');
  await page.context().close();
});

test('a buyer on a phone gets the ticket with its QR code', async () => {
  const context = await browser.newContext({ baseURL: BASE, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  lastPage = page;
  await page.goto(shopUrl);
  await page.getByTestId('product-name').waitFor();
  await page.getByText('Stadthalle Wien').first().waitFor(); // the ticket's place beside its plan
  await page.getByTestId('payer-first-name').fill('Tia');
  await page.getByTestId('payer-last-name').fill('Ticket');
  await page.getByTestId('payer-email').fill(BUYER);
  await fillCard(page, '4242424242424242');
  await tickConsent(page);
  await page.getByTestId('pay-button').click();
  await page.getByTestId('opt-ins').getByText('Please answer this').waitFor(); // nothing sent without the tick
  await page.getByTestId('opt-ins').getByLabel('I accept the house rules *').check();
  await tickConsent(page);
  await page.getByTestId('pay-button').click();
  await page.waitForURL(/\/thank_you\//, { timeout: 30_000 });
  await page.getByTestId('ticket-box').waitFor({ timeout: 30_000 });
  await page.getByTestId('ticket-open').click();
  await page.getByTestId('ticket-page').waitFor();
  code = (await page.getByTestId('ticket-code').innerText()).trim();
  assert.match(code, /^[2-9A-Z]{5}-[2-9A-Z]{5}$/);
  assert.ok(await page.locator('[data-testid="ticket-page"] img[src^="data:image/svg+xml"]').count(), 'a QR code');
  assert.equal(await page.getByTestId('ticket-note').innerText(), 'Doors open at 18:30.'); // the event's design
  // the same ticket as a PDF to keep
  const pdf = await page.context().request.get(await page.getByTestId('ticket-pdf').getAttribute('href'));
  assert.equal(pdf.headers()['content-type'], 'application/pdf');
  await noSideways(page);
  await shot(page, 'event-ticket-page-390');
  await context.close();
});

test('the door lets the ticket in once, typed in lower case with spaces, and refuses it the second time', async () => {
  const page = await signedInPage(browser, 'seller', '/cabinet/check_in');
  lastPage = page;
  const typed = code.toLowerCase().replace('-', ' ');
  await page.getByTestId('check-in-code').fill(typed);
  await page.getByTestId('check-in-submit').click();
  await page.getByTestId('check-in-ok').getByText('Welcome, Tia Ticket!').waitFor();
  await shot(page, 'check-in-ok-1366');
  await page.getByTestId('check-in-code').fill(code);
  await page.getByTestId('check-in-submit').click();
  await page.getByTestId('check-in-refused').getByText('Already used: this ticket was let in before').waitFor();
  await page.getByTestId('check-in-code').fill('not a code');
  await page.getByTestId('check-in-submit').click();
  await page.getByText('Not a ticket code: ten letters and digits, like ABCDE-23456').waitFor(); // before sending
  await shot(page, 'check-in-refused-1366');
  await page.context().close();
});

test('the door reads the same ticket with the camera and refuses it: already used', async () => {
  // Chromium's camera plays a picture of the ticket's QR code (its stored code, as the ticket page shows it)
  const video = `${ARTIFACTS}/ticket-qr.y4m`;
  execFileSync(process.env.PYTHON || 'python3', ['-m', 'tests.e2e.qr_video', code.replace('-', ''), video]);
  const camera = await launch(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`]);
  try {
    const page = await signedInPage(camera, 'seller', '/cabinet/check_in', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    lastPage = page;
    await page.context().grantPermissions(['camera']);
    await page.getByTestId('camera-start').click();
    await page.getByTestId('camera-scanner').waitFor();
    await page
      .getByTestId('check-in-refused')
      .getByText('Already used: this ticket was let in before')
      .waitFor({ timeout: 20_000 })
      .catch(async (e) => {
        await shot(page, 'check-in-camera-failed');
        throw e;
      });
    assert.match(await page.getByTestId('check-in-refused').innerText(), new RegExp(code));
    await shot(page, 'check-in-camera-390');
    await page.getByTestId('camera-stop').click();
    await page.getByTestId('camera-scanner').waitFor({ state: 'detached' });
  } finally {
    await camera.close();
  }
});

test('the seller sees the ticket let in, on the overview and in the list of every ticket', async () => {
  const page = await signedInPage(browser, 'seller', '/cabinet/payment_tickets');
  lastPage = page;
  await page.waitForURL(/\/cabinet\/payment_tickets\/overview/);
  await page.getByTestId('tickets-overview').waitFor();
  await shot(page, 'payment-tickets-overview-1366');
  await page.getByTestId('tickets-tab-details').click();
  await page.getByTestId('list-search').fill(code);
  await page.getByTestId('list-search').press('Enter');
  await page.getByRole('row').filter({ hasText: code }).getByText('Used').waitFor();
  await shot(page, 'payment-tickets-details-1366');
  await page.context().close();
});

test('a buyer upgrades a floor ticket to a box for the difference; the old ticket points to the new one', async () => {
  // the seller's event, made through the API: a floor ticket and a dearer box, each with its plan
  const seller = await signedInPage(browser, 'seller', '/cabinet');
  const token = await seller.evaluate(() => JSON.parse(localStorage.getItem('sellflow.tokens') ?? '{}').accessToken);
  const h = { Authorization: `Bearer ${token}` };
  const api = seller.context().request;
  let r = await api.post(`${BASE}/v1/cabinet/products`, { headers: h, data: { name: `E2E Gala ${Date.now()}`, form: 'event' } });
  const event = await r.json();
  const ticket = async (name, price) => {
    const t = await (await api.post(`${BASE}/v1/cabinet/products/${event.id}/tickets`, { headers: h, data: { name, starts_at: '2030-06-01T18:00:00Z', time_zone: 'Europe/Berlin', location: 'Oper', limit: 10 } })).json();
    r = await api.post(`${BASE}/v1/cabinet/products/${event.id}/pricing_plans`, { headers: h, data: { name, payment_type: 'one_time', price, currency: 'eur', ticket_id: t.id } });
    assert.equal(r.status(), 201, await r.text());
  };
  await ticket('Floor', 1900);
  await ticket('Box', 4900);
  r = await api.post(`${BASE}/v1/cabinet/products/${event.id}/publish`, { headers: h });
  assert.equal(r.status(), 200, await r.text());
  const slug = (await r.json()).slug;
  await seller.context().close();

  const context = await browser.newContext({ baseURL: BASE, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  lastPage = page;
  await page.goto(`/s/demo-seller/${slug}`);
  await page.getByText('Floor —').click();
  await page.getByTestId('plan-continue').click();
  await page.getByTestId('payer-first-name').fill('Una');
  await page.getByTestId('payer-last-name').fill('Upgrade');
  await page.getByTestId('payer-email').fill(`e2e.upgrade.${Date.now()}@example.com`);
  await fillCard(page, '4242424242424242');
  await tickConsent(page);
  await page.getByTestId('pay-button').click();
  await page.waitForURL(/\/thank_you\//, { timeout: 30_000 });
  await page.getByTestId('ticket-open').click();
  await page.getByTestId('ticket-page').waitFor();
  const old = (await page.getByTestId('ticket-code').innerText()).trim();

  // the upgrade: only the box is dearer; +30.00 (49.00 − 19.00), paid by card
  await page.getByTestId('upgrades').getByText('Box').waitFor();
  await page.locator('[data-testid^="upgrade-"]').filter({ hasText: '30' }).first().click();
  await fillCard(page, '4242424242424242', '#upgrade-card');
  await page.getByTestId('upgrade-pay').click();
  await page.waitForFunction((before) => {
    const shown = document.querySelector('[data-testid="ticket-code"]')?.textContent?.trim();
    return shown && shown !== before;
  }, old, { timeout: 30_000 });
  await page.getByTestId('ticket-page').getByText('Box').first().waitFor();
  const fresh = (await page.getByTestId('ticket-code').innerText()).trim();
  assert.notEqual(fresh, old);
  await shot(page, 'ticket-upgraded-390');

  await page.goto(`/s/demo-seller/tickets/${old}`);
  await page.getByTestId('upgraded-to').getByText(fresh).waitFor();
  await context.close();
});
