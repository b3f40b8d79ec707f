// Issue 7 as a new user walks it, in a real browser: a new seller fills the seller profile modal as a natural
// person (business, personal, tax, documents with the bank account, summary), submits, the local KYC provider
// confirms, the manager approves in /admin/bank_account_legitimations, and the seller's dashboard no longer says
// what is missing. A field the API refuses (a VAT ID of the wrong format) shows the API's message under it.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, PNG, launch, signedInPage } from './browser.mjs';

const BASE = process.env.SELLFLOW_URL;
const MAIL = process.env.MAIL_URL;
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
  if (lastPage && !lastPage.isClosed()) await lastPage.screenshot({ path: `${ARTIFACTS}/legitimation-end-${++shots}.png`, fullPage: true }).catch(() => {});
});

async function newPage(width = 1366) {
  const context = await browser.newContext({ baseURL: BASE, viewport: { width, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  lastPage = page;
  return page;
}

/** A seller signed up, confirmed by the mailed link and named, through the API as the sign-up pages do. */
async function newSeller(page) {
  const username = `e2e-${Date.now().toString(36)}`;
  const email = `${username}@example.com`;
  const password = 'correct-horse-1';
  let r = await page.request.post('/v1/app/user', { data: { email, password, profile_type: 'seller' } });
  assert.equal(r.status(), 201);
  let token;
  for (let i = 0; i < 100 && !token; i++) {
    const mails = await (await page.request.get(`${MAIL}/api/messages`, { params: { to: email } })).json();
    token = mails.map((m) => /confirmation_token=([\w-]+)/.exec(m.body)?.[1]).find(Boolean);
    if (!token) await page.waitForTimeout(200);
  }
  r = await page.request.post('/v1/app/user/confirmation', { data: { confirmation_token: token, fingerprint: 'e2e' } });
  const auth = { Authorization: `Bearer ${(await r.json()).access_token}` };
  r = await page.request.patch('/v1/app/user', { headers: auth, data: { username, first_name: 'Nora', last_name: 'Neu' } });
  assert.equal(r.status(), 200);
  return { email, password, username };
}

async function signIn(page, user, path) {
  await page.goto(path);
  await page.waitForURL(/\/users\/sign_in/);
  await page.getByTestId('signin-email').fill(user.email);
  await page.getByTestId('signin-password').fill(user.password);
  await page.getByTestId('signin-submit').click();
  await page.waitForURL((url) => url.pathname === new URL(path, BASE).pathname);
}

async function choose(page, id, option) {
  await page.locator(`#profile-${id}`).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function fill(page, id, value) {
  await page.locator(`#profile-${id}`).fill(value);
}

async function next(page) {
  await page.getByRole('button', { name: 'Next' }).click();
}

test('a new seller fills the profile modal, is approved by the manager and can sell', async () => {
  const page = await newPage();
  const seller = await newSeller(page);
  await signIn(page, seller, '/cabinet');
  // the dashboard says what is missing and links to the modal
  const readiness = page.getByTestId('sell-readiness');
  await readiness.waitFor();
  assert.match(await readiness.innerText(), /Fill in your seller profile/);
  await readiness.getByRole('link', { name: 'Finish profile' }).click();
  await page.waitForURL(/\/cabinet\/profile\/edit/);
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();

  // business
  await choose(page, 'businessType', 'Natural person');
  await choose(page, 'vatPayer', 'No');
  await next(page);
  // personal
  await page.getByText('Date of birth').first().waitFor();
  await choose(page, 'salutation', 'None');
  await fill(page, 'firstName', 'Nora');
  await fill(page, 'lastName', 'Neu');
  await fill(page, 'birthday', '1990-05-17');
  await choose(page, 'nationality', 'Germany');
  await fill(page, 'phone', '+49 301 234 5678');
  await fill(page, 'street', 'Torstraße');
  await fill(page, 'streetNumber', '1');
  await fill(page, 'zip', '10119');
  await fill(page, 'city', 'Berlin');
  await choose(page, 'countryCode', 'Germany');
  await next(page);
  // tax: the exempt reason is asked because the seller is not VAT liable
  await page.locator('#profile-vatExemptReason').waitFor();
  await next(page); // nothing filled: the API's messages appear under the fields, the step stays
  await page.getByText('Required').first().waitFor();
  await choose(page, 'vatExemptReason', 'Small business (§ 19 UStG)');
  await choose(page, 'taxNoType', 'Tax number');
  await fill(page, 'taxNo', '21/815/08150');
  await choose(page, 'issuanceCountryCode', 'Germany');
  await next(page);
  // documents and the bank account
  await page.getByText('Identity and company documents').waitFor();
  for (const type of ['id_from_front', 'id_from_back']) {
    await page.locator(`input[data-document-type="${type}"]`).setInputFiles({ name: `${type}.png`, mimeType: 'image/png', buffer: PNG });
    await page.getByText(`${type}.png`).waitFor();
  }
  await page.locator('#bank-holder').fill('Nora Neu');
  await page.locator('#bank-iban').fill('DE00 1234');
  await page.locator('#bank-bic').fill('COBADEFFXXX');
  await page.getByRole('button', { name: 'Add bank account' }).click();
  await page.getByText('This IBAN is not valid').waitFor(); // the API's rule, in words
  await page.locator('#bank-iban').fill('DE89 3704 0044 0532 0130 00');
  await page.getByRole('button', { name: 'Add bank account' }).click();
  await page.getByText('DE89370400440532013000').waitFor();
  await next(page);
  // summary: submit, then the review state
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await page.getByText(/being reviewed|Confirmed, waiting for approval/).first().waitFor();
  await page.screenshot({ path: `${ARTIFACTS}/legitimation-submitted.png`, fullPage: true });
  // progress is kept: the modal opens again on the summary
  await page.keyboard.press('Escape');
  await page.waitForURL((url) => url.pathname === '/cabinet');

  // the manager approves once the provider confirmed
  const manager = await signedInPage(browser, 'manager', '/admin/bank_account_legitimations');
  await manager.getByLabel('Search').fill(seller.username);
  await manager.getByRole('link', { name: 'Nora Neu' }).click();
  const approve = manager.getByRole('button', { name: 'Approve' });
  await manager.waitForFunction(() => {
    const b = [...document.querySelectorAll('button')].find((x) => x.textContent === 'Approve');
    return b && !b.disabled;
  }, null, { timeout: 30_000 });
  await approve.click();
  await manager.getByText(/State: Verified/).waitFor({ timeout: 30_000 });
  await manager.screenshot({ path: `${ARTIFACTS}/legitimation-approved.png`, fullPage: true });

  // the seller can sell: the readiness notice is gone
  await page.goto('/cabinet/profile/edit?seller_profile_edit=true&step=summary');
  await page.getByText('You are verified: you can sell.').waitFor({ timeout: 30_000 });
  await page.goto('/cabinet');
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await page.waitForTimeout(500);
  assert.equal(await page.getByTestId('sell-readiness').count(), 0);
});

test('on a phone the modal is full-screen and a wrong VAT ID is explained', async () => {
  const page = await newPage(390);
  const seller = await newSeller(page);
  await signIn(page, seller, '/cabinet/profile/edit');
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  const box = await dialog.boundingBox();
  assert.ok(box && box.width >= 380, `full-screen dialog, got ${box?.width}`);
  await choose(page, 'businessType', 'Legal entity');
  await choose(page, 'vatPayer', 'Yes');
  await next(page);
  await page.locator('#profile-position').waitFor(); // the representative step of a legal entity
  await fill(page, 'firstName', 'Ada');
  await fill(page, 'lastName', 'Lovelace');
  await fill(page, 'birthday', '1985-12-10');
  await fill(page, 'phone', '+49 301 234 5678');
  await next(page);
  await page.locator('#profile-company').waitFor(); // details
  await fill(page, 'company', 'Engines GmbH');
  await fill(page, 'street', 'Torstraße');
  await fill(page, 'zip', '10119');
  await fill(page, 'city', 'Berlin');
  await choose(page, 'countryCode', 'Germany');
  await next(page); // the provider's address list and the owners are still missing: the step stays
  await page.getByText('Required').first().waitFor();
  await fill(page, 'streetNumber', '1');
  await fill(page, 'registrationLocation', 'Amtsgericht Charlottenburg');
  await page.getByRole('button', { name: 'Add owner' }).click();
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Date of birth').fill('1985-12-10');
  await page.getByLabel('Place of birth').fill('London');
  await page.getByLabel('Country of birth').fill('GB');
  await page.getByLabel('Nationality').fill('GB');
  await next(page);
  await page.locator('#profile-vatId').waitFor(); // tax
  await fill(page, 'vatId', 'DE123456789');
  await next(page);
  await page.getByText("This VAT ID does not match its country's format").waitFor();
});
