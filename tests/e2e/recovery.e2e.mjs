// Issue "Recurring money" §7 in a real browser: the demo seller types a monthly subscription into a product's
// Checkout step and sees, before saving, every charge and what happens if rate 2 fails (reminders and the claim's
// end under the claim settings); the saved plan's timeline icon shows the same; the Recovery page (charts or its
// empty state) at 1366 px and on a phone, without sideways scrolling.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { launch, shot, signedInPage } from './browser.mjs';

const BASE = process.env.SELLFLOW_URL;
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
  if (lastPage && !lastPage.isClosed()) await shot(lastPage, `recovery-end-${++shots}`);
});

async function signedIn(path, viewport) {
  lastPage = await signedInPage(browser, 'seller', path, { viewport, timeout: 20_000 });
  return lastPage;
}

test('the plan preview shows every charge and the claim of a failed rate before the plan is saved', async () => {
  const page = await signedIn('/cabinet/products', { width: 1366, height: 900 });
  await page.getByTestId('new-product').click();
  await page.getByTestId('new-product-name').fill(`Preview club ${Date.now()}`);
  await page.getByTestId('new-product-submit').click();
  await page.waitForURL(/\/cabinet\/products\/\d+\/edit/);
  await page.getByTestId('step-checkout').click();
  await page.getByTestId('plan-type').click();
  await page.getByRole('option', { name: 'Subscription', exact: true }).click();
  const draft = page.getByTestId('plan-preview-draft');
  await draft.getByText(/Enter a valid price/).waitFor();
  await page.getByTestId('plan-price').fill('19.00');
  await draft.getByText('Rate 1 charged at checkout').waitFor();
  await draft.getByText(/Rate 2 fails/).waitFor();
  await draft.getByText(/First reminder mailed to the payer/).waitFor();
  assert.ok((await draft.getByText(/Rate \d+ charged$/).count()) >= 10, 'the later charges are on the timeline');
  await shot(page, 'plan-preview-draft-1366');

  await page.getByTestId('plan-name').fill('Monthly');
  await page.getByTestId('plan-add').click();
  await page.getByTestId('plan-preview-open').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('plan-preview').getByText('Rate 1 charged at checkout').waitFor();
  await dialog.getByText(/Third reminder mailed to the payer/).waitFor();
  await shot(page, 'plan-preview-saved-1366');
});

for (const [name, viewport] of [
  ['1366', { width: 1366, height: 900 }],
  ['phone', { width: 390, height: 844 }],
]) {
  test(`the Recovery page charts the months or says what will appear (${name})`, async () => {
    const page = await signedIn('/cabinet/recovery', viewport);
    await page.getByRole('heading', { name: 'Recovery', level: 1 }).waitFor();
    await page.locator('[data-testid="recovery-totals"], [data-testid="empty-state"]').first().waitFor();
    if (await page.getByTestId('recovery-totals').count()) {
      await page.getByTestId('chart-mrr').waitFor();
      await page.getByTestId('chart-recovered').waitFor();
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `no sideways scrolling (${overflow}px)`);
    await shot(page, `recovery-${name}`);
  });
}

/** Twelve months of a growing subscription business (the real answer is proven by the integration tests; this
 * checks how the charts and the table read with data). */
function sampleAnalytics() {
  const now = new Date();
  const months = [];
  for (let i = 11; i >= 0; i--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    const n = 12 - i;
    months.push({
      month: `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`,
      active: 10 * n,
      new: 12 + (n % 4),
      voluntary_churn: 1 + (n % 3),
      involuntary_churn: n % 2,
      money: [{
        currency: 'eur', mrr: 19000 * n, failed: 4000 + 900 * (n % 5), lost: 600 * (n % 3), still_open: 900 * (n % 4),
        recovered: { before_first_reminder: 900 * (n % 3), first: 1800, second: 900 * (n % 2), third: 900, inkasso: 450 * (n % 3) },
      }],
    });
  }
  return { currencies: ['eur'], months };
}

for (const [name, viewport] of [
  ['1366', { width: 1366, height: 900 }],
  ['phone', { width: 390, height: 844 }],
]) {
  test(`the Recovery page reads with a year of data (${name})`, async () => {
    const page = await signedIn('/cabinet/recovery', viewport);
    await page.route('**/v1/cabinet/recovery_analytics**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(sampleAnalytics()) }),
    );
    await page.reload();
    await page.getByTestId('chart-recovered').waitFor();
    await page.getByTestId('recovery-table').waitFor();
    assert.equal(await page.getByTestId('recovery-table').locator('tbody tr').count(), 12);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `no sideways scrolling (${overflow}px)`);
    await shot(page, `recovery-data-${name}`);
  });
}
