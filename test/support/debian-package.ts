/**
 * A Debian program a test drives (nginx in front of Cast, promtool over its metrics): found on
 * PATH, else installed with apt-get as root, as ensure-chromium does for the browser, so a
 * fresh CI machine needs nothing by hand. Concurrent test files install one at a time.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const installing = new Map<string, Promise<string>>();

function found(binary: string): string | null {
  const which = spawnSync('sh', ['-c', `command -v ${binary} || ls /usr/sbin/${binary} 2>/dev/null`], { encoding: 'utf8' });
  const path = which.stdout.trim().split('\n')[0];
  return path && existsSync(path) ? path : null;
}

/** The path of `binary`, installing Debian's `pkg` when it is missing. */
export function debianBinary(binary: string, pkg: string): Promise<string> {
  const known = installing.get(binary);
  if (known) return known;
  const path = (async () => {
    const present = found(binary);
    if (present) return present;
    if (process.getuid?.() !== 0) throw new Error(`${binary} is not installed; run: sudo apt-get install ${pkg}`);
    const quiet = { stdio: ['ignore', 'ignore', 'inherit'] as const, env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
    // apt-get holds dpkg's lock; a second test file's install waits on it (-o DPkg::Lock::Timeout).
    execFileSync('apt-get', ['update', '-qq'], { ...quiet, stdio: [...quiet.stdio] });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', '-o', 'DPkg::Lock::Timeout=300', pkg], {
      ...quiet,
      stdio: [...quiet.stdio],
    });
    const installed = found(binary);
    if (!installed) throw new Error(`apt-get install ${pkg} left no ${binary}`);
    return installed;
  })();
  installing.set(binary, path);
  return path;
}
