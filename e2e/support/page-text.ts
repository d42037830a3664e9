// Reading a page on a phone as a person would: opened and settled (its data on screen, the
// network quiet, no spinner), then every folded section, each tab and the menu opened, and what
// it shows collected: visible text and the labels read aloud, without what members entered
// (translate="no"). Also how it fits the phone. e2e/languages.test.ts judges what is read.
//
// Playwright's own waits, not Vitest's expect.poll: the languages file reads its pages in a
// beforeAll, where expect.poll refuses to run.
import type { BrowserContext, Page } from 'playwright-core';

// What the page shows: visible text and the labels read aloud, without member-entered data.
export interface Seen {
  // Visible text, one string per block (a paragraph, a button, a cell); a skipped
  // translate="no" part reads "‹…›".
  texts: string[];
  // aria-label, placeholder, title, alt … of rendered elements, and the document's title.
  labels: string[];
}

// Runs in the page. Only arrow functions, so nothing the test runner adds to named functions
// ends up in the serialised source.
export const collectSeen = (): Seen => {
  const pageLang = document.documentElement.lang.toLowerCase();
  const excluded = (element: Element): boolean => {
    const untranslated = element.closest('[translate]');
    if (untranslated && untranslated.getAttribute('translate') === 'no') return true;
    // Text declared in another language on purpose (the picker's "English", "简体中文").
    const declared = element.closest('[lang]');
    if (declared && declared !== document.documentElement) {
      const lang = declared.getAttribute('lang')?.toLowerCase() ?? '';
      if (lang && !pageLang.startsWith(lang.split('-')[0])) return true;
    }
    return false;
  };
  const rendered = (element: Element): boolean => {
    // Options have no box of their own: they show when their select does.
    const box = element.closest('select') ?? element;
    return box.checkVisibility({ visibilityProperty: true, checkVisibilityCSS: true } as CheckVisibilityOptions);
  };
  const blockCache = new Map<Element, Element>();
  const blockOf = (element: Element): Element => {
    const cached = blockCache.get(element);
    if (cached) return cached;
    let block: Element = element;
    while (block.parentElement && block !== document.body) {
      const display = getComputedStyle(block).display;
      if (!display.startsWith('inline') && display !== 'contents') break;
      block = block.parentElement;
    }
    blockCache.set(element, block);
    return block;
  };

  const blocks = new Map<Element, string[]>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => {
      if (node.nodeType === Node.ELEMENT_NODE) {
        const element = node as Element;
        if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'svg'].includes(element.tagName))
          return NodeFilter.FILTER_REJECT;
        if (element.getAttribute('translate') === 'no' && element.parentElement && rendered(element)) {
          const block = blockOf(element.parentElement);
          blocks.set(block, [...(blocks.get(block) ?? []), '‹…›']);
        }
        return excluded(element) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_SKIP;
      }
      return NodeFilter.FILTER_ACCEPT;
    },
  });
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    const text = node.textContent ?? '';
    // A space between two elements is kept: it is what keeps "1:10 PG" and "Anda" two words.
    if (!parent || !rendered(parent)) continue;
    const block = blockOf(parent);
    blocks.set(block, [...(blocks.get(block) ?? []), text]);
  }
  const texts = [...blocks.values()]
    .map((parts) => parts.join('').replace(/\s+/g, ' ').trim())
    .filter((text) => text && text !== '‹…›');

  const labels: string[] = [document.title];
  const attributes = [
    'aria-label',
    'aria-description',
    'aria-roledescription',
    'aria-valuetext',
    'aria-placeholder',
    'placeholder',
    'title',
    'alt',
  ];
  for (const element of document.body.querySelectorAll(attributes.map((name) => `[${name}]`).join(','))) {
    if (excluded(element) || element.closest('[aria-hidden="true"]') || !rendered(element)) continue;
    for (const name of attributes) {
      const value = element.getAttribute(name)?.trim();
      if (value) labels.push(value);
    }
  }
  for (const input of document.body.querySelectorAll<HTMLInputElement>(
    'input[type="submit"], input[type="button"], input[type="reset"]',
  )) {
    if (!excluded(input) && rendered(input) && input.value.trim()) labels.push(input.value.trim());
  }
  return { texts, labels };
};

// ---------------------------------------------------------------------------------------------
// Opening and reading a page.

// Requests in flight per page, counted from its opening (waitForLoadState('networkidle') only
// waits once, after the navigation, not after a tab or section opens).
const inFlight = new WeakMap<Page, Set<unknown>>();
function trackRequests(page: Page) {
  const pending = new Set<unknown>();
  inFlight.set(page, pending);
  page.on('request', (request) => pending.add(request));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
}

async function networkQuiet(page: Page) {
  const pending = inFlight.get(page);
  if (!pending) return;
  const deadline = Date.now() + 10_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (pending.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 400) return;
    await page.waitForTimeout(100);
  }
}

async function settle(page: Page, { heading = true } = {}) {
  if (heading) await page.locator('main h1').first().waitFor({ timeout: 15_000 });
  await networkQuiet(page);
  await page.waitForFunction(() => !document.querySelector('main .spinner, main .skeleton'), undefined, {
    timeout: 15_000,
  });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

// Opens path in a new page of context and waits until it settled; `ready` is a language-neutral
// sign that the page's own data is on screen.
export async function openSettled(context: BrowserContext, path: string, ready?: string): Promise<Page> {
  const page = await context.newPage();
  trackRequests(page);
  await page.goto(path);
  if (ready) await page.locator(ready).first().waitFor({ timeout: 15_000 });
  await settle(page);
  return page;
}

// How a page fits the phone: its width, and the controls whose own text is cut off.
export async function fitOf(page: Page): Promise<{ width: number; clipped: string[] }> {
  return page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    clipped: [...document.querySelectorAll<HTMLElement>('button, a.btn, .badge')]
      // An icon button (named by aria-label) wears its count over its corner on purpose.
      .filter((element) => !element.closest('[aria-hidden="true"], [aria-label]'))
      .filter((element) => element.offsetParent !== null && element.scrollWidth > element.clientWidth + 1)
      .map((element) => (element.textContent ?? '').trim().slice(0, 60)),
  }));
}

// Opens what a person would open to read it all: folded sections, each tab, the menu.
export async function readWholePage(page: Page): Promise<Seen> {
  const seen: Seen = { texts: [], labels: [] };
  const add = async () => {
    const folded = await page.evaluate(() => {
      const closed = [...document.querySelectorAll('main details:not([open])')];
      closed.forEach((details) => details.setAttribute('open', ''));
      return closed.length;
    });
    // What an opened section loads.
    if (folded) await settle(page, { heading: false });
    const now = await page.evaluate(collectSeen);
    seen.texts.push(...now.texts);
    seen.labels.push(...now.labels);
  };
  await add();
  const tabs = page.locator('main [role="tab"]');
  const tabCount = await tabs.count();
  for (let index = 0; index < tabCount; index += 1) {
    const tab = tabs.nth(index);
    if ((await tab.getAttribute('aria-selected')) === 'true' || !(await tab.isVisible())) continue;
    await tab.click();
    await tab.and(page.locator('[aria-selected="true"]')).waitFor({ timeout: 5_000 });
    // A tab's panel may have no heading of its own (the ride's passengers).
    await settle(page, { heading: false });
    await add();
  }
  const menuButton = page.locator('header nav button[aria-expanded="false"]:visible');
  if (await menuButton.count()) {
    await menuButton.first().click();
    await page.locator('header select:visible').waitFor();
    await add();
  }
  return seen;
}

// Runs work over items at most `size` at a time; the answers keep the items' order.
export async function inPool<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const answers: R[] = new Array(items.length);
  let next = 0;
  const runner = async () => {
    while (next < items.length) {
      const index = next++;
      answers[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, runner));
  return answers;
}
