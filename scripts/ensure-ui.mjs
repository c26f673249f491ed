#!/usr/bin/env node
// Builds the web queue into ui/dist when its sources changed since the last build, so
// `npm start` and the browser tests always serve what is in ui/src. Plain JS, like ensure-deps.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const inputs = ['ui/index.html', 'ui/vite.config.ts', 'package-lock.json'];
function walk(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else inputs.push(path);
  }
}
// The bundle carries domain/'s schemas and client/request.ts as well as ui/src.
for (const dir of ['ui/src', 'domain', 'client']) walk(dir);

const hash = createHash('sha256');
for (const file of inputs) hash.update(file).update(readFileSync(file));
const want = hash.digest('hex');
const stamp = 'ui/dist/.build-hash';
if (!existsSync(stamp) || readFileSync(stamp, 'utf8').trim() !== want) {
  process.stderr.write('[ui] building the web queue (vite build)…\n');
  // Always React's production build: a caller's NODE_ENV (vitest sets `test`, and it reaches
  // `npm start` spawned from a test) would otherwise bundle the development build.
  execSync('npx vite build --config ui/vite.config.ts --logLevel warn', {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  writeFileSync(stamp, `${want}\n`);
}
