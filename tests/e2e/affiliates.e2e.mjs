// Issue 23, the new publisher's walk in a real browser: someone signs up as a publisher on the sign-up page, finds
// the demo seller's program in the marketplace and asks to join; the seller accepts in the cabinet; the publisher
// makes a button for the monthly "Sellflow Insider" and copies its code; a plain HTML page on another local origin
// (whose own styles try to restyle every link and button) carries it; a reader clicks it, lands in the shop and
// subscribes. The publisher's overview and orders show the sale and the commission, the seller's affiliate
// statistics too; a refund gives part of the commission back, which the publisher's transactions show. The publisher
// gives their payout details, is approved by the manager, and is paid what is left, once.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { launch, shot, fillCard, idem, signedInPage, legitimated, tickConsent } from './browser.mjs';

const BASE = process.env.SELLFLOW_URL;
const MAIL = process.env.MAIL_URL;
const SELLER = { email: 'seller@sellflow.local', password: 'sellflow-demo', username: 'demo-seller' };
const PUBLISHER = { email: `e2e.pia.${Date.now().toString(36)}@example.com`, password: 'correct-horse-1' };
const DESKTOP = { width: 1366, height: 900 };

let browser;
let lastPage;
let shots = 0;
let publisher; // the publisher's page, signed in
let snippet; // the code the publisher pasted
let blog; // the other origin's server
let blogUrl;
let token; // the referred order

before(async () => {
  browser = await launch();
  // a plain page on another origin (localhost, not 127.0.0.1), with styles that would restyle any link or button
  blog = http.createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      '<!doctype html><html><head><meta charset="utf-8"><title>My baking blog</title>' +
        '<style>a,button{all:unset;color:red!important;font-size:48px!important;text-decoration:line-through!important}</style>' +
        `</head><body><h1>My baking blog</h1><p>What I read every month:</p>${snippet}<p>Happy baking.</p></body></html>`,
    );
  });
  await new Promise((resolve) => blog.listen(0, '127.0.0.1', resolve));
  blogUrl = `http://localhost:${blog.address().port}/`;
});

after(async () => {
  if (token) {
    const page = await newPage();
    const headers = await sellerAuth(page).catch(() => null);
    if (headers) {
      await page.request
        .post(`/v1/cabinet/orders/${token}/subscription`, { headers: idem(headers), data: { action: 'cancel_now' } })
        .catch(() => {});
    }
  }
  blog?.close();
  await browser?.close();
});

afterEach(async () => {
  if (lastPage && !lastPage.isClosed()) await shot(lastPage, `affiliates-end-${++shots}`);
});

async function newPage(viewport = DESKTOP) {
  const context = await browser.newContext({ baseURL: BASE, viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  lastPage = page;
  return page;
}

async function sellerAuth(page) {
  const r = await page.request.post('/v1/app/session', { data: { email: SELLER.email, password: SELLER.password, fingerprint: 'e2e' } });
  return { Authorization: `Bearer ${(await r.json()).access_token}` };
}

async function publisherAuth(page) {
  const r = await page.request.post('/v1/app/session', { data: { email: PUBLISHER.email, password: PUBLISHER.password, fingerprint: 'e2e' } });
  return { Authorization: `Bearer ${(await r.json()).access_token}` };
}

test('someone signs up as a publisher and asks to join the demo program in the marketplace', async () => {
  publisher = await newPage();
  await publisher.goto('/users/sign_up?profile_type=publisher');
  await publisher.getByTestId('signup-email').fill(PUBLISHER.email);
  await publisher.getByTestId('signup-password').fill(PUBLISHER.password);
  assert.ok(await publisher.getByRole('radio', { name: /publisher/i }).isChecked(), 'the publishers’ link chooses the publisher');
  await publisher.getByTestId('signup-submit').click();
  await publisher.getByLabel('First name').fill('Pia');
  await publisher.getByLabel('Last name').fill('Publisher');
  await publisher.getByTestId('signup-username').fill(`pia-${Date.now().toString(36)}`);
  await publisher.getByTestId('signup-finish').click();
  // signed in at once, into the publisher area (the confirmation mail can wait)
  await publisher.waitForURL((url) => url.pathname === '/publish', { timeout: 30_000 });
  await publisher.getByText('Your affiliate business').waitFor();
  await publisher.goto('/publish/affiliate_marketplace');
  // the overview shows the best paying programs; the programs tab lists them all
  await publisher.getByTestId('market-tab-programs').click();
  await publisher.waitForURL((url) => url.searchParams.get('tab') === 'programs');
  const card = publisher.getByTestId('market-program').filter({ hasText: 'Sellflow partners' });
  await card.waitFor();
  assert.match(await card.innerText(), /20\s?%/);
  await card.getByTestId('market-join').click();
  await card.getByTestId('market-state').waitFor();
  assert.match(await card.getByTestId('market-state').innerText(), /Requested/i);
  await shot(publisher, 'affiliates-1-marketplace');
});

test('the seller is mailed and accepts the publisher in the cabinet', async () => {
  const mails = await (await publisher.request.get(`${MAIL}/api/messages`, { params: { to: SELLER.email } })).json();
  assert.ok(mails.some((m) => m.subject.includes('Sellflow partners') && m.body.includes(PUBLISHER.email)), 'the seller got the request by mail');
  const seller = await signedInPage(browser, 'seller', '/cabinet/affiliate_nodes', { viewport: DESKTOP });
  lastPage = seller;
  const row = seller.getByTestId('node-row').filter({ hasText: PUBLISHER.email });
  await row.waitFor();
  await row.getByTestId('node-accept').click();
  await row.getByText('Active').waitFor();
  await shot(seller, 'affiliates-2-accepted');
  await seller.context().close();
});

test('the publisher makes a button for Sellflow Insider and copies its code', async () => {
  lastPage = publisher;
  await publisher.goto('/publish/embeddable_items');
  await publisher.getByTestId('embed-new').click();
  const dialog = publisher.getByRole('dialog');
  await dialog.getByTestId('embed-name').fill('Blog sidebar');
  await dialog.getByLabel('Leads to').click();
  await publisher.getByRole('option', { name: 'A product' }).click();
  await dialog.getByLabel('Product').click();
  await publisher.getByRole('option', { name: 'Sellflow Insider' }).click();
  await dialog.getByLabel('Words').fill('Read Sellflow Insider');
  await dialog.getByTestId('embed-save').click();
  const item = publisher.getByTestId('embed-item').filter({ hasText: 'Blog sidebar' });
  await item.waitFor();
  snippet = await item.getByTestId('embed-snippet').innerText();
  assert.match(snippet, /^<script src="http:\/\/127\.0\.0\.1:\d+\/embed\.js" data-sellflow-item="[\w-]+" async><\/script>$/);
  await item.getByTestId('embed-preview').click();
  await publisher.getByTestId('embed-frame').waitFor();
  await shot(publisher, 'affiliates-3-item');
});

test('a reader of a page on another origin clicks the button and subscribes; the seller refunds half a rate', async () => {
  const reader = await newPage();
  await reader.goto(blogUrl);
  const host = reader.locator('sellflow-item');
  await host.waitFor();
  // drawn (in its own closed shadow root) at its own size: the page's 48 px rule for every link did not reach it
  let box;
  for (let i = 0; i < 50 && !(box && box.height > 0); i++) {
    box = await host.boundingBox();
    if (!(box && box.height > 0)) await reader.waitForTimeout(100);
  }
  assert.ok(box && box.height > 20 && box.height < 60, `the button keeps its own size: ${JSON.stringify(box)}`);
  assert.equal(await reader.evaluate(() => document.querySelector('sellflow-item').shadowRoot), null, 'its root is closed to the page');
  await shot(reader, 'affiliates-4-blog');
  await reader.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await reader.waitForURL((url) => url.pathname === `/s/${SELLER.username}/sellflow-insider`, { timeout: 20_000 });
  await reader.getByTestId('plan-continue').click();
  await reader.getByTestId('payer-first-name').fill('Rea');
  await reader.getByTestId('payer-last-name').fill('Reader');
  await reader.getByTestId('payer-email').fill(`e2e.reader.${Date.now()}@example.com`);
  await fillCard(reader, '4242424242424242');
  await tickConsent(reader);
  await reader.getByTestId('pay-button').click();
  await reader.waitForURL(/\/thank_you\//, { timeout: 30_000 });
  await reader.getByTestId('thank-you').waitFor({ timeout: 30_000 });
  token = reader.url().split('/thank_you/')[1];
  // a refund of half the first rate, while the order is paid: the publisher gives back their share of it
  const headers = await sellerAuth(reader);
  const r = await reader.request.post(`/v1/cabinet/orders/${token}/refunds`, { headers: idem(headers), data: { amount: 450, reason: 'Half back' } });
  assert.equal(r.status(), 202, await r.text());
  // the test stack's month is seconds long: ended now, so the figures below stay put
  const ended = await reader.request.post(`/v1/cabinet/orders/${token}/subscription`, { headers: idem(headers), data: { action: 'cancel_now' } });
  assert.ok(ended.ok(), await ended.text());
  await reader.context().close();
});

test('the publisher sees the order, the commission and what the refund gave back; the seller’s statistics show them', async () => {
  lastPage = publisher;
  await publisher.goto('/publish/orders');
  const row = publisher.locator('tbody tr').filter({ hasText: 'Sellflow Insider' });
  await row.waitFor({ timeout: 30_000 });
  const ph0 = await publisherAuth(publisher);
  const credited = (await (await publisher.request.get('/v1/publish/orders', { headers: ph0 })).json()).list[0];
  assert.ok(credited.earned > 0 && credited.stage === 1, JSON.stringify(credited));
  assert.ok(!JSON.stringify(credited).includes('@'), 'no buyer’s details reach the publisher');
  assert.ok((await row.innerText()).includes(`${Math.floor(credited.earned / 100)}`), await row.innerText());
  await publisher.goto('/publish');
  await publisher.getByTestId('chart-earned').waitFor();
  assert.equal(await publisher.getByTestId('publish-orders').innerText(), '1');
  await shot(publisher, 'affiliates-5-overview');

  const page = await newPage();
  const headers = await sellerAuth(page);
  const stats = await (await page.request.get('/v1/cabinet/affiliate_statistics', { headers })).json();
  const program = stats.programs.find((p) => p.name === 'Sellflow partners');
  assert.ok(program.figures.orders >= 1 && program.figures.revenue >= 900 && program.figures.commission > 0, JSON.stringify(program));
  const ph = await publisherAuth(page);
  let moves = [];
  for (let i = 0; i < 100 && !moves.some((m) => m.kind === 'reversal'); i++) {
    moves = (await (await page.request.get('/v1/publish/transfers', { headers: ph })).json()).list;
    if (!moves.some((m) => m.kind === 'reversal')) await page.waitForTimeout(300);
  }
  const back = moves.find((m) => m.kind === 'reversal');
  const earned = moves.filter((m) => m.kind === 'commission').reduce((sum, m) => sum + m.amount, 0);
  // a fifth of each 9.00 rate paid (the test stack's month is seconds long: one rate or more before it ended)
  assert.ok(earned > 0 && earned % 180 === 0, `a fifth of each rate: ${JSON.stringify(moves)}`);
  assert.ok(back && back.amount < 0 && -back.amount < earned, `part of the commission given back: ${JSON.stringify(moves)}`);
  assert.equal(earned + back.amount, credited.earned, 'the order shows what is left of it');
  await page.context().close();
  await publisher.goto('/publish/transfers');
  await publisher.getByText('Given back (refund or chargeback)').first().waitFor();
  await shot(publisher, 'affiliates-6-transactions');
});

test('the publisher gives their payout details, is approved and is paid what is left of the commission', async () => {
  lastPage = publisher;
  await publisher.goto('/publish/payouts');
  // not legitimated yet: the page says what a payout needs and links to it; the cashout waits
  await publisher.getByTestId('payout-details').waitFor();
  await publisher.getByTestId('payout-details').click();
  await publisher.waitForURL((url) => url.pathname === '/publish/profile/edit');
  await publisher.getByRole('dialog').waitFor(); // the payment account is open: the same steps a seller fills
  // the steps themselves are the seller's (legitimation.e2e.mjs walks them); here they go through the API
  const ph = await publisherAuth(publisher);
  const me = await (await publisher.request.get('/v1/app/user', { headers: ph })).json();
  await legitimated(publisher, { headers: ph, username: me.username }, 'Pia', 'Publisher');
  const before = await (await publisher.request.get('/v1/publish/payouts', { headers: ph })).json();
  assert.ok(before.available + before.held > 0, JSON.stringify(before));

  // in the browser: no hold, then "Pay out now"; the payout reaches the bank
  lastPage = publisher;
  await publisher.goto('/publish/payouts');
  await publisher.getByLabel('Days a sale is held').fill('0');
  await publisher.getByRole('button', { name: 'Save', exact: true }).click();
  await publisher.getByText('Saved').first().waitFor();
  const cashout = publisher.getByTestId('cashout');
  await publisher.waitForFunction(() => !document.querySelector('[data-testid="cashout"]')?.disabled, null, { timeout: 30_000 });
  await cashout.click();
  const paid = publisher.locator('tbody tr').filter({ hasText: 'Paid out' });
  await paid.waitFor({ timeout: 60_000 });
  assert.match(await paid.innerText(), /Cashout/);
  assert.match(await paid.innerText(), /DE89/);
  const after = await (await publisher.request.get('/v1/publish/payouts', { headers: ph })).json();
  assert.deepEqual(after.list.map((p) => [p.kind, p.state, p.amount]), [['cashout', 'successful', before.available + before.held]]);
  assert.equal(after.available + after.held, 0, 'all of it left, once');
  await shot(publisher, 'affiliates-7-paid');
});
