import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** True when the module at `moduleUrl` is the process's entry point (ESM has no `require.main`). */
export function isMain(moduleUrl: string): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}
