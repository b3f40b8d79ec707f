// A coupon, as a seller makes it and a buyer uses it. The seller (1366 px) creates a 20 % code in the cabinet; a
// code already taken is refused on its field. A buyer on a phone in German types a wrong code (refused in
// words), then the right one in lower case: the pay button shows the lower price, and the order is paid.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { launch, shot, fillCard, signedInPage } from './browser.mjs';

const BASE = process.env.SELLFLOW_URL;
const CODE = `E2E${Date.now() % 100000}`;
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
  await page.context().close();
});

test('a buyer on a phone in German pays less with the code', async () => {
  const context = await browser.newContext({ baseURL: BASE, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'de-DE' });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  lastPage = page;
  await page.goto(`/s/demo-seller/${slug}`);
  await page.getByTestId('lang-de').click().catch(() => {});
  await page.getByTestId('payer-first-name').fill('Cora');
  await page.getByTestId('payer-last-name').fill('Coupon');
  await page.getByTestId('payer-email').fill(`e2e.coupon.${Date.now()}@example.com`);
  await page.getByTestId('coupon-open').click();
  await page.getByTestId('coupon-code').fill('NOPE123');
  await page.getByTestId('coupon-apply').click();
  await page.getByText('Diesen Gutschein gibt es nicht').waitFor();
  await page.getByTestId('coupon-code').fill(CODE.toLowerCase());
  await page.getByTestId('coupon-apply').click();
  await page.getByText(/Eingelöst: 5,00/).waitFor();
  assert.match(await page.getByTestId('pay-button').innerText(), /20,00/);
  await shot(page, 'coupon-applied-390-de');
  await fillCard(page, '4242424242424242');
  await page.getByTestId('pay-button').click();
  await page.waitForURL(/\/thank_you\//, { timeout: 30_000 });
  await context.close();
});
