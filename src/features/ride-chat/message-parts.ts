// A message's text as plain parts and web links. Only http(s) addresses become links (never
// javascript: or data:); punctuation that ends a sentence stays outside the link.
export type MessagePart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const LINK = /https?:\/\/[^\s<>"]+/gi;
const TRAILING = /[.,;:!?)\]}'"]+$/;

export function messageParts(body: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  for (const match of body.matchAll(LINK)) {
    const start = match.index;
    const address = match[0].replace(TRAILING, '');
    let href: string | null = null;
    try {
      const url = new URL(address);
      if (url.protocol === 'http:' || url.protocol === 'https:') href = url.href;
    } catch {
      // Not an address after all: it stays text.
    }
    if (!href || address === '') continue;
    if (start > last) parts.push({ kind: 'text', text: body.slice(last, start) });
    parts.push({ kind: 'link', text: address, href });
    last = start + address.length;
  }
  if (last < body.length) parts.push({ kind: 'text', text: body.slice(last) });
  return parts;
}
