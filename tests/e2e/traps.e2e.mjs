// The traps of a newcomer's walk (issue 47), at 1366 px in English and 390 px in German: the public and sign-up
// pages have their main landmark and fit the screen; the demo team member who opens an owner's page by its address
// is told it is the owner's (no form the API would refuse); the orders list's CSV is saved under a name that says
// what it holds.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, shot, signedInState, noSideways } from './browser.mjs';

const BASE = process.env.SELLFLOW_URL;
const SIZES = [
  { name: '1366-en', viewport: { width: 1366, height: 900 }, locale: 'en-GB', owner: /Only the account's owner/ },
  { name: '390-de', viewport: { width: 390, height: 844 }, locale: 'de-DE', mobile: true, owner: /Nur der Inhaber des Kontos/ },
];
let browser;

before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

async function contextFor(size, role) {
  return browser.newContext({
    baseURL: BASE,
    viewport: size.viewport,
    locale: size.locale,
    ...(size.mobile ? { isMobile: true, hasTouch: true } : {}),
    ...(role ? { storageState: await signedInState(browser, role) } : {}),
  });
}

for (const size of SIZES) {
  test(`${size.name}: the landing, sign-in and sign-up pages have one main landmark and fit the screen`, async () => {
    const context = await contextFor(size);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    for (const path of ['/', '/users/sign_in', '/users/sign_up']) {
      await page.goto(path);
      await page.getByRole('main').waitFor();
      assert.equal(await page.getByRole('main').count(), 1, `one main on ${path}`);
      await noSideways(page);
    }
    await shot(page, `traps-sign-up-${size.name}`);
    await context.close();
  });

  test(`${size.name}: a team member at an owner's page by its address is told it is the owner's`, async () => {
    const context = await contextFor(size, 'team');
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto('/team_member');
    const seller = await page.evaluate(async () => {
      const token = JSON.parse(localStorage.getItem('sellflow.tokens') ?? '{}').accessToken;
      const r = await fetch('/v1/team_member/invites', { headers: { Authorization: `Bearer ${token}` } });
      return (await r.json()).list.find((x) => x.role === 'team_member' && x.state === 'active').seller_id;
    });
    assert.ok(Number.isInteger(seller), 'the demo team member works for the demo seller');
    for (const owner of ['payouts', 'settings/payment_settings', 'settings/account_deletion']) {
      await page.goto(`/team_member/sellers/${seller}/${owner}`);
      await page.getByTestId('owner-only').getByText(size.owner).waitFor();
      assert.equal(await page.getByRole('checkbox').count(), 0, `no form on ${owner}`);
      await noSideways(page);
    }
    await shot(page, `traps-owner-only-${size.name}`);
    // their own pages still open
    await page.goto(`/team_member/sellers/${seller}/orders`);
    await page.getByTestId('acting-banner').waitFor();
    assert.equal(await page.getByTestId('owner-only').count(), 0);
    await context.close();
  });
}

test('1366-en: the orders list downloads its CSV under a name that says what it holds', async () => {
  const context = await contextFor(SIZES[0], 'seller');
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await page.goto('/cabinet/orders');
  await page.getByTestId('list-csv').waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('list-csv').click()]);
  assert.match(download.suggestedFilename(), /^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  await context.close();
});
