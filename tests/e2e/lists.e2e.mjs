// The cabinet's lists in a real browser: the orders list's date window and filter panel kept in the URL (a new
// filter starts at page 1), a view saved under a name and reopened from a bare URL, the CSV of exactly what the
// list shows; then the same bar on a phone in German, on the transfers and the claims.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, launch, shot, signedInPage } from './browser.mjs';

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
  if (lastPage && !lastPage.isClosed()) await lastPage.screenshot({ path: `${ARTIFACTS}/lists-end-${++shots}.png`, fullPage: true }).catch(() => {});
});

/** No label on screen reads like an enum value or a translation key. */
function assertWords(text, where) {
  assert.doesNotMatch(text, /\b(last|current|previous)_[a-z0-9_]+\b/, `${where} shows a raw window: ${text}`);
  assert.doesNotMatch(text, /\bfilters\.[a-zA-Z]/, `${where} shows a translation key: ${text}`);
}

test('the orders list keeps its window and filters in the URL, saves a view and exports what it shows', async () => {
  const page = await signedInPage(browser, 'seller', '/cabinet/orders?page=2');
  lastPage = page;
  const bar = page.getByTestId('filter-bar');
  await bar.waitFor();
  // the window: the last 90 days unless the URL says otherwise; another one starts at page 1
  await page.getByTestId('filter-created').click();
  await page.getByRole('option', { name: 'This month' }).click();
  await page.waitForURL((url) => url.searchParams.get('filters[created][]') === 'current_month' && !url.searchParams.has('page'));
  // the panel's filters apply together
  await page.getByTestId('filters-open').click();
  await page.getByTestId('filter-payment_state').click();
  await page.getByRole('option', { name: 'Paid', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('filters-apply').click();
  await page.waitForURL((url) => url.searchParams.getAll('filters[payment_state][]').join() === 'paid');
  await bar.getByText('1', { exact: true }).waitFor(); // the filter button's badge
  await shot(page, 'lists-orders-filtered-1366');

  // the CSV is what the list shows: the same filters, every page
  const csvAnswer = page.waitForResponse((r) => r.url().includes('/v1/cabinet/orders/csv'));
  await page.getByTestId('list-csv').click();
  const csv = await csvAnswer;
  assert.equal(csv.status(), 200);
  const asked = new URL(csv.url());
  assert.deepEqual(asked.searchParams.getAll('filters[payment_state][]'), ['paid']);
  assert.ok(asked.searchParams.get('filters[created_from][]'), 'the window goes with it');
  assert.match(csv.headers()['content-type'], /^text\/csv/);
  assert.match(csv.headers()['content-disposition'], /filename="orders-\d{4}-\d{2}-\d{2}\.csv"/); // what it holds, and from when

  // saved under a name, reopened from the bare list
  const name = `Paid this month ${Date.now()}`;
  await page.getByTestId('views-open').click();
  await page.getByTestId('view-name').fill(name);
  await page.getByTestId('view-save').click();
  await page.getByText('View saved').waitFor();
  await page.keyboard.press('Escape');
  await page.goto('/cabinet/orders');
  await page.waitForURL((url) => url.search === '');
  await page.getByTestId('views-open').click();
  await page.getByRole('menuitem', { name }).click();
  await page.waitForURL((url) => url.searchParams.get('filters[created][]') === 'current_month' && url.searchParams.getAll('filters[payment_state][]').join() === 'paid');
  await page.getByTestId('orders-grid').waitFor();
  // a reload keeps it: the URL is the view
  await page.reload();
  await page.getByTestId('filter-created').filter({ hasText: 'This month' }).waitFor();
  assertWords(await bar.innerText(), 'the orders bar');
  // the view is deleted again (the demo seller's menu stays short)
  await page.getByTestId('views-open').click();
  await page.getByRole('button', { name: `Delete the view ${name}` }).click();
  await page.getByRole('menuitem', { name }).waitFor({ state: 'detached' });
  await page.context().close();
});

test('on a phone, in German: the transfers and claims bars, a window of chosen days', async () => {
  const page = await signedInPage(browser, 'seller', '/cabinet/transfers', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'de-DE' });
  lastPage = page;
  const bar = page.getByTestId('filter-bar');
  await bar.getByText('Letzte 90 Tage').waitFor(); // the browser's language: German
  await page.getByTestId('filter-created').click();
  await page.getByRole('option', { name: 'Tage wählen…' }).click();
  await page.getByTestId('filter-created-from').fill('2026-01-01');
  await page.waitForURL((url) => url.searchParams.getAll('filters[created][]')[1] === '2026-01-01');
  await page.getByTestId('filters-open').click();
  await page.getByText('Art').first().waitFor();
  await page.keyboard.press('Escape');
  assertWords(await bar.innerText(), 'the transfers bar');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page is ${width} px wide on a 390 px phone`);
  await shot(page, 'lists-transfers-390-de');
  await page.goto('/cabinet/claims');
  await page.getByTestId('filter-opened').waitFor();
  assertWords(await page.getByTestId('filter-bar').innerText(), 'the claims bar');
  await page.context().close();
});
