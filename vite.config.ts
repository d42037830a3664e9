import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
  },
});
