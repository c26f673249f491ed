// A build's inputs as one hash, so `ensure-ui` and `ensure-cli` rebuild exactly when a source
// changed since the last build (its hash is kept beside the build). Plain JS, like ensure-deps.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The sha256 of these files and every file under these directories (except `skip`; those `only` matches), in a stable order. */
export function sourceHash({ files = [], dirs = [], skip = [], only = /(?:)/ }) {
  const inputs = [...files];
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (skip.includes(path)) continue;
      if (statSync(path).isDirectory()) walk(path);
      else if (only.test(path)) inputs.push(path);
    }
  };
  for (const dir of dirs) walk(dir);
  const hash = createHash('sha256');
  for (const file of inputs) hash.update(file).update(readFileSync(file));
  return hash.digest('hex');
}

/** Runs `build` unless `stamp` already holds `want`; records `want` after a build that returned. */
export async function buildWhenStale(stamp, want, build) {
  if (existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === want) return false;
  await build();
  writeFileSync(stamp, `${want}\n`);
  return true;
}
