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
