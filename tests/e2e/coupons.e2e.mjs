// A coupon, a bump, an upsell and a two-step checkout page, as a seller makes them and a buyer uses them. The
// seller (1366 px) creates a 20 % code in the cabinet (a code already taken is refused on its field); in the
// product's upsell step a workbook as an order bump and a coaching call as the upsell after the purchase; and a
// two-step checkout page, watched in the live preview at 1366 and 390 px. A buyer on a phone in German gives their
// details and ticks the bump, then types a wrong code (refused in words) and the right one in lower case: the pay
// button shows 25.00 − 5.00 + 9.00, one charge pays both; on the thank-you page one click buys the upsell.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { launch, shot, fillCard, signedInPage, tickConsent } from './browser.mjs';

const BASE = process.env.SELLFLOW_URL;
const CODE = `E2E${Date.now() % 100000}`;
let browser;
let lastPage;
let slug;
let productId;

before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});
afterEach(async () => {
  if (lastPage && !lastPage.isClosed()) await shot(lastPage, 'coupons-end');
});

test('a seller creates a 20 % coupon; the same code again is refused', async () => {
  const page = await signedInPage(browser, 'seller', '/cabinet/coupons');
  lastPage = page;
  // a product to sell, made through the API: a download of 25.00
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('sellflow.tokens') ?? '{}').accessToken);
  const h = { Authorization: `Bearer ${token}` };
  const api = page.context().request;
  const product = await (await api.post(`${BASE}/v1/cabinet/products`, { headers: h, data: { name: `E2E Coupon guide ${Date.now()}` } })).json();
  await api.post(`${BASE}/v1/cabinet/products/${product.id}/file`, { headers: h, multipart: { file: { name: 'g.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF g') } } });
  await api.post(`${BASE}/v1/cabinet/products/${product.id}/pricing_plans`, { headers: h, data: { name: 'Once', payment_type: 'one_time', price: 2500, currency: 'eur' } });
  const published = await api.post(`${BASE}/v1/cabinet/products/${product.id}/publish`, { headers: h });
  assert.equal(published.status(), 200, await published.text());
  slug = (await published.json()).slug;
  for (const [name, price] of [['E2E Workbook', 900], ['E2E Coaching call', 1500]]) {
    const extra = await (await api.post(`${BASE}/v1/cabinet/products`, { headers: h, data: { name } })).json();
    await api.post(`${BASE}/v1/cabinet/products/${extra.id}/file`, { headers: h, multipart: { file: { name: 'x.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF x') } } });
    await api.post(`${BASE}/v1/cabinet/products/${extra.id}/pricing_plans`, { headers: h, data: { name: 'Once', payment_type: 'one_time', price, currency: 'eur' } });
    assert.equal((await api.post(`${BASE}/v1/cabinet/products/${extra.id}/publish`, { headers: h })).status(), 200);
  }
  productId = product.id;

  for (const attempt of [1, 2]) {
    await page.getByTestId('coupon-new').click();
    await page.getByTestId('coupon-new-code').fill(CODE.toLowerCase());
    await page.getByTestId('coupon-new-value').fill('20');
    await page.getByTestId('coupon-create').click();
    if (attempt === 1) {
      await page.getByRole('row').filter({ hasText: CODE }).waitFor();
      await shot(page, 'coupons-list-1366');
    } else {
      await page.getByText('You have this code already').waitFor();
      await page.keyboard.press('Escape');
    }
  }
  // the product's upsell step: the workbook as a bump, the coaching call as the upsell after the purchase
  await page.goto(`/cabinet/products/${productId}/edit?step=4`);
  await page.getByTestId('upsell-step').waitFor();
  const offer = async (kind, product) => {
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: kind, exact: true }).click();
    await page.getByTestId('offer-product').fill(product);
    await page.getByRole('option', { name: new RegExp(product) }).first().click();
    await page.getByRole('combobox', { name: 'Pricing plan' }).click();
    await page.getByRole('option').first().click();
    await page.getByTestId('offer-add').click();
    await page.getByTestId(`offer-${product}`).first().waitFor();
  };
  await offer('Order bump', 'E2E Workbook');
  await offer('Upsell', 'E2E Coaching call');
  await page.getByTestId('offer-upsell-on').click(); // saved at once: the switch follows the saved answer
  await page.getByText('Saved').first().waitFor();
  await shot(page, 'upsell-step-1366');

  // a two-step checkout page for this product, made in the cabinet with its live preview (the seller's first page
  // becomes their default: a standard one is made first, so the shop's other products keep theirs)
  const listed = await (await api.get(`${BASE}/v1/cabinet/checkout_settings`, { headers: h })).json();
  if (!listed.list.length) await api.post(`${BASE}/v1/cabinet/checkout_settings`, { headers: h, data: { name: 'Standard' } });
  await page.goto('/cabinet/checkout_settings');
  await page.getByTestId('checkout-settings-new').click();
  // the new page opens in the editor (its chip selected) before its name is typed
  await page.getByRole('tab', { selected: true }).filter({ hasText: 'Checkout page' }).waitFor();
  await page.getByTestId('checkout-settings-name').fill('Two steps');
  await page.getByRole('combobox', { name: 'Layout' }).click();
  await page.getByRole('option', { name: 'Two steps', exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  const preview = page.frameLocator('[data-testid="checkout-preview"]');
  await preview.getByTestId('checkout-steps').waitFor();
  await shot(page, 'checkout-pages-1366');
  await page.getByTestId('preview-phone').click();
  await preview.getByTestId('layout-two_steps').waitFor();
  await shot(page, 'checkout-pages-preview-390');
  await page.getByTestId('checkout-settings-save').click();
  // saved: the page's chip carries its new name (the list is read again after the save)
  // read until it is there under exactly this name (the checkout scenario running beside this one makes a page
  // named "Two steps …" too, so its tab alone does not tell that this save is through)
  let twoSteps;
  for (let i = 0; i < 50 && !twoSteps; i += 1) {
    const pages = await (await api.get(`${BASE}/v1/cabinet/checkout_settings`, { headers: h })).json();
    twoSteps = pages.list.find((x) => x.name === 'Two steps');
    if (!twoSteps) await page.waitForTimeout(200);
  }
  assert.ok(twoSteps, 'the page is saved under its new name');
  assert.equal(twoSteps.page.layout, 'two_steps');
  assert.equal(twoSteps.is_default, false);
  const chosen = await api.patch(`${BASE}/v1/cabinet/products/${productId}`, { headers: h, data: { checkout_settings_id: twoSteps.id } });
  assert.equal(chosen.status(), 200, await chosen.text());
  await page.context().close();
});

test('a buyer on a phone in German pays less with the code', async () => {
  const context = await browser.newContext({ baseURL: BASE, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'de-DE' });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  lastPage = page;
  await page.goto(`/s/demo-seller/${slug}`);
  await page.getByTestId('language-select').selectOption('de').catch(() => {});
  // the two-step page: the buyer's details (and the bump, below the product details) first
  await page.getByTestId('checkout-steps').waitFor();
  await page.getByTestId('payer-first-name').fill('Cora');
  await page.getByTestId('payer-last-name').fill('Coupon');
  await page.getByTestId('payer-email').fill(`e2e.coupon.${Date.now()}@example.com`);
  // the order bump: ticked, it is added to the one charge
  await page.getByRole('checkbox', { name: /E2E Workbook/ }).check();
  await shot(page, 'bump-ticked-390-de');
  await page.getByTestId('to-payment').click();
  await page.getByTestId('coupon-open').click();
  await page.getByTestId('coupon-code').fill('NOPE123');
  await page.getByTestId('coupon-apply').click();
  await page.getByText('Diesen Gutschein gibt es nicht').waitFor();
  await page.getByTestId('coupon-code').fill(CODE.toLowerCase());
  await page.getByTestId('coupon-apply').click();
  await page.getByText(/Eingelöst: 5,00/).waitFor();
  // 25,00 − 5,00 + 9,00
  await page.getByTestId('pay-button').filter({ hasText: /29,00/ }).waitFor();
  await shot(page, 'coupon-applied-390-de');
  await fillCard(page, '4242424242424242');
  await tickConsent(page);
  await page.getByTestId('pay-button').click();
  await page.waitForURL(/\/thank_you\//, { timeout: 30_000 });
  await page.getByTestId('extra-E2E Workbook').waitFor();
  // the upsell, one click with the same card: no card field on this page
  await page.getByTestId('upsell-upsell').waitFor();
  await shot(page, 'upsell-offer-390-de');
  assert.equal(await page.getByTestId('card-element').count(), 0);
  await page.getByTestId('upsell-buy').click();
  await page.getByTestId('extra-E2E Coaching call').waitFor();
  await page.getByTestId('upsell-upsell').waitFor({ state: 'detached' }); // bought: the offer goes
  await shot(page, 'upsell-bought-390-de');
  await context.close();
});

test('a 100 % code makes the order free: no card asked, taken and delivered at once', async () => {
  const seller = await signedInPage(browser, 'seller', '/cabinet/coupons');
  const token = await seller.evaluate(() => JSON.parse(localStorage.getItem('sellflow.tokens') ?? '{}').accessToken);
  const h = { Authorization: `Bearer ${token}` };
  const api = seller.context().request;
  const product = await (await api.post(`${BASE}/v1/cabinet/products`, { headers: h, data: { name: `E2E Free guide ${Date.now()}` } })).json();
  await api.post(`${BASE}/v1/cabinet/products/${product.id}/file`, { headers: h, multipart: { file: { name: 'f.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF f') } } });
  await api.post(`${BASE}/v1/cabinet/products/${product.id}/pricing_plans`, { headers: h, data: { name: 'Once', payment_type: 'one_time', price: 1900, currency: 'eur' } });
  const freeSlug = (await (await api.post(`${BASE}/v1/cabinet/products/${product.id}/publish`, { headers: h })).json()).slug;
  const freeCode = `${CODE}FREE`;
  const made = await api.post(`${BASE}/v1/cabinet/coupons`, { headers: { ...h, 'Idempotency-Key': freeCode }, data: { code: freeCode, value_form: 'percents', value: 100 } });
  assert.equal(made.status(), 201, await made.text());
  await seller.context().close();

  const context = await browser.newContext({ baseURL: BASE, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-GB' });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  lastPage = page;
  await page.goto(`/s/demo-seller/${freeSlug}`);
  await page.getByTestId('payer-first-name').fill('Fay');
  await page.getByTestId('payer-last-name').fill('Free');
  await page.getByTestId('payer-email').fill(`e2e.free.${Date.now()}@example.com`);
  await page.getByTestId('coupon-open').click();
  await page.getByTestId('coupon-code').fill(freeCode.toLowerCase());
  await page.getByTestId('coupon-apply').click();
  await page.getByTestId('free-note').waitFor();
  assert.equal(await page.getByTestId('card-element').isVisible(), false); // no card asked
  await tickConsent(page);
  await page.getByTestId('pay-button').filter({ hasText: 'Get it for free' }).click();
  await page.waitForURL(/\/thank_you\//, { timeout: 30_000 });
  await page.getByTestId('download-link').waitFor({ timeout: 30_000 });
  await shot(page, 'free-order-390');
  await context.close();
});
