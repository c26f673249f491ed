#!/usr/bin/env node
// Builds the `cast` CLI into cli/dist when its sources changed since the last build, so
// `npm start`, the tests and the bench run the compiled CLI an agent host installs (issue 21:
// no TypeScript compiler at start-up, `cast --help` within 1.5× of `node -e 0`). Two builds:
//
// - dist/cast.cjs, the entry: commander and the command declarations, nothing else. CommonJS,
//   because Node starts a CommonJS file measurably sooner than an ES module (no module graph
//   to link), and one file, because every file loaded costs a read and a compile.
// - dist/actions/<group>/<verb>-action.mjs: what each command does, loaded by the entry's
//   `import()` when that command runs. ES modules with the shared code (zod, domain/'s
//   schemas, client/, the MCP SDK) split into dist/chunks/.
//
// Everything is bundled, so the package has no dependencies. Plain JS, like ensure-deps.
import { chmodSync, readdirSync, rmSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { buildWhenStale, sourceHash } from './source-hash.mjs';

const OUT = 'cli/dist';
const COMMANDS = 'cli/commands';

/** Every `cli/commands/<group>/<verb>-action.ts`, keyed by its output name `actions/<group>/<verb>-action`. */
export function actionEntries(root = '.') {
  return Object.fromEntries(
    readdirSync(`${root}/${COMMANDS}`, { recursive: true, encoding: 'utf8' })
      .map((path) => path.replaceAll('\\', '/'))
      .filter((path) => path.endsWith('-action.ts'))
      .sort()
      .map((path) => [`actions/${path.replace(/\.ts$/, '')}`, `${COMMANDS}/${path}`]),
  );
}

const common = { bundle: true, minify: true, platform: 'node', target: 'node20', logLevel: 'warning', legalComments: 'none' };

/** The entry's esbuild options: `<verb>-action` imports stay `import()`s of the actions build. */
export function entryOptions() {
  return {
    ...common,
    entryPoints: { cast: 'cli/cast.ts' },
    format: 'cjs',
    outExtension: { '.js': '.cjs' },
    // version.ts finds the package.json above the running file; in CommonJS that file is __filename.
    define: { 'import.meta.url': '__castFileUrl' },
    banner: { js: "const __castFileUrl = require('node:url').pathToFileURL(__filename).href;" },
    plugins: [lazyActions, lazyChildProcess],
  };
}

/** The actions' esbuild options: one ES module per action, shared code in chunks. */
export function actionsOptions(root = '.') {
  return {
    ...common,
    entryPoints: actionEntries(root),
    splitting: true,
    format: 'esm',
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    // commander is the entry's alone; a few of the MCP SDK's dependencies are CommonJS: give them a `require`.
    banner: { js: "import { createRequire as __castRequire } from 'node:module'; const require = __castRequire(import.meta.url);" },
  };
}

/** `import('./file-action')` in cli/commands/decide/file.ts becomes `import('./actions/decide/file-action.mjs')`. */
const lazyActions = {
  name: 'cast-lazy-actions',
  setup(build) {
    build.onResolve({ filter: /-action$/ }, ({ path, resolveDir, kind }) => {
      if (kind !== 'dynamic-import') return undefined;
      const dir = `${resolveDir.replaceAll('\\', '/')}/`.split(`/${COMMANDS}/`)[1];
      if (dir === undefined) return undefined;
      return { path: `./actions/${dir}${path.replace(/^\.\//, '')}.mjs`, external: true };
    });
  },
};

/**
 * commander requires child_process at load for executable subcommands, which cast has none of;
 * loading it pulls in net and streams, a quarter of the entry's start-up. Commander gets it on
 * first use instead.
 */
const lazyChildProcess = {
  name: 'cast-lazy-child-process',
  setup(build) {
    build.onResolve({ filter: /^(node:)?child_process$/ }, ({ importer }) =>
      importer.includes('/node_modules/commander/') ? { path: 'child_process', namespace: 'cast-lazy' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'cast-lazy' }, () => ({
      loader: 'js',
      contents: "module.exports = new Proxy({}, { get: (_, key) => require('node:child_process')[key] });",
    }));
  },
};

export async function buildCli() {
  const { build } = await import('esbuild');
  rmSync(OUT, { recursive: true, force: true });
  await build({ ...entryOptions(), outdir: OUT });
  await build({ ...actionsOptions(), outdir: OUT });
  // Runnable through its shebang, as npm makes a package's bin.
  chmodSync(`${OUT}/cast.cjs`, 0o755);
}

// Run as a script (not when the lazy-imports test imports the options above).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
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
}
