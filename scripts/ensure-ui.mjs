#!/usr/bin/env node
// Builds the web queue into ui/dist when its sources changed since the last build, so
// `npm start` and the browser tests always serve what is in ui/src. Plain JS, like ensure-deps.
import { execSync } from 'node:child_process';
import { buildWhenStale, sourceHash } from './source-hash.mjs';

// The bundle carries domain/'s schemas and client/request.ts as well as ui/src; ui/public is copied as it is (the favicon).
const want = sourceHash({
  files: ['ui/index.html', 'ui/vite.config.ts', 'package-lock.json'],
  dirs: ['ui/src', 'ui/public', 'domain', 'client'],
});
await buildWhenStale('ui/dist/.build-hash', want, () => {
  process.stderr.write('[ui] building the web queue (vite build)…\n');
  // Always React's production build: a caller's NODE_ENV (vitest sets `test`, and it reaches
  // `npm start` spawned from a test) would otherwise bundle the development build.
  execSync('npx vite build --config ui/vite.config.ts --logLevel warn', {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
});
