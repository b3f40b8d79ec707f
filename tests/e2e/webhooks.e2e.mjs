// Seller webhooks (issue 24) as a seller meets them: at 1366 px the demo seller adds an endpoint (a small server on
// this machine, which answers the first request with 500 and the next with 200), reveals its secret, sends a test
// event, and watches its delivery go from "being tried" to "delivered"; the delivery shows both attempts and the
// posted event, which the receiver got signed with that secret. On a 390 px phone in German the same endpoint reads
// in German without sideways scrolling; then the seller deletes it.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import { launch, shot, noSideways, signedInPage } from './browser.mjs';

let browser;
let lastPage;
let server;
const got = [];
let receiverUrl;
let endpointPath;

before(async () => {
  browser = await launch();
  server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      got.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = got.length === 1 ? 500 : 200;
      res.end(got.length === 1 ? 'try again' : 'ok');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${server.address().port}/sellflow-hook`;
});
after(async () => {
  await browser?.close();
  server?.close();
});
afterEach(async () => {
  if (lastPage && !lastPage.isClosed()) await shot(lastPage, 'webhooks-end');
});

test('a seller adds an endpoint, sends a test event and sees it delivered on the second attempt, signed', async () => {
  const page = await signedInPage(browser, 'seller', '/cabinet/webhooks');
  lastPage = page;
  await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
  await page.getByTestId('add-endpoint').click();
  await page.getByTestId('endpoint-url').fill('not a url');
  await page.getByTestId('save-endpoint').click();
  await page.getByText('Enter a web address such as').waitFor();
  await page.getByTestId('endpoint-url').fill(receiverUrl);
  await page.getByTestId('save-endpoint').click();
  await page.waitForURL(/\/cabinet\/webhooks\/\d+$/);
  endpointPath = new URL(page.url()).pathname;
  await page.getByRole('heading', { name: receiverUrl }).waitFor();
  assert.equal(await page.getByTestId('endpoint-state').textContent(), 'Active');
  assert.match(await page.getByTestId('endpoint-secret').textContent(), /^whsec_•+$/);
  await page.getByRole('button', { name: 'Show the secret' }).click();
  const secret = await page.getByTestId('endpoint-secret').textContent();
  assert.match(secret, /^whsec_[\w-]{20,}$/);
  await page.getByText('No deliveries yet').waitFor();

  await page.getByTestId('send-test').click();
  await page.getByText('Test event sent').waitFor();
  // the log follows the delivery while it is being tried: 500 first, 200 on the retry
  await page.getByRole('row').filter({ hasText: 'Test event' }).filter({ hasText: 'Delivered' }).waitFor({ timeout: 30_000 });
  await noSideways(page);
  await shot(page, 'webhooks-endpoint-1366');
  assert.equal(got.length, 2);
  const { headers, body } = got[1];
  assert.deepEqual(body, got[0].body, 'the same bytes on every attempt');
  const [t, v1] = headers['sellflow-signature'].split(',').map((p) => p.split('=')[1]);
  assert.equal(v1, createHmac('sha256', secret).update(`${t}.`).update(body).digest('hex'));
  const event = JSON.parse(body.toString());
  assert.equal(event.type, 'ping');

  await page.getByTestId('delivery-open').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('row').filter({ hasText: '500' }).waitFor();
  await dialog.getByRole('row').filter({ hasText: '200' }).waitFor();
  assert.match(await dialog.getByTestId('delivery-payload').textContent(), new RegExp(event.id));
  await shot(page, 'webhooks-delivery-1366');
  await dialog.getByRole('button', { name: 'Close' }).click();
});

test('on a German phone the endpoint reads in German, fits the screen, and is deleted', async () => {
  assert.ok(endpointPath, 'the first test made the endpoint');
  const page = await signedInPage(browser, 'seller', endpointPath, {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'de-DE',
  });
  lastPage = page;
  await page.getByText('Zustellungen').waitFor();
  await page.getByRole('row').filter({ hasText: 'Zugestellt' }).waitFor();
  await noSideways(page);
  await shot(page, 'webhooks-endpoint-390-de');
  await page.getByRole('button', { name: 'Löschen' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click();
  await page.waitForURL(/\/cabinet\/webhooks$/);
  await page.getByText('Noch keine Endpunkte').waitFor();
});
