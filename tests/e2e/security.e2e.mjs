// Nothing a seller writes runs in a buyer's browser (issue 47): the demo seller saves a shop page whose words are
// the OWASP filter-evasion strings (a font name that is one is refused), publishes it, and a buyer opens it at
// 1366 px in English and at 390 px in German. No dialog opens, nothing is asked of a foreign origin, the payloads
// read as text, the page names its Content-Security-Policy (nonced scripts only), and the contact form's Send is a
// button. The web app and the API send their policies too. The page is deleted at the end.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'playwright-core';
import { launch, shot, DEMO, noSideways } from './browser.mjs';

const BASE = process.env.SELLFLOW_URL;
const STAMP = Date.now() % 1_000_000;
const PATH = `xss-probe-${STAMP}`;
const XSS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(2)>',
  "</style><script>alert(3)</script>",
  "x');}body{background:url(javascript:alert(4))}",
  '<svg/onload=alert(5)>',
];
let browser;
let api;
let headers;
let pageId;

before(async () => {
  browser = await launch();
  api = await request.newContext();
  const signedIn = await api.post(`${BASE}/v1/app/session`, { data: { email: DEMO.seller.email, password: DEMO.seller.password, fingerprint: 'e2e-security' } });
  assert.equal(signedIn.status(), 200, await signedIn.text());
  headers = { Authorization: `Bearer ${(await signedIn.json()).access_token}` };
});
after(async () => {
  if (pageId) await api?.delete(`${BASE}/v1/cabinet/pages/${pageId}`, { headers }).catch(() => {});
  await api?.dispose();
  await browser?.close();
});

test('a page of hostile words is saved and published; a hostile font name is refused', async () => {
  const made = await api.post(`${BASE}/v1/cabinet/pages`, { headers, data: { page_type: 'shop', name: 'XSS probe', path: PATH } });
  assert.equal(made.status(), 201, await made.text());
  const page = await made.json();
  pageId = page.id;
  const blocks = page.content.blocks;
  const hostile = [
    { id: 'x-text', type: 'text', title: XSS[0], text: XSS.join('\n') },
    { id: 'x-contact', type: 'contact_form', title_text: XSS[1], description_text: XSS[2], button_text: '' },
  ];
  const content = { ...page.content, seo_title: XSS[1], seo_description: XSS[2], blocks: [...blocks.slice(0, 2), ...hostile, ...blocks.slice(2)] };
  const save = (c, version) => api.put(`${BASE}/v1/cabinet/pages/${pageId}`, { headers, data: { version, name: 'XSS probe', path: PATH, content: c } });
  // a custom font name lands in CSS: letters, digits, spaces, _ and - only
  const badFont = await save({ ...content, theme: { ...content.theme, custom_font: XSS[3] } }, page.draft_version);
  assert.equal(badFont.status(), 400, await badFont.text());
  const badBlockFont = await save({ ...content, blocks: content.blocks.map((b) => (b.id === 'x-text' ? { ...b, style: { custom_font: "A'};x{" } } : b)) }, page.draft_version);
  assert.equal(badBlockFont.status(), 400, await badBlockFont.text());
  const saved = await save(content, page.draft_version);
  assert.equal(saved.status(), 200, await saved.text());
  const published = await api.post(`${BASE}/v1/cabinet/pages/${pageId}/publish`, { headers, data: { version: (await saved.json()).draft_version } });
  assert.equal(published.status(), 200, await published.text());
});

for (const [label, viewport, locale, send] of [
  ['1366 px in English', { width: 1366, height: 900 }, 'en-GB', 'Send'],
  ['390 px in German', { width: 390, height: 844 }, 'de-DE', 'Senden'],
]) {
  test(`a buyer at ${label} meets the words as text, under the page's policy`, async () => {
    const context = await browser.newContext({ baseURL: BASE, viewport, locale, isMobile: viewport.width < 500 });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const dialogs = [];
    const foreign = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    page.on('request', (r) => {
      if (new URL(r.url()).origin !== new URL(BASE).origin && !r.url().startsWith('data:')) foreign.push(r.url());
    });
    const response = await page.goto(`/s/${DEMO.seller.username}/${PATH}`);
    const policy = response.headers()['content-security-policy'] ?? '';
    assert.match(policy, /script-src 'nonce-[^']+'/);
    assert.doesNotMatch(policy.split('script-src')[1].split(';')[0], /unsafe-inline/);
    assert.equal(response.headers()['x-content-type-options'], 'nosniff');
    assert.equal(response.headers()['referrer-policy'], 'strict-origin-when-cross-origin');
    await page.getByRole('heading', { name: XSS[0] }).waitFor(); // the payload is the heading's text
    await page.getByText(XSS[4]).first().waitFor();
    const send_ = page.getByRole('button', { name: send, exact: true });
    await send_.waitFor();
    assert.equal(await send_.evaluate((el) => el.tagName), 'BUTTON');
    assert.equal(await page.getByText('<button', { exact: false }).count(), 0); // no markup shown as text
    await page.waitForTimeout(1000);
    assert.deepEqual(dialogs, []);
    assert.deepEqual(foreign, []);
    assert.equal(await page.evaluate(() => document.querySelectorAll('script:not([nonce]), [onerror], [onload]').length), 0);
    await noSideways(page);
    await shot(page, `security-page-${viewport.width}`);
    await context.close();
  });
}

test('the web app, the buyer app and the API each send their policy', async () => {
  const app = await api.get(`${BASE}/cabinet`);
  assert.match(app.headers()['content-security-policy'], /frame-ancestors 'self'/);
  assert.equal(app.headers()['x-frame-options'], 'SAMEORIGIN');
  const shop = await api.get(`${BASE}/s/${DEMO.seller.username}/the-sellflow-handbook`);
  assert.match(shop.headers()['content-security-policy'], /script-src 'self'/);
  const json = await api.get(`${BASE}/v1/common/config`);
  assert.match(json.headers()['content-security-policy'], /default-src 'none'/);
  assert.equal(json.headers()['x-frame-options'], 'DENY');
});
