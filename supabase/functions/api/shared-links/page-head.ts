// Rewrites the app shell's <head> for one shared link (ADR 0020): the title, the description and
// the Open Graph / Twitter tags a chat app reads for its preview, and optionally the page's data
// as a JSON block the PWA seeds its query cache from. Any page (a ride, later a ride request)
// hands in its card; nothing here knows what a ride is.
import { escapeHtml } from './escape-html.ts';
import { startAfterPaint } from './start-after-paint.ts';

export interface PageCard {
  title: string;
  description: string;
  // Absolute: crawlers do not resolve a relative og:url or og:image.
  url: string;
  image: { url: string; width: number; height: number; alt: string };
}

// The data block: the PWA reads `#<id>`'s text as JSON (src/lib/embedded-data.ts).
export interface EmbeddedData {
  id: string;
  value: unknown;
}

// JSON inside <script type="application/json">: no `<` may end the element or open a comment,
// and `&`/`>` go too so the text means the same to any parser. JSON.parse reads them back.
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function cardTags(card: PageCard): string {
  const meta = (key: 'name' | 'property', name: string, content: string | number) =>
    `<meta ${key}="${name}" content="${escapeHtml(String(content))}" />`;
  return [
    `<title>${escapeHtml(card.title)}</title>`,
    meta('name', 'description', card.description),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', 'FC RideShare'),
    meta('property', 'og:title', card.title),
    meta('property', 'og:description', card.description),
    meta('property', 'og:url', card.url),
    meta('property', 'og:image', card.image.url),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', card.image.width),
    meta('property', 'og:image:height', card.image.height),
    meta('property', 'og:image:alt', card.image.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', card.title),
    meta('name', 'twitter:description', card.description),
    meta('name', 'twitter:image', card.image.url),
    meta('name', 'twitter:image:alt', card.image.alt),
  ].join('\n    ');
}

// The shell's own <title> and description give way to the card's; the rest of the page, its
// inline scripts (allowed by hash) included, is left byte for byte as built.
export function withPageHead(shell: string, card: PageCard, data?: EmbeddedData, snapshot?: string): string {
  const withoutOwn = shell.replace(/<title>[^<]*<\/title>\s*/i, '').replace(/<meta name="description"[^>]*>\s*/i, '');
  const block = data
    ? `\n    <script type="application/json" id="${escapeHtml(data.id)}">${jsonForScript(data.value)}</script>`
    : '';
  const withHead = withoutOwn.replace(/<\/head>/i, () => `  ${cardTags(card)}${block}\n  </head>`);
  // Markup painted before the scripts run, which wait for that paint; React's first render
  // replaces it (createRoot clears the container). Built from escaped text by the page's module.
  if (!snapshot) return withHead;
  return startAfterPaint(withHead.replace('<div id="root"></div>', () => `<div id="root">${snapshot}</div>`));
}
