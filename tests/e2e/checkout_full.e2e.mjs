// The checkout in full, once on a laptop in English (1366 px) and once on a phone in German (390 px). The seller's
// product sells on a two-step checkout page with an order bump, an upsell after the purchase and a 20 % code, and
// takes cards, PayPal and bank transfers. Each buyer:
// 1. gives their details, ticks the bump, applies the code and pays 25.00 − 5.00 + 9.00 by card in one charge,
//    then buys the upsell with one click on the thank-you page (no card asked again);
// 2. buys again with PayPal: approved in the PayPal stand-in's window, back in the shop, delivered;
// 3. buys a third time by bank transfer: the page shows the account, amount and reference; a day of the checkout's
//    calendar later (compressed in the test stack: CHECKOUT_DAY_S) the order still waits, then the transfer arrives
//    at the bank stand-in and the same page delivers.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { launch, shot, fillCard, signedInState, noSideways, tickConsent } from './browser.mjs';

const BASE = process.env.SELLFLOW_URL;
const BANK = process.env.BANK_URL;
const DAY_MS = Number(process.env.CHECKOUT_DAY_S || '20') * 1000;
const TAG = `${Date.now() % 1_000_000}`;
const CODE = `FULL${TAG}`;
const BUMP = `Full workbook ${TAG}`;
const UPSELL = `Full coaching ${TAG}`;
let browser;
let lastPage;
let slug;

before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});
afterEach(async () => {
  if (lastPage && !lastPage.isClosed()) await shot(lastPage, 'checkout-full-end');
});

/** The seller's side, through the API (the cabinet screens have scenarios of their own): the product, its bump and
 * upsell, the code, the two-step page and the methods. */
test('the seller sells a product on a two-step page with a bump, an upsell, a code, PayPal and bank transfer', async () => {
  const context = await browser.newContext({ baseURL: BASE, storageState: await signedInState(browser, 'seller') });
  const page = await context.newPage();
  await page.goto('/cabinet');
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('sellflow.tokens') ?? '{}').accessToken);
  const h = { Authorization: `Bearer ${token}` };
  const api = context.request;
  const ok = async (response) => {
    assert.ok(response.ok(), `${response.url()}: ${response.status()} ${await response.text()}`);
    return response.json();
  };
  const sellable = async (name, price) => {
    const product = await ok(await api.post(`${BASE}/v1/cabinet/products`, { headers: h, data: { name } }));
    await ok(await api.post(`${BASE}/v1/cabinet/products/${product.id}/file`, { headers: h, multipart: { file: { name: 'f.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF f') } } }));
    const plan = await ok(await api.post(`${BASE}/v1/cabinet/products/${product.id}/pricing_plans`, { headers: h, data: { name: 'Once', payment_type: 'one_time', price, currency: 'eur' } }));
    const published = await ok(await api.post(`${BASE}/v1/cabinet/products/${product.id}/publish`, { headers: h }));
    return { id: product.id, plan: plan.id, slug: published.slug };
  };
  const main = await sellable(`Full guide ${TAG}`, 2500);
  const bump = await sellable(BUMP, 900);
  const upsell = await sellable(UPSELL, 1500);
  slug = main.slug;
  await ok(await api.put(`${BASE}/v1/cabinet/products/${main.id}/addons`, {
    headers: h,
    data: {
      upsell: true,
      addons: [
        { kind: 'bump', product_id: bump.id, pricing_plan_id: bump.plan },
        { kind: 'upsell', product_id: upsell.id, pricing_plan_id: upsell.plan },
      ],
    },
  }));
  await ok(await api.post(`${BASE}/v1/cabinet/coupons`, { headers: { ...h, 'Idempotency-Key': CODE }, data: { code: CODE, value_form: 'percents', value: 20 } }));
  // the seller's first checkout page becomes their default: a standard one first, so their other products keep it
  const listed = await ok(await api.get(`${BASE}/v1/cabinet/checkout_settings`, { headers: h }));
  if (!listed.list.length) await ok(await api.post(`${BASE}/v1/cabinet/checkout_settings`, { headers: h, data: { name: 'Standard' } }));
  const twoSteps = await ok(await api.post(`${BASE}/v1/cabinet/checkout_settings`, { headers: h, data: { name: `Two steps ${TAG}`, page: { layout: 'two_steps' } } }));
  await ok(await api.patch(`${BASE}/v1/cabinet/products/${main.id}`, { headers: h, data: { checkout_settings_id: twoSteps.id } }));
  const settings = await ok(await api.get(`${BASE}/v1/cabinet/payment_settings`, { headers: h }));
  const oneTime = new Set([...(settings.matrix.one_time ?? []), 'card', 'paypal', 'bank_wire']);
  await ok(await api.put(`${BASE}/v1/cabinet/payment_settings`, { headers: h, data: { matrix: { ...settings.matrix, one_time: [...oneTime] } } }));
  await context.close();
});

const BUYERS = [
  { name: 'laptop-en', viewport: { width: 1366, height: 900 }, locale: 'en-GB', total: /29\.00/, amount: /25\.00 EUR/, wired: /25\.00/, vatRefused: 'This VAT ID is not valid for the chosen country' },
  { name: 'phone-de', viewport: { width: 390, height: 844 }, locale: 'de-DE', mobile: true, total: /29,00/, amount: /25\.00 EUR/, wired: /25,00/, vatRefused: 'Diese USt-IdNr. ist für das gewählte Land nicht gültig' },
];

for (const buyer of BUYERS) {
  const open = async (who) => {
    const context = await browser.newContext({
      baseURL: BASE,
      viewport: buyer.viewport,
      locale: buyer.locale,
      ...(buyer.mobile ? { isMobile: true, hasTouch: true } : {}),
    });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    lastPage = page;
    await page.goto(`/s/demo-seller/${slug}`);
    if (buyer.locale.startsWith('de')) await page.getByTestId('language-select').selectOption('de');
    await page.getByTestId('checkout-steps').waitFor(); // the two-step page: the buyer's details first
    await page.getByTestId('payer-first-name').fill(who);
    await page.getByTestId('payer-last-name').fill(buyer.name);
    await page.getByTestId('payer-email').fill(`e2e.full.${who.toLowerCase()}.${buyer.name}.${Date.now()}@example.com`);
    return page;
  };

  test(`${buyer.name}: a VAT ID the API refuses is named on the details step, where its field is`, async () => {
    const page = await open('Vat');
    await page.getByTestId('payer-country').selectOption('AT');
    await page.getByTestId('payer-business-toggle').click();
    await page.getByTestId('payer-company').fill('Buyer GmbH');
    await page.getByTestId('payer-vatId').fill('FR40303265045');
    await page.getByTestId('payer-street').fill('Ringstraße');
    await page.getByTestId('payer-streetNumber').fill('2');
    await page.getByTestId('payer-zip').fill('1010');
    await page.getByTestId('payer-city').fill('Wien');
    await page.getByTestId('to-payment').click();
    await fillCard(page, '4242424242424242');
    await tickConsent(page);
    await page.getByTestId('pay-button').click();
    // back on the first step, the field and the message above the button both say which detail and why
    await page.getByTestId('payer-vatId').waitFor();
    assert.ok((await page.getByText(buyer.vatRefused).count()) >= 1);
    await noSideways(page);
    await shot(page, `full-vat-refused-${buyer.name}`);
    await page.context().close();
  });

  test(`${buyer.name}: a code and a bump on the two-step page, one card charge, then the upsell in one click`, async () => {
    const page = await open('Card');
    const missing = [];
    page.on('response', (r) => {
      if (r.status() === 404 && r.url().includes('/v1/')) missing.push(r.url());
    });
    await page.getByRole('checkbox', { name: new RegExp(BUMP) }).check();
    await shot(page, `full-details-${buyer.name}`);
    await page.getByTestId('to-payment').click();
    await page.getByTestId('coupon-open').click();
    await page.getByTestId('coupon-code').fill(CODE.toLowerCase());
    await page.getByTestId('coupon-apply').click();
    // 25.00 − 5.00 for the product, 9.00 for the bump: one charge
    await page.getByTestId('pay-button').filter({ hasText: buyer.total }).waitFor();
    await fillCard(page, '4242424242424242');
    await shot(page, `full-payment-${buyer.name}`);
    await tickConsent(page);
    await page.getByTestId('pay-button').click();
    await page.waitForURL(/\/thank_you\//);
    await page.getByTestId(`extra-${BUMP}`).waitFor();
    await page.getByTestId('upsell-upsell').waitFor();
    assert.equal(await page.getByTestId('card-element').count(), 0); // the card that paid is charged again
    await shot(page, `full-upsell-${buyer.name}`);
    await page.getByTestId('upsell-buy').click();
    await page.getByTestId(`extra-${UPSELL}`).waitFor();
    await page.getByTestId('download-link').waitFor();
    // the upsell's own invoice is linked beside the order's; no request for a thank-you page the seller never built
    await page.getByTestId(`extra-${UPSELL}`).locator('[data-testid^="extra-invoice-"]').waitFor({ timeout: 30_000 });
    await page.getByTestId('invoice-pdf').waitFor();
    assert.deepEqual(missing, []);
    await shot(page, `full-paid-${buyer.name}`);
    await page.context().close();
  });

  test(`${buyer.name}: PayPal, approved in the stand-in's window, delivered`, async () => {
    const page = await open('Paypal');
    await page.getByTestId('to-payment').click();
    await page.getByTestId('method-paypal').click();
    await tickConsent(page);
    await page.getByTestId('pay-button').click();
    await page.getByTestId('paypal-approve').waitFor();
    assert.match(await page.getByTestId('paypal-amount').innerText(), buyer.amount);
    await shot(page, `full-paypal-${buyer.name}`);
    await page.getByTestId('paypal-approve').click();
    await page.waitForURL(/\/thank_you\//);
    await page.getByTestId('download-link').waitFor({ timeout: 40_000 });
    await shot(page, `full-paypal-paid-${buyer.name}`);
    await page.context().close();
  });

  test(`${buyer.name}: bank transfer, still waiting a day later, then matched and delivered`, async () => {
    const page = await open('Wire');
    await page.getByTestId('to-payment').click();
    await page.getByTestId('method-bank_wire').click();
    await page.getByTestId('wire-note').waitFor();
    await tickConsent(page);
    await page.getByTestId('pay-button').click();
    await page.getByTestId('wire-box').waitFor();
    const reference = (await page.getByTestId('wire-reference').innerText()).trim();
    assert.match(reference, /^SF-[0-9A-F]{20}$/);
    assert.match(await page.getByTestId('wire-amount').innerText(), buyer.wired);
    await shot(page, `full-wire-${buyer.name}`);
    // a day of the checkout's calendar: the order waits on, its instructions still on the page
    await page.waitForTimeout(DAY_MS);
    await page.reload();
    await page.getByTestId('wire-box').waitFor();
    assert.equal(await page.getByTestId('download-link').count(), 0);
    const r = await fetch(`${BANK}/v1/incoming_transfers`, {
      method: 'POST',
      headers: { Authorization: 'Bearer bank_sellflow_local', 'Content-Type': 'application/json' },
      body: JSON.stringify({ reference, amount: 2500, currency: 'eur', payer_name: `Wire ${buyer.name}` }),
    });
    assert.equal(r.status, 201);
    await page.getByTestId('download-link').waitFor({ timeout: 40_000 });
    await shot(page, `full-wire-paid-${buyer.name}`);
    await page.context().close();
  });
}

test('the seller finds the orders by the payer and names the upsell an upsell, not a bump', async () => {
  const context = await browser.newContext({ baseURL: BASE, viewport: { width: 1366, height: 900 }, storageState: await signedInState(browser, 'seller') });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  lastPage = page;
  await page.goto(`/cabinet/orders?query=${encodeURIComponent('Card laptop-en')}`);
  const upsell = page.getByRole('row').filter({ hasText: UPSELL });
  await upsell.first().waitFor();
  assert.equal(await upsell.first().getByText('Upsell', { exact: true }).count(), 1);
  const bump = page.getByRole('row').filter({ hasText: BUMP });
  assert.equal(await bump.first().getByText('Order bump', { exact: true }).count(), 1);
  await shot(page, 'full-orders-1366');
  await context.close();
});
