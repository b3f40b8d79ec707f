// Notifications (issue 24) as a seller meets them: the platform's managers send every seller a message; at 1366 px
// the demo seller sees the bell's unread count, opens it, reads the message, marks everything read and opens the
// notifications page. On a 390 px phone in German the settings show each type with its two switches (in the
// cabinet, by mail) without sideways scrolling, and a switch turned on stays on after a reload; there the seller asks
// to change their e-mail address (a wrong password named, then the link mailed to the new address).
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { launch, shot, noSideways, signedInPage, idem, DEMO } from './browser.mjs';

const BASE = process.env.SELLFLOW_URL;
let browser;
let lastPage;
const title = `Notifications are here ${Date.now()}`;

before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});
afterEach(async () => {
  if (lastPage && !lastPage.isClosed()) await shot(lastPage, 'notifications-end');
});

async function managerSends() {
  const session = await fetch(`${BASE}/v1/app/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: DEMO.manager.email, password: DEMO.manager.password, fingerprint: 'e2e' }),
  });
  assert.equal(session.status, 200);
  const { access_token: token } = await session.json();
  const r = await fetch(`${BASE}/v1/admin/notifications`, {
    method: 'POST',
    headers: idem({ 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }),
    body: JSON.stringify({ title, text: 'Sales, orders and comments now reach you here and by mail.' }),
  });
  assert.equal(r.status, 201, await r.text());
}

test('a seller sees the unread count, reads the message and marks everything read', async () => {
  await managerSends();
  const page = await signedInPage(browser, 'seller', '/cabinet/orders');
  lastPage = page;
  const bell = page.getByTestId('notification-bell');
  await bell.locator('.MuiBadge-badge:not(.MuiBadge-invisible)').waitFor();
  await bell.click();
  const popover = page.locator('.MuiPopover-paper');
  await popover.getByText(title).waitFor();
  await shot(page, 'notifications-bell-1366');
  await popover.getByTestId('notifications-read-all').click();
  await bell.locator('.MuiBadge-badge.MuiBadge-invisible').waitFor();
  await popover.getByTestId('notifications-all').click();
  await page.waitForURL(/\/cabinet\/notifications$/);
  await page.getByTestId('notifications-list').getByText(title).waitFor();
  await page.getByTestId('notifications-unread-tab').click();
  await page.getByText('You have read everything.').waitFor();
  await noSideways(page);
  await shot(page, 'notifications-page-1366');
});

test('on a German phone each type has its two switches, and a choice is kept', async () => {
  const page = await signedInPage(browser, 'seller', '/cabinet/settings/notifications', {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'de-DE',
  });
  lastPage = page;
  await page.getByRole('columnheader', { name: 'Per E-Mail' }).waitFor();
  const dayMail = page.getByTestId('mail-day_income');
  const was = await dayMail.isChecked();
  await dayMail.click();
  await page.getByText('Gespeichert.').first().waitFor();
  await noSideways(page);
  await shot(page, 'notifications-settings-390-de');
  await page.reload();
  await page.getByRole('columnheader', { name: 'Per E-Mail' }).waitFor();
  assert.equal(await page.getByTestId('mail-day_income').isChecked(), !was);
  assert.equal(await page.getByTestId('in-app-paid_transaction').isChecked(), true);
  await page.getByTestId('mail-day_income').click(); // as it was
  await page.getByText('Gespeichert.').first().waitFor();
});

test('a seller asks to change their e-mail address: a wrong password is named, then the link goes out', async () => {
  const page = await signedInPage(browser, 'seller', '/cabinet/settings/notifications', {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'de-DE',
  });
  lastPage = page;
  const card = page.getByTestId('email-change');
  await card.getByText(DEMO.seller.email).waitFor();
  await page.getByTestId('email-change-open').click();
  const next = `moved-${Date.now()}@example.com`;
  await page.getByTestId('email-change-new').fill(next);
  await page.getByTestId('email-change-password').fill('not-the-password');
  await page.getByTestId('email-change-send').click();
  await page.getByText('Das Passwort stimmt nicht.').waitFor();
  await page.getByTestId('email-change-password').fill(DEMO.seller.password);
  await page.getByTestId('email-change-send').click();
  await page.getByTestId('email-change-sent').getByText(next).waitFor();
  await noSideways(page);
  await shot(page, 'email-change-390-de');
  // the link went to the new address; the account keeps its address until it is followed
  let subjects = [];
  for (let i = 0; i < 50 && !subjects.some((x) => /Confirm your new e-mail address|Bestätige deine neue E-Mail-Adresse/.test(x)); i += 1) {
    await page.waitForTimeout(200);
    const mails = await (await page.request.get(`${process.env.MAIL_URL}/api/messages`, { params: { to: next } })).json();
    subjects = mails.map((m) => m.subject);
  }
  assert.ok(subjects.some((x) => /Confirm your new e-mail address|Bestätige deine neue E-Mail-Adresse/.test(x)), JSON.stringify(subjects));
});
