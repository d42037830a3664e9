// The privacy notice and the community rules on a phone (375 × 812, issue 26 §2): both pages open
// from the footer and render in English, 中文 and Melayu, each with its version date, axe clean
// and no wider than the screen; registering links both and needs them accepted.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { PRIVACY_VERSION, RULES_VERSION } from '../supabase/functions/_shared/policies.ts';
import { startApp } from './support/app-host.ts';
import { e2eAvailability, expectAccessible, launchChromium, newAppContext } from './support/browser.ts';
import { expectPath, PASSWORD, username } from './support/journey-kit.ts';

const availability = e2eAvailability();

type Language = 'en' | 'zh' | 'ms';
// The pages' titles and a line of each, as the catalogues have them: a page left in English
// would not show them.
const PAGES: Record<Language, { privacy: string; rules: string; privacyLine: RegExp; rulesLine: RegExp }> = {
  en: {
    privacy: 'Privacy notice',
    rules: 'Community rules',
    privacyLine: /Ride chat messages: 90 days after the ride/,
    rulesLine: /Be on time/,
  },
  zh: { privacy: '隐私声明', rules: '社区守则', privacyLine: /行程聊天消息：行程结束后 90 天/, rulesLine: /准时/ },
  ms: {
    privacy: 'Notis privasi',
    rules: 'Peraturan komuniti',
    privacyLine: /Mesej sembang perjalanan: 90 hari selepas perjalanan/,
    rulesLine: /Tepati masa/,
  },
};

async function expectFitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

describe.skipIf(!availability.run)('the privacy notice and community rules on a phone', () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let browser: Browser;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function contextIn(language: Language): Promise<BrowserContext> {
    const context = await newAppContext(browser, 'phone', app.url);
    await context.addInitScript((chosen) => localStorage.setItem('fc-language', chosen), language);
    return context;
  }

  it('opens both from the footer in English', async () => {
    const context = await contextIn('en');
    try {
      const page = await context.newPage();
      await page.goto('/home');
      const footer = page.getByRole('contentinfo');
      await footer.getByRole('link', { name: 'Privacy notice' }).click();
      await page.getByRole('heading', { level: 1, name: 'Privacy notice' }).waitFor();
      expect(page.url()).toMatch(/\/privacy$/);
      await footer.getByRole('link', { name: 'Community rules' }).click();
      await page.getByRole('heading', { level: 1, name: 'Community rules' }).waitFor();
      expect(page.url()).toMatch(/\/rules$/);
    } finally {
      await context.close();
    }
  });

  it.each(['en', 'zh', 'ms'] as const)('renders both pages in %s, axe clean, within 375 px', async (language) => {
    const context = await contextIn(language);
    try {
      const page = await context.newPage();
      const texts = PAGES[language];
      for (const [path, title, line, version] of [
        ['/privacy', texts.privacy, texts.privacyLine, PRIVACY_VERSION],
        ['/rules', texts.rules, texts.rulesLine, RULES_VERSION],
      ] as const) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        await page.getByText(line).first().waitFor();
        expect(await page.locator(`main time[datetime="${version}"]`).count()).toBe(1);
        expect(await page.title()).toContain(title);
        await expectFitsThePhone(page);
        await expectAccessible(page, `${path} in ${language}`);
      }
    } finally {
      await context.close();
    }
  });

  it('registration links both documents and needs them accepted', async () => {
    const context = await contextIn('en');
    try {
      const page = await context.newPage();
      await page.goto('/auth');
      await page.getByRole('tab', { name: 'Register' }).click();
      const form = page.getByRole('form', { name: 'Register' });
      const box = form.getByRole('checkbox', {
        name: 'I have read and accept the privacy notice and the community rules.',
      });
      expect(await box.isChecked()).toBe(false);
      expect(await form.getByRole('link', { name: 'privacy notice' }).getAttribute('href')).toBe('/privacy');
      expect(await form.getByRole('link', { name: 'community rules' }).getAttribute('href')).toBe('/rules');

      const name = username('accept');
      await form.getByLabel('Discord username', { exact: true }).fill(name);
      await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await form.getByRole('button', { name: 'Register' }).click();
      await form.getByText('Please accept the privacy notice and community rules').waitFor();
      expect(await box.getAttribute('aria-invalid')).toBe('true');
      expect(new URL(page.url()).pathname).toBe('/auth');
      await expectFitsThePhone(page);
      await expectAccessible(page, 'register, acceptance missing');

      // The privacy notice opens in a tab of its own: the form keeps what was typed.
      const [notice] = await Promise.all([
        context.waitForEvent('page'),
        form.getByRole('link', { name: 'privacy notice' }).click(),
      ]);
      await notice.getByRole('heading', { level: 1, name: 'Privacy notice' }).waitFor();
      await notice.close();
      expect(await form.getByLabel('Discord username', { exact: true }).inputValue()).toBe(name);

      await box.check();
      await form.getByRole('button', { name: 'Register' }).click();
      await expectPath(page, /^\/home$/);
      const me = await (await context.request.get('/api/auth/me')).json();
      expect(me.acceptedPolicies).toEqual({ privacy: PRIVACY_VERSION, rules: RULES_VERSION });
      // Accepted at registration: no prompt to accept again.
      await page.getByRole('link', { name: 'Create New Ride' }).waitFor();
      expect(await page.getByRole('complementary', { name: 'Privacy notice and community rules' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
