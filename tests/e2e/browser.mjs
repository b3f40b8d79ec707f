// What every browser scenario shares: Debian's Chromium driven headless by playwright-core, the folder for
// screenshots (ARTIFACTS, kept with the stack's data by tests/e2e/test_browser.py) and a full-page screenshot.
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

export const ARTIFACTS = process.env.ARTIFACTS || '/tmp/sellflow-e2e';
mkdirSync(ARTIFACTS, { recursive: true });

/** Chromium as every scenario starts it; `extraArgs` for a scenario's own flags (e.g. host resolver rules). */
export function launch(extraArgs = []) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu', '--disable-component-update',
      '--disable-sync', '--no-first-run', '--disable-quic', ...extraArgs],
  });
}

/** A full-page screenshot under ARTIFACTS; a page that is closing is not an error. */
export async function shot(page, name) {
  await page.screenshot({ path: `${ARTIFACTS}/${name}.png`, fullPage: true }).catch(() => {});
}

/** localstripe's Stripe.js shim renders plain inputs into a card element: a card valid through 12/31. */
export async function fillCard(page, number, selector = '#card-element') {
  const card = page.locator(selector);
  await card.locator('input[placeholder="number"]').waitFor();
  await card.locator('input[placeholder="number"]').fill(number);
  await card.locator('input[placeholder="exp_month"]').fill('12');
  await card.locator('input[placeholder="exp_year"]').fill('31');
  await card.locator('input[placeholder="cvc"]').fill('123');
  await card.locator('input[placeholder="postal_code"]').fill('10115');
}
