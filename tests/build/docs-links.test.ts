// Every relative link in the README and the manual (docs/, its decisions too) reaches a file, a
// folder or a heading that exists (issue 38 §4): the manual is pages that link each other and the
// README's sections, so a renamed heading or a moved page fails here rather than in a reader's
// browser. File reads only: no network, no build.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

const markdownIn = (folder: string) =>
  readdirSync(join(REPO_ROOT, folder))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `${folder}/${name}`);

const PAGES = ['README.md', ...markdownIn('docs'), ...markdownIn('docs/decisions')];

const FENCE = /^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm;

// The text a reader sees as prose: fenced blocks and inline code hold no links.
function prose(markdown: string): string {
  return markdown.replace(FENCE, '').replace(/`+[^`]*?`+/g, '');
}

// GitHub's anchor for a heading: its text lower-cased, punctuation dropped, spaces as hyphens, and
// -1, -2, … after a repeated one.
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of markdown.replace(FENCE, '').matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const text = heading
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .replace(/[`*]/g, '');
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

function brokenLinks(page: string): string[] {
  const source = readFileSync(join(REPO_ROOT, page), 'utf8');
  const broken: string[] = [];
  for (const [, target] of prose(source).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
    const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
    const file = pathPart === '' ? join(REPO_ROOT, page) : join(REPO_ROOT, dirname(page), decodeURI(pathPart));
    const shown = relative(REPO_ROOT, file) || '.';
    if (!existsSync(file)) {
      broken.push(`${target}: no ${shown}`);
      continue;
    }
    if (anchor === undefined || anchor === '') continue;
    if (statSync(file).isDirectory() || !file.endsWith('.md')) {
      broken.push(`${target}: ${shown} has no headings`);
    } else if (!anchorsOf(readFileSync(file, 'utf8')).has(decodeURIComponent(anchor))) {
      broken.push(`${target}: no heading #${anchor} in ${shown}`);
    }
  }
  return broken;
}

describe('relative links in the README and docs', () => {
  it('finds the pages and their headings', () => {
    expect(PAGES).toContain('docs/README.md');
    expect(anchorsOf('# FC RideShare\n## 7. Put `dist/` on a static host\n## Benchmarks\n## Benchmarks\n')).toEqual(
      new Set(['fc-rideshare', '7-put-dist-on-a-static-host', 'benchmarks', 'benchmarks-1']),
    );
  });

  it.each(PAGES)('%s links only to what exists', (page) => {
    expect(brokenLinks(page)).toEqual([]);
  });
});

// Issue 38 §4: the README is the first screens a newcomer reads; the manual lives in docs/.
describe('the README', () => {
  it('fits in 200 lines', () => {
    const lines = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8').trimEnd().split('\n').length;
    expect(lines).toBeLessThanOrEqual(200);
  });
});
