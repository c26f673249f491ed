// The web queue's build: static files in ui/dist that the API serves. `npx vite --config
// ui/vite.config.ts` runs a dev server that proxies the API on 7400.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const api = 'http://127.0.0.1:7400';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: { proxy: { '/api': api, '/auth': api, '/healthz': api } },
});
