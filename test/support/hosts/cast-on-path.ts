/**
 * A directory holding a `cast` executable — the compiled CLI the global setup builds — for
 * the front of a host's PATH, so settings that say `cast hook claude-code` run it as an
 * installed `cast` would run.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CAST_BIN } from '../../cli/run-cast';

export function castOnPath(dir: string): string {
  const bin = join(dir, 'bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'cast'), `#!/bin/sh\nexec '${process.execPath}' '${CAST_BIN}' "$@"\n`, { mode: 0o755 });
  return bin;
}
