// The product list as a seller works with it and the platform's review as a manager does it. The seller (1366 px):
// puts a product in a group in the details step, filters the list by it, opens "Product links" (the product page
// and a plan's own link, which opens that plan's payment step for a buyer) and "Preview". The manager rejects the
// product with a note; the seller's editor shows the note and the product is gone from the shop.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { launch, shot, signedInPage } from './browser.mjs';

const BASE = process.env.SELLFLOW_URL;
let browser;
let lastPage;

before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});
afterEach(async () => {
  if (lastPage && !lastPage.isClosed()) await shot(lastPage, 'product-list-end');
});

test('groups, links, preview; a manager rejects the product and the seller reads why', async () => {
  const name = `E2E Grouped ${Date.now()}`;
  const group = `Spring ${Date.now() % 10000}`;
  const page = await signedInPage(browser, 'seller', '/cabinet/products');
  lastPage = page;
  // a download with a file and a plan, published
  await page.getByTestId('new-product').click();
  await page.getByTestId('new-product-form-download').check();
  await page.getByTestId('new-product-name').fill(name);
  await page.getByTestId('new-product-submit').click();
  await page.waitForURL(/\/cabinet\/products\/(\d+)\/edit/);
  const id = new URL(page.url()).pathname.split('/')[3];
  const groups = page.getByTestId('details-groups');
  await groups.fill(group);
  await groups.press('Enter');
  await page.getByTestId('details-save').click();
  await page.getByText('Saved').first().waitFor();
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('sellflow.tokens') ?? '{}').accessToken ?? null);
  const h = token ? { Authorization: `Bearer ${token}` } : {};
  const api = page.context().request;
  let r = await api.post(`${BASE}/v1/cabinet/products/${id}/file`, { headers: h, multipart: { file: { name: 'guide.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF guide') } } });
  assert.equal(r.status(), 200, await r.text());
  r = await api.post(`${BASE}/v1/cabinet/products/${id}/pricing_plans`, { headers: h, data: { name: 'Once', payment_type: 'one_time', price: 1500, currency: 'eur' } });
  assert.equal(r.status(), 201, await r.text());
  r = await api.post(`${BASE}/v1/cabinet/products/${id}/publish`, { headers: h });
  assert.equal(r.status(), 200, await r.text());
  const plan = (await r.json()).pricing_plans[0].id;

  // the list: filtered by the group, only this product
  await page.goto('/cabinet/products');
  await page.getByTestId('group-filter').waitFor();
  await page.getByRole('combobox', { name: 'Group' }).click();
  await page.getByRole('option', { name: group }).click();
  await page.getByTestId(`product-row-${id}`).waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid^="product-row-"]').length === 1, null, { timeout: 10_000 });
  await shot(page, 'products-group-1366');

  // product links: the page and the plan's own link
  await page.getByTestId(`product-actions-${id}`).click();
  await page.getByTestId('action-links').click();
  const links = await page.getByTestId('product-link').allTextContents();
  assert.equal(links.length, 2);
  assert.match(links[1], new RegExp(`\\?plan_id=${plan}$`));
  await shot(page, 'product-links-1366');
  await page.keyboard.press('Escape');

  // a buyer following the plan's link lands on its payment step
  const buyer = await (await browser.newContext({ baseURL: BASE })).newPage();
  await buyer.goto(new URL(links[1]).pathname + new URL(links[1]).search);
  await buyer.getByTestId('selected-plan').waitFor();
  await buyer.context().close();

  // preview
  await page.getByTestId(`product-actions-${id}`).click();
  await page.getByTestId('action-preview').click();
  await page.getByTestId('preview-banner').waitFor();
  assert.equal(await page.getByTestId('product-name').textContent(), name);

  // the manager rejects it with a note
  const manager = await signedInPage(browser, 'manager', '/admin/product_reviews');
  await manager.getByLabel('Search').fill(name);
  await manager.getByTestId(`reject-${id}`).click();
  await manager.getByTestId('reject-confirm').click();
  await manager.getByText('Required').first().waitFor(); // a rejection says why
  await manager.getByTestId('reject-note').fill('The description promises a refund the terms do not give.');
  await manager.getByTestId('reject-confirm').click();
  await manager.getByTestId(`reject-${id}`).waitFor({ state: 'detached' });
  await shot(manager, 'product-reviews-1366');
  await manager.context().close();

  await page.goto(`/cabinet/products/${id}/edit`);
  await page.getByTestId('review-note').getByText('promises a refund').waitFor();
  await shot(page, 'product-rejected-1366');
});
