// Issue 10, part 2 (the shop on a seller's verified domain) in a real browser: the demo seller publishes a product
// and adds a custom domain through the API, sets its TXT record and its `_acme-challenge` CNAME at the "DNS host"
// (the local DNS server's admin API) and waits until the domain is verified. Chromium resolves *.example.test to the
// local stack (--host-resolver-rules), so a buyer opens http://{domain}:{port}/ as they would the seller's domain:
// the web app sees a host that is not Sellflow's own, asks GET /v1/shop/_host and shows the seller's storefront at
// `/`, the product at `/{slug}` and, after paying with 4242…, the thank-you page at `/{slug}/thank_you/{token}`, all
// without the `/s/{username}` prefix; on a phone too. A domain no shop answers on shows the 404 page. Once the
// domain is Active with SSL, the browser (trusting pebble's issuing CA, as a buyer's trusts Let's Encrypt) opens it
// over HTTPS through the TLS edge and gets the shop with pebble's certificate; after the seller removes the domain,
// the edge no longer answers for it.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, X509Certificate } from 'node:crypto';
import { launch, shot, fillCard, idem, tickConsent } from './browser.mjs';

const BASE = process.env.SELLFLOW_URL;
const DNS_ADMIN = process.env.SELLFLOW_DNS_ADMIN_URL;
const SELLER = { email: 'seller@sellflow.local', password: 'sellflow-demo', username: 'demo-seller' };
const STAMP = Date.now();
const HOST = `shop-${STAMP}.example.test`;
const PRODUCT = `Domain Guide ${STAMP}`;
const PORT = new URL(BASE).port;
const SHOP = `http://${HOST}:${PORT}`;
let browser;
let lastPage;
let shots = 0;
let slug;
let domainId;
let sellerToken;
const EDGE = `https://${HOST}:${process.env.EDGE_HTTPS_PORT}`;
const ISSUER = process.env.PEBBLE_ISSUER ?? '';
// Chromium trusts a chain that holds this key (pebble's issuing CA), as a buyer's browser trusts a public CA's
const SPKI = ISSUER ? createHash('sha256').update(new X509Certificate(ISSUER).publicKey.export({ type: 'spki', format: 'der' })).digest('base64') : '';

before(async () => {
  browser = await launch(['--host-resolver-rules=MAP *.example.test 127.0.0.1', ...(SPKI ? [`--ignore-certificate-errors-spki-list=${SPKI}`] : [])]);
});

after(async () => {
  await browser?.close();
});

afterEach(async () => {
  if (lastPage && !lastPage.isClosed()) await shot(lastPage, `shop-domain-end-${++shots}`);
});

async function api(path, { method = 'GET', token, body, form } = {}) {
  const auth = token ? { Authorization: `Bearer ${token}` } : {};
  const headers = method === 'POST' ? idem(auth) : auth; // as the web app, a key per POST
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const r = await fetch(`${BASE}${path}`, { method, headers, body: form ?? (body === undefined ? undefined : JSON.stringify(body)) });
  const text = await r.text();
  return { status: r.status, json: text ? JSON.parse(text) : null };
}

async function setRecord(name, type, value) {
  const r = await fetch(`${DNS_ADMIN}/records`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, type, value, ttl: 300 }),
  });
  assert.equal(r.status, 201);
}

async function buyerPage(viewport = { width: 1366, height: 900 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  lastPage = page;
  return page;
}

async function overflow(page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test('the seller publishes a product and verifies a custom domain', async () => {
  assert.ok(DNS_ADMIN, 'SELLFLOW_DNS_ADMIN_URL names the local DNS server');
  const session = await api('/v1/app/session', { method: 'POST', body: { email: SELLER.email, password: SELLER.password, fingerprint: 'e2e' } });
  assert.equal(session.status, 200);
  const token = session.json.access_token;
  const p = await api('/v1/cabinet/products', { method: 'POST', token, body: { name: PRODUCT, description: 'Sold on my own domain.' } });
  assert.equal(p.status, 201, JSON.stringify(p.json));
  const form = new FormData();
  form.append('file', new Blob(['%PDF-1.4 domain guide'], { type: 'application/pdf' }), 'guide.pdf');
  assert.equal((await api(`/v1/cabinet/products/${p.json.id}/file`, { method: 'POST', token, form })).status, 200);
  const plan = { name: 'Once', payment_type: 'one_time', price: 1500, currency: 'eur' };
  assert.equal((await api(`/v1/cabinet/products/${p.json.id}/pricing_plans`, { method: 'POST', token, body: plan })).status, 201);
  const published = await api(`/v1/cabinet/products/${p.json.id}/publish`, { method: 'POST', token });
  assert.equal(published.status, 200);
  slug = published.json.slug;

  const added = await api('/v1/cabinet/domains', { method: 'POST', token, body: { kind: 'custom', name: HOST, ttl: 300 } });
  assert.equal(added.status, 201, JSON.stringify(added.json));
  const dom = added.json;
  domainId = dom.id;
  sellerToken = token;
  await setRecord(dom.record.name, 'TXT', dom.record.value);
  await setRecord(dom.delegation.name, 'CNAME', dom.delegation.value);
  await api(`/v1/cabinet/domains/${dom.id}/check`, { method: 'POST', token });
  const deadline = Date.now() + 60_000;
  let state = dom.state;
  while (!['active', 'active_with_ssl'].includes(state)) {
    assert.ok(Date.now() < deadline, `the domain never became verified (${state})`);
    await new Promise((r) => setTimeout(r, 300));
    state = (await api(`/v1/cabinet/domains/${dom.id}`, { token })).json.state;
  }
});

test("a buyer opens the seller's domain: the storefront at /, the product at /{slug}, the thank-you page", async () => {
  const page = await buyerPage();
  await page.goto(`${SHOP}/`);
  await page.getByTestId('storefront-title').waitFor();
  assert.equal(await page.getByTestId('storefront-title').innerText(), 'Dana Demo');
  const card = page.getByTestId('storefront-product').filter({ hasText: PRODUCT });
  await card.getByText(/15[.,]00/).waitFor();
  assert.equal(new URL(page.url()).pathname, '/');
  await shot(page, 'shop-domain-storefront-1366');

  await card.getByRole('link', { name: 'View product' }).click();
  await page.waitForURL(`${SHOP}/${slug}`);
  assert.equal(await page.getByTestId('product-name').innerText(), PRODUCT);
  await page.getByTestId('payer-first-name').fill('Dora');
  await page.getByTestId('payer-last-name').fill('Domain');
  await page.getByTestId('payer-email').fill(`e2e.domain.${STAMP}@example.com`);
  await fillCard(page, '4242424242424242');
  await tickConsent(page);
  await page.getByTestId('pay-button').click();
  await page.waitForURL(new RegExp(`^${SHOP.replace(/[.]/g, '\\.')}/${slug}/thank_you/[^/]+$`), { timeout: 30_000 });
  await page.getByTestId('download-link').waitFor({ timeout: 30_000 });
  await shot(page, 'shop-domain-thank-you');

  // back to the storefront with the browser's back button, twice (thank-you → product → storefront)
  await page.goBack();
  await page.goBack();
  await page.getByTestId('storefront-title').waitFor();
  assert.equal(new URL(page.url()).pathname, '/');
});

test('on a phone the storefront fits the screen, and a product link opens without the prefix', async () => {
  const page = await buyerPage({ width: 390, height: 844 });
  const asked = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await page.goto(`${SHOP}/${slug}`);
  assert.equal(await page.getByTestId('product-name').innerText(), PRODUCT);
  // the server named the page's first asks in its HTML (the shop of the domain, the product, the configuration): the
  // browser fetched each beside the scripts, once, and the page's own asks took those answers
  const timings = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => [new URL(e.name).pathname, e.initiatorType]));
  for (const path of ['/v1/common/config', '/v1/shop/_host', `/v1/shop/${SELLER.username}/products/${slug}`]) {
    assert.equal(asked.filter((p) => p === path).length, 1, `${path} asked once: ${asked.join(' ')}`);
    const how = timings.filter(([p]) => p === path).map(([, initiator]) => initiator);
    assert.deepEqual(how, ['link'], `${path} fetched by the page's hint: ${JSON.stringify(timings)}`);
  }
  await page.goto(`${SHOP}/`);
  await page.getByTestId('storefront-product').first().waitFor();
  assert.ok((await overflow(page)) <= 1, `no sideways scrolling on a phone (${await overflow(page)}px)`);
  await shot(page, 'shop-domain-phone');
});

test('a domain no shop answers on shows the 404 page', async () => {
  const page = await buyerPage();
  await page.goto(`http://nobody-${STAMP}.example.test:${PORT}/`);
  await page.getByTestId('not-found').waitFor();
  await shot(page, 'shop-domain-404');
});

test('the domain answers over HTTPS through the edge with pebble\'s certificate, and not once it is removed', async () => {
  assert.ok(ISSUER, "pebble's issuing CA (make pebble)");
  const deadline = Date.now() + 90_000;
  let state;
  while (state !== 'active_with_ssl') {
    assert.ok(Date.now() < deadline, `the domain never became Active with SSL (${state})`);
    await new Promise((r) => setTimeout(r, 500));
    state = (await api(`/v1/cabinet/domains/${domainId}`, { token: sellerToken })).json.state;
  }
  const page = await buyerPage();
  const answer = await page.goto(`${EDGE}/`);
  assert.equal(answer.status(), 200);
  const tls = await answer.securityDetails();
  assert.equal(tls.subjectName, HOST);
  assert.match(tls.issuer, /Pebble/i);
  await page.getByTestId('storefront-title').waitFor();
  await shot(page, 'shop-domain-https');

  assert.equal((await api(`/v1/cabinet/domains/${domainId}`, { method: 'DELETE', token: sellerToken })).status, 204);
  const gone = Date.now() + 60_000;
  for (;;) {
    const fresh = await buyerPage();
    const failed = await fresh.goto(`${EDGE}/`).then(() => false, () => true);
    await fresh.context().close();
    if (failed) break;
    assert.ok(Date.now() < gone, 'the edge still answered for the removed domain');
    await new Promise((r) => setTimeout(r, 500));
  }
});
