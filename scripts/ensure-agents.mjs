#!/usr/bin/env node
// Builds `@cast/agents` (agents/, issue 43 item 5) into agents/dist when its sources changed
// since the last build, beside the CLI and at the same version: what `npm pack -w agents` ships.
//
// - dist/ai-sdk.mjs and dist/openai-agents.mjs: one ES module per framework, with what they share
//   (client/, domain/'s schemas, zod) in dist/chunks/. The frameworks themselves (`ai`,
//   `@openai/agents`) are the program's own, peer dependencies: never bundled.
// - dist/types/: the declarations, emitted by tsc from the same sources (agents/tsconfig.build.json).
//
// Plain JS, like ensure-cli.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { buildWhenStale, sourceHash } from './source-hash.mjs';

const OUT = 'agents/dist';
export const AGENTS_ENTRIES = { 'ai-sdk': 'agents/ai-sdk/index.ts', 'openai-agents': 'agents/openai-agents/index.ts' };
export const PEERS = ['ai', '@openai/agents'];

export async function buildAgents() {
  const { build } = await import('esbuild');
  rmSync(OUT, { recursive: true, force: true });
  await build({
    entryPoints: AGENTS_ENTRIES,
    outdir: OUT,
    bundle: true,
    minify: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    external: PEERS,
    logLevel: 'warning',
    legalComments: 'none',
  });
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', 'agents/tsconfig.build.json'], { stdio: 'inherit' });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const want = sourceHash({
    files: ['package-lock.json', 'agents/package.json', 'agents/tsconfig.build.json', 'scripts/ensure-agents.mjs'],
    dirs: ['agents', 'domain', 'client'],
    skip: [OUT, 'agents/node_modules'],
    only: /\.(ts|mjs|json)$/,
  });
  if (process.argv.includes('--force')) rmSync(`${OUT}/.build-hash`, { force: true });
  await buildWhenStale(`${OUT}/.build-hash`, want, async () => {
    process.stderr.write('[agents] building @cast/agents (esbuild, tsc)…\n');
    await buildAgents();
  });
}
