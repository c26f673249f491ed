/**
 * The CLI's version for `cast --version`: the `version` of the nearest package.json above this
 * file, so it is the package the CLI ships in (the repository's today, its own once it has
 * one) and never a copy that drifts.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function cliVersion(from = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const version = versionIn(join(dir, 'package.json'));
    if (version) return version;
    if (dirname(dir) === dir) return 'unknown';
  }
}

function versionIn(path: string): string | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return null; // no package.json here: look one folder up
  }
  const { version } = JSON.parse(text) as { version?: unknown };
  return typeof version === 'string' ? version : null;
}
