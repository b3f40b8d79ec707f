// The seller's money in a real browser: the demo seller's paid order refunded in part from the order view, then
// the transfers (sale, fee, refund), the invoices (invoice and credit memo, each as PDF), the payouts screen (the
// balance split and why the payout waits) and the month's bookkeeping export.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, launch, idem, signedInPage } from './browser.mjs';

const BASE = process.env.SELLFLOW_URL;
const SELLER = { email: 'seller@sellflow.local', password: 'sellflow-demo', username: 'demo-seller' };
let browser;
let lastPage;
let shots = 0;

before(async () => {
  browser = await launch();
});

after(async () => {
  await browser?.close();
});

afterEach(async () => {
  if (lastPage && !lastPage.isClosed()) await lastPage.screenshot({ path: `${ARTIFACTS}/money-end-${++shots}.png`, fullPage: true }).catch(() => {});
});

async function signedInSeller() {
  lastPage = await signedInPage(browser, 'seller', '/cabinet/transfers');
  return lastPage;
}

/** A paid order of the demo seller's handbook (19.90), bought through the API as the checkout does. */
async function paidOrder(page) {
  const product = await (await page.request.get(`/v1/shop/${SELLER.username}/products/the-sellflow-handbook`)).json();
  const plan = product.pricing_plans[0];
  const co = await (
    await page.request.post(`/v1/shop/${SELLER.username}/products/the-sellflow-handbook/checkout`, {
      headers: idem(),
      data: { pricing_plan_id: plan.id, withdrawal_consent: true, payer: { email: `money-${Date.now()}@example.com`, first_name: 'Mo', last_name: 'Ney' } },
    })
  ).json();
  const stripe = process.env.STRIPE_URL;
  const auth = { Authorization: 'Bearer sk_test_sellflow_local' };
  const pm = await (
    await page.request.post(`${stripe}/v1/payment_methods`, {
      headers: auth,
      form: { type: 'card', 'card[number]': '4242424242424242', 'card[exp_month]': '12', 'card[exp_year]': '2031', 'card[cvc]': '123' },
    })
  ).json();
  // charged today: the checkout made its PaymentIntent, and paying confirms it with this card (no SetupIntent)
  assert.equal(co.setup_intent_client_secret, null);
  const paid = await (
    await page.request.post(`/v1/shop/${SELLER.username}/orders/${co.order_token}/pay`, { headers: idem(), data: { payment_method: pm.id } })
  ).json();
  assert.equal(paid.outcome, 'succeeded');
  return co.order_token;
}

test('a partial refund from the order view, then transfers, invoices, payouts and the export', async () => {
  const page = await signedInSeller();
  const token = await paidOrder(page);
  await page.goto(`/cabinet/orders/${token}`);
  await page.getByText('Left to refund').waitFor({ timeout: 30_000 });
  await page.getByLabel('Amount').fill('5,00');
  await page.getByLabel('Reason (the seller reads it)').fill('One chapter was missing');
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  await page.getByText(/Refunded/).first().waitFor({ timeout: 30_000 });
  await page.getByText('Money trail').waitFor();

  await page.goto('/cabinet/transfers');
  await page.getByTestId('balance').waitFor();
  for (const kind of ['Sale', 'Platform fee', 'Refund']) await page.getByRole('cell', { name: kind, exact: true }).first().waitFor();

  await page.goto('/cabinet/invoices');
  await page.getByRole('cell', { name: /Credit memo · reverses no\./ }).first().waitFor();
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'PDF' }).first().click();
  assert.ok(await popup, 'the PDF opens');

  await page.goto('/cabinet/payouts');
  await page.getByText('Payout schedule').first().waitFor();
  await page.getByText(/Available:/).waitFor();

  // in German on a phone: the sale just made is held, with the day it is released
  const de = await signedInPage(browser, 'seller', '/cabinet/payouts', { viewport: { width: 390, height: 844 }, locale: 'de-DE' });
  const releases = de.getByTestId('payout-releases');
  await releases.waitFor({ timeout: 20_000 });
  const held = await releases.innerText();
  assert.match(held, /Nach jedem Verkauf \d+ Tage zurückgehalten/, held);
  assert.match(held, /frei am \d\d\.\d\d\.\d{4} \d\d:\d\d/, held);
  assert.ok((await de.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)) <= 1, 'no sideways scrolling');
  await de.context().close();

  await page.goto('/cabinet/bookkeeping_export');
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('cell', { name: 'Ready to be sent' }).waitFor({ timeout: 30_000 });
});
