// Issue 19 in a real browser, over every route the web app has: each page of the cabinet (as the demo seller), the
// admin (as the manager), the publisher area (as the demo publisher), the team member area (as the demo team member), the shop and the public pages, in English and German, at one screen size per scenario
// file (pages_laptop.e2e.mjs: 1366 px, pages_phone.e2e.mjs: a 390 px phone; two files, so two test processes can
// take one each); each page in one language per size, the other language at the other size (everyPage). On each: nothing scrolls sideways, axe-core finds no serious or critical accessibility violation,
// and no catalogue key shows where a word should be (an untranslated string).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { launch, shot, signedInState, DEMO } from './browser.mjs';

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');
const BASE = process.env.SELLFLOW_URL;
const en = JSON.parse(readFileSync(new URL('../../web/src/i18n/en.json', import.meta.url), 'utf8'));
// a missing word shows as its key: `domains.awaited.txt`; the catalogue's namespaces make such keys findable
const KEY = new RegExp(`\\b(?:${Object.keys(en).join('|')})\\.[A-Za-z_]+(?:\\.[A-Za-z_]+)*\\b`);

const CABINET = [
  '/cabinet',
  '/cabinet/orders',
  '/cabinet/order_rates',
  '/cabinet/recovery',
  '/cabinet/transfers',
  '/cabinet/invoices',
  '/cabinet/platform_invoices',
  '/cabinet/payouts',
  '/cabinet/bookkeeping_export',
  '/cabinet/products',
  '/cabinet/courses/overview',
  '/cabinet/check_in',
  '/cabinet/coupons',
  '/cabinet/checkout_settings',
  '/cabinet/claims',
  '/cabinet/profile/edit?seller_profile_edit=true',
  '/cabinet/domains',
  '/cabinet/settings/payment_settings',
  '/cabinet/settings/account_deletion',
  '/cabinet/affiliate_programs',
  '/cabinet/affiliate_nodes',
  '/cabinet/affiliate_statistics',
  '/cabinet/team_members',
  '/cabinet/settings/reseller',
  '/cabinet/affiliate_marketplace?tab=products',
  '/cabinet/settings/notifications',
  '/cabinet/webhooks',
];
const PUBLISH = ['/publish', '/publish/affiliate_programs', '/publish/affiliate_marketplace', '/publish/orders', '/publish/transfers', '/publish/payouts', '/publish/embeddable_items', '/publish/profile/edit', '/publish/affiliate_marketplace/1', '/publish/statistics', '/publish/statistics_affiliate', '/publish/affiliate_marketplace?tab=products', '/publish/affiliate_marketplace?tab=publishers', '/publish/details', '/publish/support', '/publish/email_notification'];
const TEAM = ['/team_member', '/team_member/invites', '/team_member/details', '/team_member/support', '/team_member/orders', '/team_member/transfers', '/team_member/payouts', '/team_member/profile/edit'];
const ADMIN = ['/admin/ops', '/admin/bank_accounts', '/admin/bank_account_legitimations', '/admin/product_reviews', '/admin/incoming_transfers', '/admin/reseller_requests'];
const PUBLIC = ['/', '/users/sign_in', '/users/sign_up', `/s/${DEMO.seller.username}`, '/no-such-page'];
const SIZES = [
  { name: '1366', viewport: { width: 1366, height: 900 } },
  { name: '390', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
];
const LANGS = [
  { lang: 'en', locale: 'en-US' },
  { lang: 'de', locale: 'de-DE' },
];

let browser;

before(async () => {
  browser = await launch();
});

after(async () => {
  await browser?.close();
});

/** The page's requests in flight, and when the last one ended (a page's `quiet` state, kept from its first request). */
function tracked(page) {
  const net = { inflight: 0, last: Date.now() };
  const done = () => {
    net.inflight -= 1;
    net.last = Date.now();
  };
  page.on('request', () => {
    net.inflight += 1;
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  page.net = net;
  return page;
}

/** The page settled: no request in flight for 150 ms (Playwright's `networkidle` waits 500 ms, a third of each
 * visit), then no skeleton or spinner left (a page that keeps polling may keep one; then go on). */
async function settled(page) {
  await page.waitForLoadState('load', { timeout: 15_000 }).catch(() => {});
  const until = Date.now() + 15_000;
  while (Date.now() < until && (page.net.inflight > 0 || Date.now() - page.net.last < 150)) {
    await new Promise((r) => setTimeout(r, 25));
  }
  await page
    .waitForFunction(() => !document.querySelector('.MuiSkeleton-root, [role="progressbar"]'), null, { timeout: 8_000 })
    .catch(() => {});
}

/** What is wrong with the page as it is now: sideways scrolling, serious or critical axe findings, raw keys. */
async function check(page, label, lang, problems) {
  await settled(page);
  const found = [];
  const declared = await page.evaluate(() => document.documentElement.lang);
  if (declared !== lang) found.push(`reads as "${declared}", not ${lang}`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 1) found.push(`scrolls ${overflow}px sideways`);
  // colours as they end, not halfway through a button's transition (axe reads the computed colour of the moment)
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${(n.html || '').slice(0, 160)}`).join(' | ')}`);
  });
  found.push(...violations);
  const text = await page.evaluate(() => document.body.innerText);
  const key = KEY.exec(text);
  if (key) found.push(`shows the key ${key[0]}`);
  if (found.length) {
    problems.push(`${label}: ${found.join('; ')}`);
    await shot(page, `pages-${label.replace(/[^a-z0-9]+/gi, '-')}`);
  }
}

/** A visit's browser context: one per role and language within a part of the walk, so the web app's scripts come
 * from the browser's cache after the first page, as they do for a person clicking through (`contexts` is the part's). */
async function contextFor(contexts, role, size, locale) {
  const key = `${role} ${locale}`;
  if (!contexts.has(key)) {
    // the audit adds axe-core to each page as an inline script, which the pages' Content-Security-Policy refuses
    const options = { baseURL: BASE, viewport: size.viewport, locale, bypassCSP: true, ...(size.isMobile ? { isMobile: true, hasTouch: true } : {}) };
    const storageState = role === 'visitor' ? undefined : await signedInState(browser, role);
    contexts.set(key, await browser.newContext({ ...options, ...(storageState ? { storageState } : {}) }));
  }
  return contexts.get(key);
}

async function visit({ role, path, lang: { lang, locale } }, size, problems, contexts) {
  const label = `${role} ${lang} ${size.name} ${path}`;
  const page = tracked(await (await contextFor(contexts, role, size, locale)).newPage());
  page.setDefaultTimeout(30_000);
  await page.goto(path);
  if (role !== 'visitor') {
    const want = new URL(path, BASE).pathname;
    await page.waitForURL((url) => url.pathname === want);
  }
  await check(page, label, lang, problems);
  // a page's own sub-pages: the first product's editor and product page, the first order's details
  if (path === '/cabinet/products' || path === '/cabinet/orders' || path === `/s/${DEMO.seller.username}`) {
    const link = page.locator('main a[href*="/edit"], main a[href^="/cabinet/orders/"], main a[href^="/s/"]').first();
    if (await link.count()) {
      await link.click();
      await page.waitForURL((url) => url.pathname !== new URL(path, BASE).pathname, { timeout: 10_000 }).catch(() => {});
      await check(page, `${label} → ${new URL(page.url()).pathname}`, lang, problems);
    }
  }
  await page.close();
}

const ROUTES = [
  ...PUBLIC.map((path) => ({ role: 'visitor', path })),
  ...CABINET.map((path) => ({ role: 'seller', path })),
  ...ADMIN.map((path) => ({ role: 'manager', path })),
  ...PUBLISH.map((path) => ({ role: 'publisher', path })),
  ...TEAM.map((path) => ({ role: 'team', path })),
];

/** The scenario at one screen size (`1366` or `390`). Each page is seen in one language per size, the languages
 * alternating down the list and swapped between the two sizes: every page is checked at both sizes and in both
 * languages (German's longer words at 1366 for half the pages, on the phone for the other half) in half the visits
 * of every size × every language, which had made the browser stage run past its budget on CI (2026-11-26). The list
 * is walked in two halves side by side, since much of a visit is waiting for the page to settle. */
export function everyPage(sizeName) {
  const size = SIZES.find((x) => x.name === sizeName);
  const offset = SIZES.indexOf(size);
  const visits = ROUTES.map((route, i) => ({ ...route, lang: LANGS[(i + offset) % LANGS.length] }));
  const halves = [visits.filter((_, i) => i % 2 === 0), visits.filter((_, i) => i % 2 === 1)];
  describe('every page', { concurrency: 2 }, () => {
    for (const [n, half] of halves.entries()) {
      it(`every page at ${size.name} px, part ${n + 1} of 2: no sideways scrolling, no serious accessibility finding, no raw key`, async () => {
        const problems = [];
        const contexts = new Map();
        try {
          for (const v of half) await visit(v, size, problems, contexts);
        } finally {
          for (const context of contexts.values()) await context.close();
        }
        assert.deepEqual(problems, [], problems.join('\n'));
      });
    }
  });
}
