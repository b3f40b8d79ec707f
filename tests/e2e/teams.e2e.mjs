// Issue 23, a seller's team in a real browser: the demo seller invites a team member and a sales team member from
// the cabinet's Team page. The team member signs up through the team members' link, accepts the invitation and
// works in the seller's cabinet under their own paths (a `/cabinet/…` address leads there too), with a menu
// without the owner's parts, on a laptop and a phone. The sales team member accepts, shares their link; a buyer
// buys through it, and their sales page shows the order and the fee it earned.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { launch, shot, fillCard, noSideways, signedInPage, tickConsent } from './browser.mjs';

const BASE = process.env.SELLFLOW_URL;
const MAIL = process.env.MAIL_URL;
const STAMP = Date.now().toString(36);
const HELPER = { email: `e2e.tom.${STAMP}@example.com`, password: 'correct-horse-1', username: `tom-${STAMP}` };
const CLOSER = { email: `e2e.cleo.${STAMP}@example.com`, password: 'correct-horse-1', username: `cleo-${STAMP}` };
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

let browser;
let lastPage;
let shots = 0;
let seller;
let helper;

before(async () => {
  browser = await launch();
});

after(async () => {
  await browser?.close();
});

afterEach(async () => {
  if (lastPage && !lastPage.isClosed()) await shot(lastPage, `teams-end-${++shots}`);
});

async function newPage(viewport = DESKTOP) {
  const context = await browser.newContext({ baseURL: BASE, viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  lastPage = page;
  return page;
}

async function invite(person, role, fee) {
  await seller.getByTestId('invite-member').click();
  const dialog = seller.getByRole('dialog');
  await dialog.getByTestId('invite-email').fill(person.email);
  if (role !== 'Team member') {
    await dialog.getByLabel('Role').click();
    await seller.getByRole('option', { name: role }).click();
    await dialog.getByTestId('invite-fee').fill(fee);
  }
  await dialog.getByTestId('send-invite').click();
  await seller.getByRole('row').filter({ hasText: person.email }).getByText('Invited').waitFor();
}

async function signsUpAndAccepts(person, first) {
  const page = await newPage();
  await page.goto('/users/sign_up?profile_type=team_member');
  await page.getByTestId('signup-email').fill(person.email);
  await page.getByTestId('signup-password').fill(person.password);
  assert.ok(await page.getByTestId('signup-team-member').locator('input').isChecked(), 'the team members’ link chooses the role');
  await page.getByTestId('signup-submit').click();
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Last name').fill('Teamer');
  await page.getByTestId('signup-username').fill(person.username);
  await page.getByTestId('signup-finish').click();
  await page.waitForURL((url) => url.pathname === '/team_member', { timeout: 30_000 });
  // before the address is confirmed, the invitations page says so (and Accept waits) instead of failing on a click
  await page.getByTestId('to-invites').click();
  await page.getByTestId('confirm-first').getByText(person.email).waitFor();
  assert.ok(await page.getByRole('row').filter({ hasText: 'Dana Demo' }).getByTestId('accept-invite').isDisabled());
  // an invitation to an address is accepted by whoever confirmed it: the link of the confirmation mail
  let link;
  for (let i = 0; i < 50 && !link; i++) {
    const mails = await (await page.request.get(`${MAIL}/api/messages`, { params: { to: person.email } })).json();
    link = mails.map((m) => /https?:\/\/\S*confirmation_token=[\w-]+/.exec(m.body)?.[0]).find(Boolean);
    if (!link) await page.waitForTimeout(200);
  }
  assert.ok(link, 'the confirmation mail came');
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.waitForURL((url) => !url.pathname.startsWith('/users/confirmation'), { timeout: 30_000 });
  await page.goto('/team_member');
  await page.getByTestId('to-invites').click();
  const row = page.getByRole('row').filter({ hasText: 'Dana Demo' });
  await row.getByTestId('accept-invite').click(); // enabled once the address is confirmed
  await row.getByText('Active').waitFor();
  return page;
}

test('the seller invites a team member and a sales team member, who are mailed', async () => {
  seller = await signedInPage(browser, 'seller', '/cabinet/team_members', { viewport: DESKTOP });
  lastPage = seller;
  await seller.getByRole('heading', { name: 'Team' }).waitFor();
  await invite(HELPER, 'Team member');
  await invite(CLOSER, 'Sales team member', '12,5');
  await seller.getByRole('row').filter({ hasText: CLOSER.email }).getByText('12.5%').waitFor();
  await shot(seller, 'teams-1-invited');
  for (const person of [HELPER, CLOSER]) {
    let mails = [];
    for (let i = 0; i < 50 && !mails.some((m) => m.subject.includes('invites you')); i++) {
      mails = await (await seller.request.get(`${MAIL}/api/messages`, { params: { to: person.email } })).json();
      if (!mails.length) await seller.waitForTimeout(200);
    }
    const mail = mails.find((m) => m.subject.includes('invites you'));
    assert.ok(mail && mail.body.includes('/team_member/invites'), `${person.email} got the invitation`);
  }
});

test('the team member signs up, accepts and works in the seller’s cabinet under their own paths', async () => {
  helper = await signsUpAndAccepts(HELPER, 'Tom');
  await helper.goto('/team_member');
  await helper.getByTestId('open-cabinet').click();
  await helper.waitForURL(/\/team_member\/sellers\/\d+$/);
  const base = new URL(helper.url()).pathname;
  await helper.getByTestId('acting-banner').waitFor();
  // the owner's parts are not in their menu
  for (const key of ['teamMembers', 'profileEdit', 'accountDeletion', 'payouts']) {
    assert.equal(await helper.getByTestId(`nav-${key}`).count(), 0, `no ${key} in a team member's menu`);
  }
  await helper.getByTestId('nav-products').click();
  await helper.waitForURL((url) => url.pathname === `${base}/products`);
  await helper.getByText('The Sellflow Handbook').first().waitFor();
  // an address written as the cabinet's leads to the seller's cabinet of the team member
  await helper.goto('/cabinet/orders');
  await helper.waitForURL((url) => url.pathname === `${base}/orders`);
  await helper.getByTestId('acting-banner').waitFor();
  await shot(helper, 'teams-2-acting');
  // the owner's pages opened by their address say they are the owner's, with no form the API would refuse
  for (const owner of ['payouts', 'settings/payment_settings']) {
    await helper.goto(`${base}/${owner}`);
    await helper.getByTestId('owner-only').getByText(/Only the account’s owner|Only the account's owner/).waitFor();
    assert.equal(await helper.getByRole('checkbox').count(), 0, `no checkbox on ${owner}`);
  }
  // on a phone too, without scrolling sideways
  await helper.setViewportSize(PHONE);
  await helper.goto(`${base}/products`);
  await helper.getByText('The Sellflow Handbook').first().waitFor();
  await noSideways(helper);
  await shot(helper, 'teams-3-acting-phone');
  // back in the team area, the cabinet's addresses are the seller's own again (this one holds no seller profile)
  await helper.setViewportSize(DESKTOP);
  await helper.getByTestId('leave-acting').click();
  await helper.waitForURL((url) => url.pathname === '/team_member');
});

test('the sales team member’s link brings a buyer; their sales page shows the fee', async () => {
  const closer = await signsUpAndAccepts(CLOSER, 'Cleo');
  await closer.goto('/team_member');
  const link = await closer.getByTestId('sales-link').innerText();
  assert.match(link, /\/s\/demo-seller\?stm=\d+$/);
  const buyer = await newPage();
  await buyer.goto(`${link.replace('/s/demo-seller?', '/s/demo-seller/the-sellflow-handbook?')}`);
  await buyer.getByTestId('product-name').waitFor();
  if (await buyer.getByTestId('plan-continue').count()) await buyer.getByTestId('plan-continue').click();
  await buyer.getByTestId('payer-first-name').fill('Bo');
  await buyer.getByTestId('payer-last-name').fill('Buyer');
  await buyer.getByTestId('payer-email').fill(`e2e.bo.${STAMP}@example.com`);
  await fillCard(buyer, '4242424242424242');
  await tickConsent(buyer);
  await buyer.getByTestId('pay-button').click();
  await buyer.getByTestId('thank-you').waitFor({ timeout: 30_000 });
  await buyer.context().close();
  lastPage = closer;
  await closer.goto('/team_member/orders');
  const row = closer.getByRole('row').filter({ hasText: 'The Sellflow Handbook' });
  await row.waitFor();
  assert.match(await row.innerText(), /12\.5\s?%/);
  await closer.goto('/team_member');
  await closer.getByTestId('team-orders').filter({ hasText: '1' }).waitFor();
  await shot(closer, 'teams-4-sales');
});
