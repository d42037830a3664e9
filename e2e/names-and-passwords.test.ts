// Issue 22 §6 and §7 on a phone (375 × 812, touch), read in 中文: registering as a lookalike of
// "admin", or with one of the most common passwords, is refused, and the member is told why in
// their language (the api's refusal codes, translated by the app).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startApp } from './support/app-host.ts';
import { e2eAvailability, launchChromium, newAppContext } from './support/browser.ts';
import { PASSWORD, username } from './support/journey-kit.ts';

const availability = e2eAvailability();

describe.skipIf(!availability.run)('names that cannot pose and common passwords, on a phone in 中文', () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchChromium();
    context = await newAppContext(browser, 'phone', app.url);
    // As the language picker stores it.
    await context.addInitScript(() => localStorage.setItem('fc-language', 'zh'));
  });

  afterAll(async () => {
    await context?.close().catch(() => {});
    await browser?.close();
    await app?.close();
  });

  async function registerInForm(page: Page, discordUsername: string, password: string) {
    await page.goto('/auth');
    await page.locator('#tab-register').tap();
    const panel = page.locator('#panel-register');
    await panel.locator('input[autocomplete="username"]').fill(discordUsername);
    await panel.locator('input[autocomplete="new-password"]').fill(password);
    // The privacy notice and community rules, accepted (issue 26 §2): the form's last checkbox.
    await panel.locator('input[type="checkbox"]').last().check();
    await panel.locator('button[type="submit"]').tap();
  }

  it('refuses ɑdmin (a Latin alpha for the a) and admin_, saying the name is reserved', async () => {
    const page = await context.newPage();
    for (const name of ['ɑdmin', 'admin_']) {
      await registerInForm(page, name, PASSWORD);
      await page.getByText('该 Discord 用户名为保留名称，请换一个。').first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/auth');
    }
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
    await page.close();
  });

  it('refuses one of the most common passwords, saying why', async () => {
    const page = await context.newPage();
    await registerInForm(page, username('weakpw'), 'password123');
    await page.getByText('该密码是最常见的密码之一，最容易被猜中，请换一个。').first().waitFor();
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
    await page.close();
  });
});
