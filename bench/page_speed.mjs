// A page as a buyer's phone gets it (bench/storefront.py): headless Chromium at 390 px with a 4x slower CPU over a
// throttled fast-4G network, a fresh context per load. Prints one JSON line: the median largest contentful paint,
// the worst total blocking time and the gzipped JavaScript loaded before Buy is pressed.
import { chromium } from 'playwright-core';

// the third argument: what shows the page's Buy button (a built page's link; the web app's checkout its pay button)
const [url, loadsArg, buySelector = 'a.buy'] = process.argv.slice(2);
const loads = Number(loadsArg || 5);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const lcps = [];
const tbts = [];
const jsBytes = [];
for (let i = 0; i < loads; i += 1) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  // Chrome DevTools' "Fast 4G" preset
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 165,
    downloadThroughput: (9000 * 1000) / 8 * 0.9,
    uploadThroughput: (1500 * 1000) / 8 * 0.9,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let scripts = 0;
  cdp.on('Network.loadingFinished', () => {});
  const types = new Map();
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  cdp.on('Network.loadingFinished', (e) => {
    if (types.get(e.requestId) === 'Script') scripts += e.encodedDataLength;
  });
  await page.addInitScript(() => {
    window.__lcp = 0;
    window.__tbt = 0;
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) window.__lcp = e.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) window.__tbt += Math.max(0, e.duration - 50);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(url, { waitUntil: 'load' });
  try {
    await page.locator(buySelector).first().waitFor({ timeout: 30_000 }); // a web app page draws it after its scripts
  } catch (e) {
    const text = (await page.locator('body').innerText()).replace(/\s+/g, ' ').slice(0, 900);
    throw new Error(`${buySelector} never showed on ${url}; the page said: ${text}`);
  }
  await page.waitForTimeout(1500); // LCP settles; long tasks after load count too
  const { lcp, tbt } = await page.evaluate(() => ({ lcp: window.__lcp, tbt: window.__tbt }));
  const buy = page.locator(buySelector).first();
  if (!(await buy.count())) throw new Error('no Buy button on the page');
  lcps.push(lcp);
  tbts.push(tbt);
  jsBytes.push(scripts);
  await context.close();
}
await browser.close();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(JSON.stringify({ lcp_ms: median(lcps), tbt_ms: Math.max(...tbts), js_kb: Math.max(...jsBytes) / 1024, lcps, tbts }));
