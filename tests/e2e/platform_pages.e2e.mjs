// The platform's own pages (core §2 `/plans`, `/terms`, `/privacy`, `/imprint`, issue 49): a visitor of the landing
// page finds the plans and the operator's documents in its footer, at 1366 px in English and at 390 px in German,
// each page in their language and nothing to scroll sideways.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, shot, noSideways } from './browser.mjs';

const BASE = process.env.SELLFLOW_URL;
let browser;

before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

for (const [width, height, locale] of [
  [1366, 900, 'en-US'],
  [390, 844, 'de-DE'],
]) {
  test(`the plans and the documents from the landing page's footer at ${width} px in ${locale}`, async () => {
    const context = await browser.newContext({ baseURL: BASE, locale, viewport: { width, height } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const de = locale.startsWith('de');
    await page.goto('/');
    await page.getByTestId('platform-footer').waitFor();
    await page.getByTestId('platform-footer').getByRole('link', { name: de ? 'Tarife und Gebühren' : 'Plans and fees' }).click();
    await page.waitForURL(/\/plans$/);
    await page.getByTestId('platform-plan').first().waitFor();
    assert.match(await page.getByTestId('platform-plan').first().innerText(), /Standard[\s\S]*4[.,]9\s?%/);
    await noSideways(page);
    await shot(page, `platform-plans-${width}-${locale}`);
    for (const [name, heading] of de
      ? [['Impressum', /Impressum \(Angaben gemäß § 5 DDG\)/], ['Nutzungsbedingungen', /Nutzungsbedingungen der Plattform/], ['Datenschutzerklärung', /Verantwortlicher/]]
      : [['Imprint', /Imprint \(information according to § 5 DDG\)/], ['Terms of use', /Terms of use of the Sellflow platform/], ['Privacy policy', /Controller/]]) {
      await page.getByTestId('platform-footer').getByRole('link', { name }).click();
      await page.getByTestId('platform-document').getByText(heading).first().waitFor();
      await noSideways(page);
    }
    await shot(page, `platform-privacy-${width}-${locale}`);
    await context.close();
  });
}

test('an unsubscribe link that is not ours says so and stops nothing', async () => {
  const context = await browser.newContext({ baseURL: BASE, locale: 'de-DE', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await page.goto('/emails/unsubscribe/not-a-real-token-0123456789');
  await page.getByText('Dieser Abmeldelink ist nicht gültig').waitFor();
  assert.equal(await page.getByTestId('unsubscribe-confirm').count(), 0);
  await noSideways(page);
  await context.close();
});
