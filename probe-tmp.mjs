import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await b.newContext(); const page = await ctx.newPage();
await page.goto('http://127.0.0.1:4323/search/new-used-and-demo-cars/');
await page.locator('[data-stock-search="ready"]').waitFor({ state: 'attached' });
await page.evaluate(() => {
  window.__log = [];
  new MutationObserver((ms) => { for (const m of ms) for (const n of [...m.removedNodes, ...m.addedNodes]) if (n.nodeType === 1 && (n.matches?.('button') || n.querySelector?.('button'))) window.__log.push([Math.round(performance.now()), m.addedNodes.length ? 'add' : 'rm', n.tagName, (n.textContent||'').slice(0, 40)]); }).observe(document.body, { childList: true, subtree: true });
});
const make = process.argv[2];
await page.getByRole('checkbox', { name: new RegExp(`^${make} \\d+ vehicles?$`) }).first().check();
await page.waitForTimeout(4000);
const log = await page.evaluate(() => window.__log);
console.log(log.length); console.log(log.slice(0, 20)); console.log(log.slice(-10));
await b.close();
