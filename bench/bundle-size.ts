import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

// The first render of a page needs the entry, the page's lazy chunk, and everything both
// import statically; lazy imports inside them (map, drag-and-drop) do not count.
export const PAGE_CHUNKS = {
  // Home is part of the entry chunk itself.
  '/home': 'index.html',
  '/guide': 'src/app/routes/guide-route.tsx',
  '/rides/{id}': 'src/app/routes/ride-detail-page-route.tsx',
} as const;
export type MeasuredPage = keyof typeof PAGE_CHUNKS;

function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

function staticClosure(manifest: Manifest, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  roots.forEach(visit);
  return seen;
}

export function gzipBytes(path: string): number {
  return gzipSync(readFileSync(path), { level: 9 }).length;
}

export interface InitialLoad {
  page: MeasuredPage;
  jsFiles: string[];
  jsGzipBytes: number;
  cssGzipBytes: number;
}

export function initialLoad(distDir: string, page: MeasuredPage): InitialLoad {
  const manifest = readManifest(distDir);
  const keys = staticClosure(manifest, ['index.html', PAGE_CHUNKS[page]]);
  if (!keys.has(PAGE_CHUNKS[page])) throw new Error(`${PAGE_CHUNKS[page]} is not in the build manifest`);
  const jsFiles = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  const cssFiles = [...new Set([...keys].flatMap((key) => manifest[key].css ?? []))];
  const sum = (files: string[]) => files.reduce((total, file) => total + gzipBytes(join(distDir, file)), 0);
  return { page, jsFiles, jsGzipBytes: sum(jsFiles), cssGzipBytes: sum(cssFiles) };
}

// Every URL the service worker precaches, with its size on disk.
export function precacheEntries(distDir: string): Array<{ url: string; bytes: number }> {
  const sw = readFileSync(join(distDir, 'sw.js'), 'utf8');
  const urls = [...new Set([...sw.matchAll(/url:"([^"]+)"/g)].map((match) => match[1]))];
  return urls.map((url) => ({ url, bytes: statSync(join(distDir, url)).size }));
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
