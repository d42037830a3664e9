// Renders the shared-link preview images (1200 × 630, ADR 0020) into public/og: one per
// direction and a generic one. Fixed images: a chat app fetches og:image once per link and
// caches it, so one drawn per ride would cost a render for little the title does not say.
// Run: node --import tsx scripts/make-og-images.ts
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { Resvg } from '@resvg/resvg-js';

const root = fileURLToPath(new URL('..', import.meta.url));
const WIDTH = 1200;
const HEIGHT = 630;

// The app icon's artwork (assets/icons/icon.svg), placed on the left of the card.
const icon = readFileSync(`${root}assets/icons/icon.svg`, 'utf8')
  .replace(/<title>[^<]*<\/title>/, '')
  .replace('<svg ', '<svg x="96" y="155" width="320" height="320" ');

function card(headline: [string, string], subline: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <rect width="${WIDTH}" height="${HEIGHT}" fill="#f0fdfa"/>
  <rect y="${HEIGHT - 24}" width="${WIDTH}" height="24" fill="#0f766e"/>
  ${icon}
  <g font-family="DejaVu Sans, sans-serif" fill="#134e4a">
    <text x="476" y="215" font-size="40" font-weight="bold" fill="#0f766e">FC RideShare</text>
    <text x="476" y="300" font-size="60" font-weight="bold">${headline[0]}</text>
    <text x="476" y="375" font-size="60" font-weight="bold">${headline[1]}</text>
    <text x="476" y="445" font-size="32">${subline}</text>
  </g>
</svg>`;
}

const outputs = [
  { file: 'ride-sg-to-fc.png', svg: card(['Singapore', '→ Forest City'], 'Join the ride and split the fare') },
  { file: 'ride-fc-to-sg.png', svg: card(['Forest City', '→ Singapore'], 'Join the ride and split the fare') },
  { file: 'fc-rideshare.png', svg: card(['Shared rides', 'SG ⇄ Forest City'], 'Find a ride, join, split the fare') },
];

mkdirSync(`${root}public/og`, { recursive: true });
for (const { file, svg } of outputs) {
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: WIDTH }, font: { loadSystemFonts: true } })
    .render()
    .asPng();
  writeFileSync(`${root}public/og/${file}`, png);
  console.log(`public/og/${file}: ${WIDTH}x${HEIGHT}, ${png.length} bytes`);
}
