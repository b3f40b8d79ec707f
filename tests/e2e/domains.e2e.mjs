// Issue 10 (domains) in a real browser: the demo seller adds a domain, sees the TXT record and the certificate's
// `_acme-challenge` CNAME (DCV delegation) to set, sets them at the "DNS host" (the local DNS server's admin API)
// and watches the domain reach "Active with SSL" with the
// certificate's expiry and the workflow's history in words; the page at 1366 px and on a phone without sideways
// scrolling; then deletes the domain.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { launch, shot, signedInPage } from './browser.mjs';

const BASE = process.env.SELLFLOW_URL;
const DNS_ADMIN = process.env.SELLFLOW_DNS_ADMIN_URL;
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
  if (lastPage && !lastPage.isClosed()) await shot(lastPage, `domains-end-${++shots}`);
});

async function signedIn(path, viewport) {
  lastPage = await signedInPage(browser, 'seller', path, { viewport, timeout: 30_000 });
  return lastPage;
}

async function overflow(page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test('a domain is added, its record set, and it reaches "Active with SSL"', async () => {
  assert.ok(DNS_ADMIN, 'SELLFLOW_DNS_ADMIN_URL names the local DNS server');
  const host = `shop-${Date.now()}.example.test`;
  const page = await signedIn('/cabinet/domains', { width: 1366, height: 900 });
  await page.getByRole('heading', { name: 'Domains', level: 1 }).waitFor();
  await page.getByLabel('Domain', { exact: true }).fill(host);
  await page.getByRole('button', { name: 'Add domain' }).click();
  const card = page.getByTestId('domain-card').filter({ hasText: host });
  await card.getByText('Waiting for DNS record').waitFor();
  const name = await card.getByTestId('record-name').innerText();
  const value = await card.getByTestId('record-value').innerText();
  assert.equal(name, `_sellflow.${host}`);
  assert.match(value, /^sellflow-verification=/);
  const cname = await card.getByTestId('delegation-name').innerText();
  const target = await card.getByTestId('delegation-value').innerText();
  assert.equal(cname, `_acme-challenge.${host}`);
  assert.match(target, /^[0-9a-f]{20}\.acme\./);
  await shot(page, 'domains-waiting-1366');

  const setRecord = async (rname, type, rvalue) => {
    const r = await fetch(`${DNS_ADMIN}/records`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: rname, type, value: rvalue, ttl: 300 }),
    });
    assert.equal(r.status, 201);
  };
  await setRecord(name, 'TXT', value);
  await card.getByRole('button', { name: 'Check again' }).click();
  // verified; the certificate waits for the CNAME, and the card says which record is missing
  await card.getByText(/CNAME record _acme-challenge\.\S+ pointing to/).waitFor({ timeout: 60_000 });
  await shot(page, 'domains-cname-missing-1366');
  await setRecord(cname, 'CNAME', target);
  await card.getByRole('button', { name: 'Check again' }).click();
  await card.getByText('Active with SSL').waitFor({ timeout: 60_000 });
  await card.getByText(/SSL certificate valid until/).waitFor();
  // the routing record sends visitors to the shop: until it is set, the card says what is missing
  assert.equal(await card.getByTestId('routing-name').innerText(), host);
  const routeTo = await card.getByTestId('routing-value').innerText();
  await card.getByTestId('domain-awaited').getByText(/does not point to Sellflow yet/).waitFor();
  await setRecord(host, 'CNAME', routeTo);
  await card.getByRole('button', { name: 'Check again' }).click();
  await card.getByTestId('domain-awaited').getByText(/Nothing: your shop answers on/).waitFor({ timeout: 30_000 });
  assert.equal(await card.getByRole('button', { name: 'Check again' }).count(), 0);
  await card.getByRole('button', { name: 'Show history' }).click();
  await card.getByText(/DNS record found: domain verified/).first().waitFor();
  await card.getByText(/Certificate CNAME found/).first().waitFor();
  await card.getByText(/SSL certificate issued/).first().waitFor();
  assert.ok((await overflow(page)) <= 1, 'no sideways scrolling at 1366 px');
  await shot(page, 'domains-active-1366');

  const phone = await signedIn('/cabinet/domains', { width: 390, height: 844 });
  const phoneCard = phone.getByTestId('domain-card').filter({ hasText: host });
  await phoneCard.getByText('Active with SSL').waitFor();
  assert.ok((await overflow(phone)) <= 1, `no sideways scrolling on a phone (${await overflow(phone)}px)`);
  await shot(phone, 'domains-phone');

  // in German on a phone: the records and what is awaited, in German
  const de = await signedInPage(browser, 'seller', '/cabinet/domains', { viewport: { width: 390, height: 844 }, locale: 'de-DE', timeout: 30_000 });
  const deCard = de.getByTestId('domain-card').filter({ hasText: host });
  await deCard.getByText('Aktiv mit SSL').waitFor();
  await deCard.getByText('Weiterleitungs-Eintrag').waitFor();
  await deCard.getByTestId('domain-awaited').getByText(/Nichts: Dein Shop ist unter https:/).waitFor();
  assert.ok((await overflow(de)) <= 1, 'no sideways scrolling in German on a phone');
  await shot(de, 'domains-phone-de');
  await de.context().close();

  await phoneCard.getByRole('button', { name: 'Delete' }).click();
  await phone.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await phone.getByText('Domain deleted').first().waitFor();
  await phoneCard.waitFor({ state: 'detached' });
});
