// The page builder, as a seller builds and a buyer meets it (issue 22 "Done when"). The seller (1366 px) makes the
// shop's home page: it starts with a header, a banner, the products and a footer; they set the banner's title,
// add a text block (five block types), undo and redo, move a block, watch the preview at 576 px, and publish. Then
// a product page for one product with testimonials. A buyer on a phone in German opens the shop: the pages come
// from the server with no script; the product's page shows the testimonial; Buy opens the checkout, and the card
// pays. The pages are deleted at the end, so the demo shop is as it was for the scenarios after this one.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'playwright-core';
import { launch, shot, fillCard, signedInPage, noSideways, tickConsent } from './browser.mjs';

const BASE = process.env.SELLFLOW_URL;
const MAIL = process.env.MAIL_URL;
const STAMP = Date.now() % 1_000_000;
const PRODUCT = `E2E Builder guide ${STAMP}`;
let browser;
let lastPage;
let api;
let headers;
let slug;
const made = [];

before(async () => {
  browser = await launch();
});
after(async () => {
  await api?.put(`${BASE}/v1/cabinet/tracking`, { headers, data: {} }).catch(() => {});
  for (const id of made) await api?.delete(`${BASE}/v1/cabinet/pages/${id}`, { headers }).catch(() => {});
  await api?.dispose();
  await browser?.close();
});
afterEach(async () => {
  if (lastPage && !lastPage.isClosed()) await shot(lastPage, 'builder-end');
});

async function pick(page, label, option) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

test('a seller builds the shop home page from five block types and publishes it', async () => {
  const page = await signedInPage(browser, 'seller', '/cabinet/pages');
  lastPage = page;
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('sellflow.tokens') ?? '{}').accessToken);
  headers = { Authorization: `Bearer ${token}` };
  api = await request.newContext(); // outlives the seller's page: the last test and the clean-up use it
  const product = await (await api.post(`${BASE}/v1/cabinet/products`, { headers, data: { name: PRODUCT, description: 'A field guide for builders.' } })).json();
  await api.post(`${BASE}/v1/cabinet/products/${product.id}/file`, { headers, multipart: { file: { name: 'b.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF b') } } });
  await api.post(`${BASE}/v1/cabinet/products/${product.id}/pricing_plans`, { headers, data: { name: 'Once', payment_type: 'one_time', price: 1900, currency: 'eur' } });
  const published = await api.post(`${BASE}/v1/cabinet/products/${product.id}/publish`, { headers });
  assert.equal(published.status(), 200, await published.text());
  slug = (await published.json()).slug;
  // its upsell, offered after the purchase by the funnel page below
  const extra = await (await api.post(`${BASE}/v1/cabinet/products`, { headers, data: { name: `E2E Builder workbook ${STAMP}` } })).json();
  await api.post(`${BASE}/v1/cabinet/products/${extra.id}/file`, { headers, multipart: { file: { name: 'w.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF w') } } });
  await api.post(`${BASE}/v1/cabinet/products/${extra.id}/pricing_plans`, { headers, data: { name: 'Once', payment_type: 'one_time', price: 900, currency: 'eur' } });
  const extraProduct = await (await api.post(`${BASE}/v1/cabinet/products/${extra.id}/publish`, { headers })).json();
  const offers = await api.put(`${BASE}/v1/cabinet/products/${product.id}/addons`, {
    headers,
    data: { upsell: true, addons: [{ product_id: extra.id, pricing_plan_id: extraProduct.pricing_plans[0].id, kind: 'upsell' }] },
  });
  assert.equal(offers.status(), 200, await offers.text());

  await page.getByTestId('new-page').click();
  await page.getByTestId('new-page-name').fill('E2E Home');
  await page.getByTestId('create-page').click();
  await page.waitForURL(/\/cabinet\/pages\/\d+\/edit$/);
  made.push(Number(page.url().match(/pages\/(\d+)\/edit/)[1]));
  const rows = page.getByTestId('block-row');
  await rows.first().waitFor();
  assert.deepEqual(await rows.locator('.MuiListItemText-primary').allInnerTexts(), ['Header', 'Banner', 'Your products', 'Footer']);
  await page.getByTestId('page-state').getByText(/A draft/).waitFor();
  await page.getByTestId('page-preview').waitFor();
  await noSideways(page); // the 992 px preview scrolls inside its frame, not the page at 1366 px

  await rows.filter({ hasText: 'Banner' }).getByRole('button', { name: /Banner/ }).click();
  await page.getByTestId('block-title_text').fill('Spring sale at the demo shop');
  await pick(page, 'Add a block', 'Text');
  await page.getByTestId('block-title').fill('Why buy here');
  await page.getByTestId('block-text').fill('Every guide is written by people who use it.');
  assert.deepEqual(await rows.locator('.MuiListItemText-primary').allInnerTexts(), ['Header', 'Banner', 'Text', 'Your products', 'Footer']);
  // undo takes the text back, redo brings it again
  await page.getByTestId('undo').click();
  assert.equal(await page.getByTestId('block-text').inputValue(), '');
  await page.getByTestId('redo').click();
  assert.equal(await page.getByTestId('block-text').inputValue(), 'Every guide is written by people who use it.');
  // the text moves below the products, with its arrow
  await rows.filter({ hasText: 'Text' }).getByRole('button', { name: 'Move down' }).click();
  assert.deepEqual(await rows.locator('.MuiListItemText-primary').allInnerTexts(), ['Header', 'Banner', 'Your products', 'Text', 'Footer']);

  const preview = page.frameLocator('[data-testid="page-preview"]');
  await preview.getByText('Why buy here').waitFor();
  await preview.getByText(PRODUCT).first().waitFor();
  await page.getByTestId('preview-576').click();
  assert.equal(await page.getByTestId('page-preview').evaluate((el) => el.getBoundingClientRect().width), 576);
  await shot(page, 'builder-home-1366');
  // the banner worded for buyers reading French; what is left empty reads as the page's own words
  await pick(page, 'Words for buyers reading', 'Français');
  await rows.filter({ hasText: 'Banner' }).getByRole('button', { name: /Banner/ }).click();
  assert.equal(await page.getByTestId('words-title_text').getAttribute('placeholder'), 'Spring sale at the demo shop');
  await page.getByTestId('words-title_text').fill('Soldes de printemps');
  await preview.getByText('Soldes de printemps').waitFor(); // previewed in French
  await shot(page, 'builder-words-fr-1366');
  await pick(page, 'Words for buyers reading', "Every language (the page's own words)");
  await page.getByTestId('block-title_text').waitFor();
  await page.getByTestId('publish-page').click();
  await page.getByTestId('page-state').getByText(/Published/).waitFor();
  await page.getByTestId('page-url').waitFor();

  // the product page, for the new product only: its testimonials
  await page.goto('/cabinet/pages');
  await page.getByTestId('new-page').click();
  await pick(page, 'Page type', 'Product page');
  await page.getByTestId('new-page-name').fill('E2E Guide page');
  await pick(page, 'For', PRODUCT);
  await page.getByTestId('create-page').click();
  await page.waitForURL(/\/cabinet\/pages\/\d+\/edit$/);
  made.push(Number(page.url().match(/pages\/(\d+)\/edit/)[1]));
  await rows.first().waitFor();
  assert.deepEqual(await rows.locator('.MuiListItemText-primary').allInnerTexts(), ['Header', 'Product', 'Footer']);
  await pick(page, 'Add a block', 'Testimonials');
  await page.getByTestId('block-testimonials-add').click();
  await page.getByTestId('block-testimonials-0-full_name').fill('Ana');
  await page.getByTestId('block-testimonials-0-text').fill('Saved me a week of trial and error.');
  await preview.getByText('Saved me a week').waitFor();
  await page.getByTestId('publish-page').click();
  await page.getByTestId('page-state').getByText(/Published/).waitFor();
  await shot(page, 'builder-product-1366');
  // the funnel page after buying the guide: its upsell, accepted or declined
  await page.goto('/cabinet/pages');
  await page.getByTestId('new-page').click();
  await pick(page, 'Page type', 'Funnel page');
  await page.getByTestId('new-page-name').fill('E2E Guide funnel');
  await pick(page, 'For', PRODUCT);
  await page.getByTestId('create-page').click();
  await page.waitForURL(/\/cabinet\/pages\/\d+\/edit$/);
  made.push(Number(page.url().match(/pages\/(\d+)\/edit/)[1]));
  await rows.first().waitFor();
  assert.deepEqual(await rows.locator('.MuiListItemText-primary').allInnerTexts(), ['Offered product', 'Offer button', 'Offer button']);
  await page.getByTestId('publish-page').click();
  await page.getByTestId('page-state').getByText(/Published/).waitFor();
  // the guide's thank-you page (its own: other scenarios buy from this shop meanwhile), made through the API
  const thanks = await api.post(`${BASE}/v1/cabinet/pages`, { headers, data: { page_type: 'thank_you', name: 'E2E Thanks', product_id: product.id } });
  assert.equal(thanks.status(), 201, await thanks.text());
  const tp = await thanks.json();
  made.push(tp.id);
  const words = tp.content.blocks.map((b) => (b.type === 'thank_you_page' ? { ...b, title_text: 'Happy building!' } : b));
  const savedThanks = await api.put(`${BASE}/v1/cabinet/pages/${tp.id}`, { headers, data: { version: 1, name: 'E2E Thanks', path: null, content: { ...tp.content, blocks: words } } });
  assert.equal(savedThanks.status(), 200, await savedThanks.text());
  assert.equal((await api.post(`${BASE}/v1/cabinet/pages/${tp.id}/publish`, { headers, data: { version: 2 } })).status(), 200);
  await page.goto('/cabinet/pages');
  await page.getByTestId('page-row').filter({ hasText: 'E2E Guide page' }).getByText('Published').waitFor();
  await page.context().close();
});

test('a buyer on a phone in German buys from the built pages', async () => {
  const context = await browser.newContext({ baseURL: BASE, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'de-DE' });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  lastPage = page;
  await page.goto('/s/demo-seller');
  await page.getByRole('heading', { name: 'Spring sale at the demo shop' }).waitFor();
  await page.getByRole('heading', { name: 'Why buy here' }).waitFor();
  assert.equal(await page.locator('script').count(), 0); // painted by the server, no script
  assert.equal(await page.locator('html').getAttribute('lang'), 'de');
  await shot(page, 'builder-shop-390-de');
  await page.locator('article.card').filter({ hasText: PRODUCT }).getByRole('link', { name: 'Details' }).click();
  await page.waitForURL(new RegExp(`/s/demo-seller/${slug}$`));
  await page.getByRole('heading', { name: PRODUCT }).waitFor();
  await page.getByText('Saved me a week of trial and error.').waitFor();
  assert.equal(await page.locator('script').count(), 0);
  assert.match(await page.locator('link[rel="canonical"]').getAttribute('href'), new RegExp(`/s/demo-seller/${slug}$`));
  await shot(page, 'builder-product-390-de');
  await page.getByRole('link', { name: 'Jetzt kaufen' }).click();
  await page.waitForURL(new RegExp(`/s/demo-seller/${slug}/checkout\\?lang=de$`));
  await page.getByTestId('payer-first-name').fill('Bea');
  await page.getByTestId('payer-last-name').fill('Builder');
  await page.getByTestId('payer-email').fill(`e2e.builder.${STAMP}@example.com`);
  await fillCard(page, '4242424242424242');
  await tickConsent(page);
  await page.getByTestId('pay-button').click();
  // paid: the funnel page offers the workbook; one click adds it, with the card that just paid
  await page.waitForURL(new RegExp(`/s/demo-seller/${slug}/offer/`), { timeout: 30_000 });
  await page.getByRole('heading', { name: `E2E Builder workbook ${STAMP}` }).waitFor();
  assert.equal(await page.locator('#card-element, input[placeholder="number"]').count(), 0);
  await shot(page, 'builder-funnel-390-de');
  await page.getByTestId('funnel-accept').click();
  await page.waitForURL(/\/thank_you\/.*funnel=done/, { timeout: 30_000 });
  await page.getByTestId('download-link').waitFor({ timeout: 30_000 });
  await page.getByTestId(`extra-E2E Builder workbook ${STAMP}`).waitFor({ timeout: 30_000 });
  // the seller's own thank-you page greets the buyer, above what the order delivers
  await page.frameLocator('[data-testid="thank-you-built"]').getByRole('heading', { name: 'Happy building!' }).waitFor();
  await shot(page, 'builder-bought-390-de');
  await context.close();
});

test("the web app's checkout and thank-you pages fire the shop's tags: begin_checkout, then purchase once per order", async () => {
  // no banner (the seller answers for consent): the codes fire at once; the banner's own flow is the web app's test
  const saved = await api.put(`${BASE}/v1/cabinet/tracking`, {
    headers,
    data: {
      consent: { mode: 'none' },
      codes: [
        { id: 'ga4', tracking_type: 'google_analytics_4', code: 'G-E2ECHECK1', event_pages: ['checkout', 'thank_you'] },
        { id: 'px', tracking_type: 'facebook_pixel', code: '1234567890123456', event_pages: ['thank_you'] },
      ],
    },
  });
  assert.equal(saved.status(), 200, await saved.text());
  try {
    const context = await browser.newContext({ baseURL: BASE, viewport: { width: 1366, height: 900 }, locale: 'en-GB' });
    const seen = [];
    for (const host of ['https://www.googletagmanager.com/**', 'https://connect.facebook.net/**']) {
      await context.route(host, (route) => {
        seen.push(route.request().url());
        return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
      });
    }
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    page.on('pageerror', (e) => console.log('pageerror:', e.message));
    page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text()));
    lastPage = page;
    const events = (name) => page.evaluate((n) => (window.dataLayer ?? []).filter((e) => e[0] === 'event' && e[1] === n).map((e) => e[2]), name);
    const checkout = await page.goto(`/s/demo-seller/${slug}/checkout`);
    assert.match(checkout.headers()['content-security-policy'], /script-src [^;]*https:\/\/www\.googletagmanager\.com/);
    await page.waitForFunction(() => (window.dataLayer ?? []).some((e) => e[0] === 'event' && e[1] === 'begin_checkout'));
    const [begin] = await events('begin_checkout');
    assert.equal(begin.currency, 'EUR');
    assert.ok(begin.value > 0 && begin.items[0].item_id === slug, JSON.stringify(begin));
    await page.getByTestId('payer-first-name').fill('Tina');
    await page.getByTestId('payer-last-name').fill('Tracked');
    await page.getByTestId('payer-email').fill(`e2e.tracked.${STAMP}@example.com`);
    await fillCard(page, '4242424242424242');
    await tickConsent(page);
    await page.getByTestId('pay-button').click();
    // the product's funnel offers the workbook first; its page names the order
    await page.waitForURL(/\/offer\//, { timeout: 30_000 });
    const token = page.url().split('/offer/')[1].split(/[?#]/)[0];
    await page.goto(`/s/demo-seller/${slug}/thank_you/${token}?funnel=done`);
    await page.waitForFunction(() => (window.dataLayer ?? []).some((e) => e[0] === 'event' && e[1] === 'purchase'));
    const [purchase] = await events('purchase');
    assert.equal(purchase.transaction_id, token);
    assert.equal(purchase.currency, 'EUR');
    assert.equal(purchase.value, begin.value);
    const pixel = await page.evaluate(() => (window.fbq?.queue ?? []).map((a) => [...a]));
    assert.deepEqual(pixel.find((a) => a[0] === 'track'), ['track', 'Purchase', { value: begin.value, currency: 'EUR' }, { eventID: token }]);
    assert.ok(seen.some((u) => u.includes('gtag/js?id=G-E2ECHECK1')) && seen.some((u) => u.includes('fbevents.js')), seen.join(' '));
    // opened again, the order's purchase is not sent twice
    await page.reload();
    await page.getByTestId('invoice-number').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1500);
    assert.deepEqual(await events('purchase'), []);
    await context.close();
  } finally {
    await api.put(`${BASE}/v1/cabinet/tracking`, { headers, data: {} });
  }
});

test('a buyer reads the shop in French, switches it to Arabic, and checks out in French', async () => {
  const context = await browser.newContext({ baseURL: BASE, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'fr-FR' });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  lastPage = page;
  await page.goto('/s/demo-seller'); // the browser asks for French
  assert.equal(await page.locator('html').getAttribute('lang'), 'fr');
  await page.getByRole('heading', { name: 'Soldes de printemps' }).waitFor(); // the seller's own French words
  await page.getByRole('heading', { name: 'Why buy here' }).waitFor(); // not worded in French: the page's own
  await page.getByRole('link', { name: 'Détails' }).first().waitFor();
  // the switcher names the twenty languages in their own words and needs no script
  await page.locator('details.langs summary').click();
  assert.equal(await page.locator('details.langs li').count(), 20);
  await page.locator('details.langs').getByRole('link', { name: 'العربية' }).click();
  await page.waitForURL(/lang=ar/);
  assert.equal(await page.locator('html').getAttribute('dir'), 'rtl');
  await page.getByRole('link', { name: 'التفاصيل' }).first().waitFor();
  await noSideways(page);
  await shot(page, 'builder-shop-390-ar');
  await page.goto(`/s/demo-seller/${slug}?lang=fr`);
  await page.getByRole('link', { name: 'Acheter maintenant' }).click();
  await page.waitForURL(new RegExp(`/s/demo-seller/${slug}/checkout\\?lang=fr$`));
  await page.getByText('Vos coordonnées').first().waitFor(); // the checkout carries on in the buyer's language
  assert.equal(await page.locator('html').getAttribute('lang'), 'fr');
  assert.equal(await page.getByTestId('language-select').inputValue(), 'fr');
  await noSideways(page);
  await shot(page, 'checkout-390-fr');
  await context.close();
});

test('a tracking code waits for the visitor consent', async () => {
  const saved = await api.put(`${BASE}/v1/cabinet/tracking`, {
    headers,
    data: { consent: { mode: 'simple' }, codes: [{ id: 'ga', tracking_type: 'google_analytics_4', code: 'G-E2ETEST1', event_pages: ['shop'] }] },
  });
  assert.equal(saved.status(), 200, await saved.text());
  const context = await browser.newContext({ baseURL: BASE, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-GB' });
  const seen = [];
  // no internet here: the analytics host answers from the test, which records each request
  await context.route('https://www.googletagmanager.com/**', (route) => {
    seen.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
  });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  lastPage = page;
  await page.goto('/s/demo-seller');
  const banner = page.getByRole('dialog', { name: 'Cookies' });
  await banner.waitFor();
  await page.waitForTimeout(1000);
  assert.deepEqual(seen, []); // nothing loads before consent
  await shot(page, 'consent-banner-390');
  await page.getByRole('button', { name: 'Accept all' }).click();
  await banner.waitFor({ state: 'hidden' });
  await page.waitForFunction(() => Array.isArray(window.dataLayer) && window.dataLayer.length > 0);
  assert.ok(seen.some((u) => u.includes('gtag/js?id=G-E2ETEST1')), seen.join(' '));
  // the choice is kept: the next visit loads the code without asking
  seen.length = 0;
  await page.reload();
  await page.waitForFunction(() => Array.isArray(window.dataLayer) && window.dataLayer.length > 0);
  assert.equal(await banner.isVisible(), false);
  assert.ok(seen.length > 0);
  // another visitor who declines loads nothing
  const other = await browser.newContext({ baseURL: BASE });
  const declined = [];
  await other.route('https://www.googletagmanager.com/**', (route) => {
    declined.push(route.request().url());
    return route.fulfill({ status: 200, body: '' });
  });
  const p2 = await other.newPage();
  await p2.goto('/s/demo-seller');
  await p2.getByRole('button', { name: 'Decline' }).click();
  await p2.reload();
  await p2.waitForTimeout(1000);
  assert.deepEqual(declined, []);
  await other.close();
  await context.close();
});

async function signInLink(page, email) {
  for (let i = 0; i < 100; i += 1) {
    const mails = await (await page.request.get(`${MAIL}/api/messages`, { params: { to: email } })).json();
    const link = mails.map((m) => /https?:\/\/\S+\/s\/[^/\s]+\/sign_in\?token=[\w-]+/.exec(m.body)?.[0]).find(Boolean);
    if (link) return new URL(link).pathname + new URL(link).search;
    await page.waitForTimeout(200);
  }
  throw new Error(`no sign-in link for ${email}`);
}

async function signedInBuyer(email, path) {
  const context = await browser.newContext({ baseURL: BASE, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-GB' });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  lastPage = page;
  await page.goto(path);
  await page.waitForURL(/\/s\/demo-seller\/sign_in/);
  await page.getByTestId('payer-email').fill(email);
  await page.getByTestId('payer-send-link').click();
  await page.getByTestId('payer-link-sent').waitFor();
  await page.goto(await signInLink(page, email));
  await page.waitForURL((url) => url.pathname === path, { timeout: 30_000 });
  return page;
}

test('a membership page opens for its member and stays closed to others', async () => {
  // the club: a membership that includes the guide, sold on the web app's product page
  const club = await (await api.post(`${BASE}/v1/cabinet/products`, { headers, data: { name: `E2E Builder club ${STAMP}`, form: 'membership' } })).json();
  const guideId = (await (await api.get(`${BASE}/v1/shop/demo-seller/products/${slug}`)).json()).id;
  assert.equal((await api.put(`${BASE}/v1/cabinet/products/${club.id}/items`, { headers, data: { product_ids: [guideId] } })).status(), 200);
  await api.post(`${BASE}/v1/cabinet/products/${club.id}/pricing_plans`, { headers, data: { name: 'Once', payment_type: 'one_time', price: 2900, currency: 'eur' } });
  const clubPublished = await api.post(`${BASE}/v1/cabinet/products/${club.id}/publish`, { headers });
  assert.equal(clubPublished.status(), 200, await clubPublished.text());
  const clubSlug = (await clubPublished.json()).slug;

  // its page, built in the cabinet
  const page = await signedInPage(browser, 'seller', '/cabinet/pages');
  lastPage = page;
  await page.getByTestId('new-page').click();
  await pick(page, 'Page type', 'Membership page');
  await page.getByTestId('new-page-name').fill('E2E Club page');
  await page.getByTestId('new-page-path').fill(`club-${STAMP}`);
  await pick(page, 'For', `E2E Builder club ${STAMP}`);
  await page.getByTestId('create-page').click();
  await page.waitForURL(/\/cabinet\/pages\/\d+\/edit$/);
  made.push(Number(page.url().match(/pages\/(\d+)\/edit/)[1]));
  await page.getByTestId('block-row').first().waitFor();
  await pick(page, 'Add a block', 'Text');
  await page.getByTestId('block-title').fill('Welcome, members');
  await page.getByTestId('publish-page').click();
  await page.getByTestId('page-state').getByText(/Published/).waitFor();
  await page.context().close();

  // a buyer of the club
  const member = `e2e.member.${STAMP}@example.com`;
  const buyer = await browser.newContext({ baseURL: BASE, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-GB' });
  const shop = await buyer.newPage();
  shop.setDefaultTimeout(20_000);
  await shop.goto(`/s/demo-seller/${clubSlug}`);
  await shop.getByTestId('payer-first-name').fill('Mia');
  await shop.getByTestId('payer-last-name').fill('Member');
  await shop.getByTestId('payer-email').fill(member);
  await fillCard(shop, '4242424242424242');
  await tickConsent(shop);
  await shop.getByTestId('pay-button').click();
  await shop.waitForURL(/\/thank_you\//, { timeout: 30_000 });
  await buyer.close();

  const path = `/v/demo-seller/club-${STAMP}`;
  const inside = await signedInBuyer(member, path);
  const frame = inside.frameLocator('[data-testid="membership-page"]');
  await frame.getByRole('heading', { name: 'Welcome, members' }).waitFor();
  await frame.getByText(PRODUCT).waitFor(); // what the club includes
  await shot(inside, 'builder-membership-390');
  await inside.context().close();

  // the guide's buyer is not a member
  const outside = await signedInBuyer(`e2e.builder.${STAMP}@example.com`, path);
  await outside.getByTestId('membership-refused').waitFor();
  assert.equal(await outside.locator('[data-testid="membership-page"]').count(), 0);
  await shot(outside, 'builder-membership-refused-390');
  await outside.context().close();
});
