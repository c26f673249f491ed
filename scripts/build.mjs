#!/usr/bin/env node
// `npm run build`: the production artifact in dist/, plain JavaScript that needs neither tsx,
// esbuild, webpack nor vite at run time (DESIGN §9b):
//
//   dist/api.js  dist/worker.js  dist/migrate.js  dist/admin.js   the processes (bin/*.ts)
//   dist/workflow-bundle.js                                       the workflows, prebundled
//   dist/workflow-bundle-traced.js                                the same with the tracing interceptors
//   dist/migrations/                                              the schema the build expects
//   dist/reference.css                                            the API reference page's style
//   dist/answer-link-page.css                                     the answer-link pages' style
//
// plus the web queue in ui/dist (served by the API from ../ui/dist beside dist/). The packages
// stay external: `npm ci --omit=dev` installs what the processes import. Plain JS, like ensure-deps.
import { bundleWorkflowCode } from '@temporalio/worker';
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

// `--out DIR`: build elsewhere (the tests build into a temporary copy, never over dist/).
const OUT = parseArgs({ options: { out: { type: 'string', default: 'dist' } } }).values.out;
const started = Date.now();
const log = (message) => process.stderr.write(`[build] ${message}\n`);

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

execFileSync(process.execPath, ['scripts/ensure-ui.mjs'], { stdio: 'inherit' });

await build({
  entryPoints: { api: 'bin/api.ts', worker: 'bin/worker.ts', migrate: 'bin/migrate.ts', admin: 'bin/admin.ts' },
  outdir: OUT,
  bundle: true,
  // One file a process, no shared chunks: code that finds its files from `import.meta.url`
  // (the migrations, the web queue, the workflow bundle) must run from dist/ itself.
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
log('processes bundled');

// The worker loads one of these instead of webpacking workflows/ at every start: the traced one
// (with the OpenTelemetry workflow interceptors) when OTEL_EXPORTER_OTLP_ENDPOINT is set.
const bundlerLogger = { log() {}, trace() {}, debug() {}, info() {}, warn: (message) => log(message), error: (message) => log(message) };
const bundles = { 'workflow-bundle.js': [], 'workflow-bundle-traced.js': [resolve('workflows/tracing-interceptors.ts')] };
for (const [file, workflowInterceptorModules] of Object.entries(bundles)) {
  const { code } = await bundleWorkflowCode({
    workflowsPath: resolve('workflows/index.ts'),
    workflowInterceptorModules,
    logger: bundlerLogger,
  });
  writeFileSync(`${OUT}/${file}`, code);
}
log('workflows bundled');

// Files the processes read beside their own (`new URL('./…', import.meta.url)`).
cpSync('db/migrations', `${OUT}/migrations`, { recursive: true });
cpSync('api/openapi/reference.css', `${OUT}/reference.css`);
cpSync('api/answer-link-page.css', `${OUT}/answer-link-page.css`);
log(`${OUT} written in ${((Date.now() - started) / 1000).toFixed(1)} s`);
