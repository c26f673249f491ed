#!/usr/bin/env node
// Builds the `cast` CLI into cli/dist when its sources changed since the last build, so
// `npm start`, the tests and the bench run the compiled CLI an agent host installs (issue 21:
// no TypeScript compiler at start-up). One ESM entry with its chunks split off: `cast --help`
// loads commander and the command declarations only; a command's implementation, zod and the
// MCP SDK load when that command runs. Everything is bundled, so the package has no
// dependencies. Plain JS, like ensure-deps.
import { chmodSync, rmSync } from 'node:fs';
import { buildWhenStale, sourceHash } from './source-hash.mjs';

const OUT = 'cli/dist';

export async function buildCli() {
  const { build } = await import('esbuild');
  rmSync(OUT, { recursive: true, force: true });
  await build({
    entryPoints: { cast: 'cli/cast.ts' },
    bundle: true,
    splitting: true,
    minify: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outdir: OUT,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    // commander and a few SDK dependencies are CommonJS: give the ESM bundle a `require`.
    // The entry keeps its own hashbang (cli/cast.ts); every file, chunks included, gets a `require`.
    banner: { js: "import { createRequire as __castRequire } from 'node:module'; const require = __castRequire(import.meta.url);" },
    logLevel: 'warning',
    legalComments: 'none',
  });
  // Runnable through its shebang, as npm makes a package's bin.
  chmodSync(`${OUT}/cast.mjs`, 0o755);
}

// Only what is compiled: a README edit does not rebuild (and swap out) the CLI under a running test.
const want = sourceHash({
  files: ['package-lock.json', 'cli/package.json', 'scripts/ensure-cli.mjs'],
  dirs: ['cli', 'domain', 'client'],
  skip: [OUT, 'cli/node_modules'],
  only: /\.(ts|mjs|json)$/,
});
const force = process.argv.includes('--force');
if (force) rmSync(`${OUT}/.build-hash`, { force: true });
await buildWhenStale(`${OUT}/.build-hash`, want, async () => {
  process.stderr.write('[cli] building the cast CLI (esbuild)…\n');
  await buildCli();
});
