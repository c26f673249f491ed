// The web queue's build: static files in ui/dist that the API serves. `npx vite --config
// ui/vite.config.ts` runs a dev server that proxies the API on 7400.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

const api = 'http://127.0.0.1:7400';

/** Text that compresses; source maps are left alone (only DevTools asks for them). */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;
/** Below about one TCP packet, compression saves nothing worth a second file. */
const MIN_BYTES = 1024;

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? filesUnder(join(dir, name)) : [join(dir, name)]));

/**
 * A Brotli (`.br`) and a gzip (`.gz`) copy beside every built file worth compressing, made once
 * here: the API serves them as they are (api/web-assets.ts) and never compresses a file per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'cast-precompress',
    apply: 'build',
    configResolved: (config) => void (outDir = join(config.root, config.build.outDir)),
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        const content = readFileSync(file);
        if (!COMPRESSIBLE.test(file) || content.length < MIN_BYTES) continue;
        const quality = {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        };
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: quality }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // TanStack Query marks its hooks "use client" for server-component bundlers; this app has none.
      onLog: (level, log, handler) => (log.code === 'MODULE_LEVEL_DIRECTIVE' ? undefined : handler(level, log)),
      output: {
        codeSplitting: {
          groups: [
            // The libraries in a chunk of their own, which a release that changes only the app leaves cached.
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, priority: 2 },
            // What the first page needs of the app's own code, in one file rather than a dozen a
            // few hundred bytes each; every other page (app.tsx's lazy imports) stays a chunk of its own.
            { name: 'queue', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': api, '/auth': api, '/healthz': api } },
});
