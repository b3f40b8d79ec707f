// A license-key product, as a seller makes it and a buyer gets it: New product → "License key"; the key format
// refused before sending (a bad shape) and by the API (a bad kind), each with its words; keys generated from the
// format; a plan; publish. A buyer on a phone in German pays and sees the key on the thank-you page; the seller's
// software hears "valid" from the verify call. Then a digital product's delivery link, refused in the browser
// when it is not http(s).
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { launch, shot, fillCard, signedInPage, tickConsent } from './browser.mjs';

const BASE = process.env.SELLFLOW_URL;
const USERNAME = 'demo-seller';
let browser;
let lastPage;
let shopUrl;

before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});
afterEach(async () => {
  if (lastPage && !lastPage.isClosed()) await shot(lastPage, `license-keys-end`);
});

async function newProduct(page, form, name) {
  await page.getByTestId('new-product').click();
  await page.getByTestId(`new-product-form-${form}`).check();
  await page.getByTestId('new-product-name').fill(name);
  await page.getByTestId('new-product-submit').click();
  await page.waitForURL(/\/cabinet\/products\/\d+\/edit/);
}

test('a seller makes a license-key product: format, keys, plan, publish', async () => {
  const page = await signedInPage(browser, 'seller', '/cabinet/products');
  lastPage = page;
  await newProduct(page, 'license_key', `E2E Licence ${Date.now()}`);
  // its steps, in the form's order; the key step says what it misses
  await page.getByTestId('step-details').waitFor();
  const steps = await page.locator('[data-testid^="step-"]:not([data-testid^="step-missing"])').evaluateAll((els) => els.map((e) => e.dataset.testid));
  assert.deepEqual(steps, ['step-details', 'step-add_license_keys', 'step-checkout', 'step-upsell']);
  await page.getByTestId('step-missing-add_license_keys').waitFor();
  await page.getByTestId('step-add_license_keys').click();
  await page.waitForURL(/step=2/);

  const format = page.getByTestId('key-format');
  await format.fill('SF-{abc}');
  await page.getByTestId('key-format-save').click();
  await page.getByText('Write the format as characters and parameters like {parameter_X}').first().waitFor(); // before sending
  await format.fill('SF-{hex_5}');
  await page.getByTestId('key-format-save').click();
  await page.getByText('A parameter is alphabetic, alphanumeric or numeric').waitFor(); // the API's rule, in words
  await format.fill('LK-{alphanumeric_5}-{numeric_4}');
  await page.getByTestId('key-format-save').click();
  await page.getByTestId('keys-generate').waitFor({ state: 'visible' });
  await page.waitForFunction(() => !document.querySelector('[data-testid="keys-generate"]')?.disabled);
  await page.getByTestId('keys-generate-count').fill('3');
  await page.getByTestId('keys-generate').click();
  await page.getByTestId('keys-free').getByText('3 free keys').waitFor();
  await page.getByTestId('keys-paste').fill('LK-HAND1-0001\nnot a key');
  await page.getByTestId('keys-add').click();
  await page.getByText('Line 2: only letters, digits and punctuation, no spaces').waitFor(); // the whole paste refused, nothing added
  assert.match(await page.getByTestId('keys-free').innerText(), /3 free keys/);
  await page.getByText('1–3 of 3').waitFor(); // the pool's pager
  assert.ok((await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)) <= 1, 'no sideways scrolling');
  await shot(page, 'license-keys-step-1366');

  await page.getByTestId('step-checkout').click();
  await page.getByTestId('plan-name').fill('Licence');
  await page.getByTestId('plan-price').fill('29.00');
  await page.getByTestId('plan-add').click();
  await page.getByTestId('pricing-plans').getByText('29.00').first().waitFor();
  await page.getByTestId('publish-button').click();
  await page.getByText(/published/i).first().waitFor();
  const link = await page.getByRole('link', { name: 'Product page' }).getAttribute('href');
  shopUrl = new URL(link, BASE).pathname;
  assert.match(shopUrl, new RegExp(`^/s/${USERNAME}/`));
  await page.context().close();
});

test('a buyer on a phone in German gets the key, and the verify call says valid', async () => {
  const context = await browser.newContext({ baseURL: BASE, locale: 'de-DE', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  lastPage = page;
  await page.goto(shopUrl);
  await page.getByTestId('product-name').waitFor();
  await page.getByTestId('payer-first-name').fill('Lena');
  await page.getByTestId('payer-last-name').fill('Lizenz');
  await page.getByTestId('payer-email').fill('e2e.licence@example.de');
  await fillCard(page, '4242424242424242');
  await tickConsent(page);
  await page.getByTestId('pay-button').click();
  await page.waitForURL(/\/thank_you\//, { timeout: 30_000 });
  const box = page.getByTestId('license-key');
  await box.waitFor({ timeout: 30_000 });
  assert.match(await box.innerText(), /Dein Lizenzschlüssel/i); // an overline: shown in capitals
  const key = (await box.locator('code').innerText()).trim();
  assert.match(key, /^LK-[A-Z0-9]{5}-\d{4}$/);
  assert.equal(await page.getByTestId('download-link').count(), 0);
  assert.ok((await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)) <= 1, 'no sideways scrolling');
  await shot(page, 'license-key-thank-you-390-de');
  const check = await page.request.get(`/v1/shop/${USERNAME}/license_keys/verify?key=${encodeURIComponent(key)}`);
  assert.equal((await check.json()).state, 'valid');
  const unknown = await page.request.get(`/v1/shop/${USERNAME}/license_keys/verify?key=LK-NOPE0-0000`);
  assert.equal((await unknown.json()).state, 'unknown');
  await context.close();
});

test('a digital product refuses a link that is not http(s) before sending, then delivers it', async () => {
  const page = await signedInPage(browser, 'seller', '/cabinet/products', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  lastPage = page;
  await newProduct(page, 'digital', `E2E Digital ${Date.now()}`);
  await page.getByTestId('step-missing-delivery').waitFor();
  await page.getByTestId('step-delivery').click();
  let sent = 0;
  page.on('request', (r) => {
    if (r.method() === 'PATCH') sent += 1;
  });
  await page.getByTestId('delivery-link').fill('javascript:alert(1)');
  await page.getByTestId('delivery-save').click();
  await page.getByText('Enter a link starting with http:// or https://').waitFor();
  assert.equal(sent, 0, 'nothing was sent');
  await page.getByTestId('delivery-link').fill('https://files.example.com/pack');
  await page.getByTestId('delivery-text').fill('Unzip and enjoy.');
  await page.getByTestId('delivery-save').click();
  await page.getByTestId('step-missing-delivery').waitFor({ state: 'detached' });
  assert.equal(sent, 1);
  assert.ok((await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)) <= 1, 'no sideways scrolling');
  await shot(page, 'digital-delivery-390');
  await page.context().close();
});
