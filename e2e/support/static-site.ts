// The PWA as a static host serves it (Netlify, Cloudflare Pages, Vercel): files from a build
// folder, index.html for every other path (the SPA rewrite), and no api of its own.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';

import { REPO_ROOT } from '../../tests/support/host-process.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

// `vite build` into a fresh folder with the given build-time env (VITE_API_URL), leaving dist/
// alone. Returns the folder; remove it when done.
export function buildPwa(env: Record<string, string>): { outDir: string; elapsedMs: number } {
  const outDir = mkdtempSync(join(tmpdir(), 'fc-pwa-build-'));
  const started = performance.now();
  execFileSync(
    process.execPath,
    [
      join(REPO_ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  return { outDir, elapsedMs: performance.now() - started };
}

export interface StaticSite {
  url: string;
  port: number;
  // What to serve; a site may start without one, to know its origin before the build.
  setRoot(root: string): void;
  close(): Promise<void>;
}

export async function serveStatic(initialRoot: string | null, host = '127.0.0.1'): Promise<StaticSite> {
  let root = '';
  let index = '';
  const setRoot = (next: string) => {
    if (!existsSync(join(next, 'index.html'))) throw new Error(`${next} has no index.html: build the PWA first`);
    root = next;
    index = join(next, 'index.html');
  };
  if (initialRoot) setRoot(initialRoot);

  const server: Server = createServer((request, response) => {
    if (!root) {
      response.writeHead(503, { 'content-type': 'text/plain' });
      response.end('The site is not built yet');
      return;
    }
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://site').pathname);
    const file = normalize(join(root, pathname));
    const inside = file === root || file.startsWith(root.endsWith(sep) ? root : root + sep);
    const found = inside && existsSync(file) && statSync(file).isFile();
    // Missing assets are a 404; any other path is the app (the host's SPA rewrite).
    if (!found && extname(pathname) && pathname !== '/index.html') {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('Not found');
      return;
    }
    const served = found ? file : index;
    response.writeHead(200, {
      'content-type': TYPES[extname(served)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    });
    response.end(request.method === 'HEAD' ? undefined : readFileSync(served));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    port,
    setRoot,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

export function removeBuild(outDir: string): void {
  rmSync(outDir, { recursive: true, force: true });
}
