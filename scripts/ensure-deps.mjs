#!/usr/bin/env node
// Installs the npm dependencies when node_modules is missing or older than package-lock.json,
// so `npm start` and `npm run check` work on a fresh clone. Plain JS: it runs before tsx exists.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const lock = readFileSync('package-lock.json');
const want = createHash('sha256').update(lock).digest('hex');
const stamp = 'node_modules/.cast-deps';
// `npm install` runs this as postinstall with --stamp-only: what it installed is current.
if (process.argv.includes('--stamp-only')) {
  writeFileSync(stamp, `${want}\n`);
  process.exit(0);
}
const have = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : '';
if (have !== want) {
  process.stderr.write('[deps] installing npm dependencies (npm ci)…\n');
  execSync('npm ci --no-audit --no-fund --loglevel=error', { stdio: 'inherit' });
  writeFileSync(stamp, `${want}\n`);
}
