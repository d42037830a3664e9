import { basename } from 'node:path';

import type { Plugin, Rollup } from 'vite';

import { PAGE_PRELOADS_ID } from '../src/app/page-modules';
import { lazyRoutes } from '../src/app/routes-table';

// '/rides/:id' -> '^/rides/[^/]+/?$', for the inline script's RegExp.
export function pathPattern(path: string): string {
  const escaped = path
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return `^${escaped}/?$`;
}

// Writes, for every path of the route table whose page has a chunk of its own, the JS files the
// page needs beyond what index.html already loads: [[pattern, [url, ...]], ...] in a JSON block
// that the inline script of index.html turns into <link rel="modulepreload"> for the path being
// opened. Order is kept: the first pattern that matches wins (/rides/create before /rides/:id).
export function pagePreloads(): Plugin {
  let base = '/';
  return {
    name: 'fc-page-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return;
        const chunks = Object.values(ctx.bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (roots: string[], into = new Set<string>()) => {
          const visit = (fileName: string) => {
            if (into.has(fileName)) return;
            into.add(fileName);
            byFile.get(fileName)?.imports.forEach(visit);
          };
          roots.forEach(visit);
          return into;
        };
        const shell = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
        // A page of the table is named by its file: exactly one chunk must be made from it.
        const chunkOf = (page: string) => {
          const found = chunks.filter((c) => c.facadeModuleId && basename(c.facadeModuleId) === `${page}.tsx`);
          if (found.length !== 1) {
            throw new Error(
              `${page} (src/app/routes-table.ts) is the source of ${found.length} chunks, not one: is it still lazily imported?`,
            );
          }
          return found[0].fileName;
        };
        const preloads = lazyRoutes().map(({ path, pages }) => {
          const files = [...closure(pages.map(chunkOf))].filter((file) => !shell.has(file));
          return [pathPattern(path), files.map((file) => `${base}${file}`)];
        });
        // Inside <script>, only "</" could end the block early.
        const block = `<script type="application/json" id="${PAGE_PRELOADS_ID}">${JSON.stringify(preloads).replace(/</g, '\\u003c')}</script>`;
        // Just before index.html's inline script that reads it, which runs before the stylesheet
        // and the shell's scripts are even asked for.
        const reader = html.indexOf('<!-- Starts fetching the code of the page being opened');
        if (reader < 0) throw new Error('index.html has no inline script that reads the page preloads');
        return `${html.slice(0, reader)}${block}\n    ${html.slice(reader)}`;
      },
    },
  };
}
