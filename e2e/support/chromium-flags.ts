// Which Chromium and how it starts, for the browser suites (browser.ts) and the one Chromium they
// share (shared-chromium.ts, a Vitest globalSetup, where the test helpers cannot be imported).
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// The flags every Chromium here starts with: no sandbox as root, and no calls home.
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
