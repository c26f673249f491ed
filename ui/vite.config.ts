// The web queue's build: static files in ui/dist that the API serves. `npx vite --config
// ui/vite.config.ts` runs a dev server that proxies the API on 7400.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const api = 'http://127.0.0.1:7400';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // TanStack Query marks its hooks "use client" for server-component bundlers; this app has none.
      onLog: (level, log, handler) => (log.code === 'MODULE_LEVEL_DIRECTIVE' ? undefined : handler(level, log)),
      // The libraries in a chunk of their own, which a release that changes only the app leaves cached.
      output: { codeSplitting: { groups: [{ name: 'vendor', test: /[\\/]node_modules[\\/]/ }] } },
    },
  },
  server: { proxy: { '/api': api, '/auth': api, '/healthz': api } },
});
