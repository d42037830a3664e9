// A page the host painted (a shared ride link's snapshot, ADR 0031) starts the app one frame
// after that paint: the shell's module script, its modulepreloads and the inline script that
// preloads the opened page's chunk are taken out, and public/start-after-paint.js adds them back
// once the first frame is drawn. Fetched or run before it, they delay the first paint on a phone
// by the time they take (Lighthouse counts them into the page's largest paint).
import { escapeHtml } from './escape-html.ts';

export const START_AFTER_PAINT_SCRIPT = '/start-after-paint.js';

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
const PAGE_PRELOADS_SCRIPT = /<script>[^<]*getElementById\('page-preloads'\)[^<]*<\/script>\s*/;

// The shell as built, or unchanged when it is not one (the development server's, a shell
// without its module script): the app must start either way.
export function startAfterPaint(shell: string): string {
  const entry = ENTRY_SCRIPT.exec(shell)?.[1];
  if (!entry || !PAGE_PRELOADS_SCRIPT.test(shell) || !shell.includes('</body>')) return shell;
  const preloads = [...shell.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const loader =
    `<script src="${START_AFTER_PAINT_SCRIPT}" data-entry="${escapeHtml(entry)}"` +
    ` data-preloads="${escapeHtml(JSON.stringify(preloads))}" defer></script>`;
  return shell
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(PAGE_PRELOADS_SCRIPT, '')
    .replace('</body>', () => `  ${loader}\n  </body>`);
}
