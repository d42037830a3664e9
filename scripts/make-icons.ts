// Renders the app icons from the SVG sources in assets/icons into public/icons.
// Run: node --import tsx scripts/make-icons.ts
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { Resvg } from '@resvg/resvg-js';

const root = fileURLToPath(new URL('..', import.meta.url));
const outputs: Array<{ source: string; size: number; file: string }> = [
  { source: 'icon.svg', size: 192, file: 'icon-192.png' },
  { source: 'icon.svg', size: 512, file: 'icon-512.png' },
  { source: 'icon-maskable.svg', size: 512, file: 'maskable-512.png' },
  // iOS rounds the corners itself, so the full-bleed artwork is the right source.
  { source: 'icon-maskable.svg', size: 180, file: 'apple-touch-icon-180.png' },
];

mkdirSync(`${root}public/icons`, { recursive: true });
for (const { source, size, file } of outputs) {
  const svg = readFileSync(`${root}assets/icons/${source}`, 'utf8');
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
  writeFileSync(`${root}public/icons/${file}`, png);
  console.log(`public/icons/${file}: ${size}x${size}, ${png.length} bytes`);
}
copyFileSync(`${root}assets/icons/icon.svg`, `${root}public/favicon.svg`);
