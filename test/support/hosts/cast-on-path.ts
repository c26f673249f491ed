/**
 * A directory holding a `cast` executable — the compiled CLI the global setup builds — for
 * the front of a host's PATH, so settings that say `cast hook claude-code` run it as an
 * installed `cast` would run.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { CAST_BIN } from '../../cli/run-cast';

export function castOnPath(dir: string): string {
  const bin = join(dir, 'bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'cast'), `#!/bin/sh\nexec '${process.execPath}' '${CAST_BIN}' "$@"\n`, { mode: 0o755 });
  return bin;
}

/**
 * The test process's PATH without any directory that holds a `cast`: npm puts the project's
 * node_modules/.bin first, and there the cli workspace's `cast` is linked once it has been built
 * (an `npm install` after a build), so a host "without cast on its PATH" would still find one.
 */
export function pathWithoutCast(): string {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => dir !== '' && !existsSync(join(dir, 'cast')))
    .join(delimiter);
}
