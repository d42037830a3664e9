import { execSync } from 'node:child_process';
import { chromium } from 'playwright-core';
const url = process.argv[2];
const flags = ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--no-first-run','--disable-sync', ...(process.argv[3] ? process.argv[3].split(' ') : [])];
function cpu(): number {
  // total CPU ticks of all chromium + node server processes
  const out = execSync("ps -eo times,comm,args | grep -E 'chromium|server/main' | grep -v grep | awk '{s+=$1} END {print s}'").toString();
  return Number(out.trim());
}
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: flags });
for (const mode of (process.env.MODES ?? 'allow,block,allow,block').split(',') as ('allow'|'block')[]) {
  const before = cpu(); const self0 = process.cpuUsage();
  const t = Date.now();
  for (let i = 0; i < 10; i++) {
    const ctx = await browser.newContext({ baseURL: url, serviceWorkers: mode, viewport: { width: 375, height: 812 } });
    if (process.env.ROUTE === 'fn') await ctx.route((u) => u.hostname !== '127.0.0.1', (r) => r.abort());
    if (process.env.ROUTE === 're') await ctx.route(/^(?!https?:\/\/(?:127\.0\.0\.1|localhost)(?::\d+)?\/)/, (r) => r.abort());
    const page = await ctx.newPage();
    await page.goto('/home');
    await page.locator('main h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    if (mode === 'allow') await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.waitForTimeout(1500);
    await ctx.close();
  }
  const su = process.cpuUsage(self0); console.log(mode, 'cpu s', cpu() - before, 'client cpu ms', Math.round((su.user + su.system) / 1000), 'wall ms', Date.now() - t);
}
await browser.close();
