import { fileURLToPath } from 'node:url';

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

import { linguiPlugins } from './build/lingui-plugins';
import { pagePreloads } from './build/page-preloads';
import { precompress } from './build/precompress';

const THEME_COLOR = '#0f766e';
const PAGE_BACKGROUND = '#ffffff';
const MAP_TILES = /^https:\/\/tile\.openstreetmap\.org\/.*/;

export default defineConfig({
  plugins: [
    react(),
    ...linguiPlugins(),
    tailwindcss(),
    VitePWA({
      // A new version waits for the member's "Reload" instead of swapping the page under them.
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        id: '/',
        name: 'FC RideShare',
        short_name: 'FC RideShare',
        description:
          'Share chartered cars between Singapore and Forest City: find a ride, join with your party, split the fare.',
        start_url: '/home',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: THEME_COLOR,
        background_color: PAGE_BACKGROUND,
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The shell, every route's chunk, the guides' images and our icons: all readable offline.
        globPatterns: ['**/*.{js,css,html,svg,png,webp,ico,woff2}'],
        // The shared-link preview images are for chat apps' crawlers, not the app (ADR 0020).
        globIgnores: ['og/**'],
        navigateFallback: '/index.html',
        // The api is never answered with the app shell.
        navigateFallbackDenylist: [/^\/api(\/|$)/],
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        // Web Push: showing a push and opening its ride on tap (public/sw-push.js).
        importScripts: ['/sw-push.js'],
        runtimeCaching: [
          {
            urlPattern: MAP_TILES,
            handler: 'CacheFirst',
            options: {
              cacheName: 'map-tiles',
              expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
    pagePreloads(),
    precompress(),
  ],
  resolve: {
    // The zod schemas the api validates with, reused by the forms.
    alias: { '@shared': fileURLToPath(new URL('./supabase/functions/_shared', import.meta.url)) },
  },
  server: {
    // `npm run dev` talks to the api of `npm run serve` (port 8080).
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // bench/ reads it to tell which chunks the first render of each page needs.
    manifest: true,
    rolldownOptions: {
      output: {
        // What every page runs before its own code (React, the router, TanStack Query, Lingui and
        // our i18n setup) in one chunk: a few large files compress better than many small ones
        // (2.7 KB gzip less on /home), and this one changes only when a dependency does.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack|@lingui)[\\/]|preload-helper|rolldown[\\/]runtime|src[\\/]lib[\\/]i18n[\\/]/,
            },
          ],
        },
      },
    },
  },
});
