import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--headless'] });
for (const throttle of [true]) {
const ctx = await b.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Network.enable');
if (throttle) { await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 200000, uploadThroughput: 93750 });
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 }); }
await page.goto('http://localhost:3917/scent/DEMO1', { waitUntil: 'load' });
await page.waitForTimeout(4000);
console.log(JSON.stringify(await page.evaluate(() => {
  const n = performance.getEntriesByType('navigation')[0];
  return { responseStart: n.responseStart, responseEnd: n.responseEnd, domInteractive: n.domInteractive, dcl: n.domContentLoadedEventStart, load: n.loadEventStart, paints: performance.getEntriesByType('paint').map(p => [p.name, Math.round(p.startTime)]), transfer: n.transferSize,
   res: performance.getEntriesByType('resource').map(e => [new URL(e.name).pathname.slice(0,40), Math.round(e.startTime), Math.round(e.responseEnd), e.transferSize]) };
}), null, 0));
await ctx.close();
}
await b.close();
