#!/usr/bin/env node
// Provides the Chromium the browser tests drive, so `npm test` needs nothing installed by hand
// (DESIGN §5): Debian's `chromium` through apt-get as root, else the build that the npm package
// @sparticuz/chromium ships, unpacked into .tools/; else it stops before the suite with the one
// command to run. `--print-path` only prints the Chromium to use: test/support/browser.ts asks
// this script, so the choice is made here alone. Plain JS, like ensure-deps.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';

const DEBIAN = '/usr/bin/chromium';
// Pinned: a Chromium 153 headless shell (Brotli-compressed in the tarball) and the NSS
// libraries it links, so it runs without root and without Debian's libnss3.
const NPM_BUILD = '@sparticuz/chromium@153.0.0';
const UNPACKED = join(dirname(fileURLToPath(import.meta.url)), '..', '.tools', 'chromium-153.0.0');
const SHIPPED = join(UNPACKED, 'chromium');

const chromiumPath = () => process.env.CAST_CHROMIUM || (existsSync(DEBIAN) || !existsSync(SHIPPED) ? DEBIAN : SHIPPED);
const runs = (path) => spawnSync(path, ['--version'], { stdio: 'ignore', timeout: 30_000 }).status === 0;
const say = (line) => process.stderr.write(`[chromium] ${line}\n`);

if (process.argv.includes('--print-path')) {
  process.stdout.write(`${chromiumPath()}\n`);
  process.exit(0);
}
if (runs(chromiumPath())) process.exit(0);
if (process.env.CAST_CHROMIUM) stop(`CAST_CHROMIUM=${process.env.CAST_CHROMIUM} does not run`);

const started = Date.now();
if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
  say("installing Debian's chromium (apt-get install chromium)…");
  try {
    const quiet = { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
    execFileSync('apt-get', ['update', '-qq'], quiet);
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], quiet);
  } catch {
    say('apt-get failed');
  }
}
if (!existsSync(DEBIAN)) {
  say(`unpacking the Chromium build of ${NPM_BUILD} into .tools/…`);
  try {
    unpackNpmBuild();
  } catch (error) {
    say(`${NPM_BUILD} failed: ${error.message.split('\n')[0]}`);
  }
}
if (!runs(chromiumPath())) stop('none could be installed here');
say(`${chromiumPath()} ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);

function unpackNpmBuild() {
  const work = mkdtempSync(join(tmpdir(), 'cast-chromium-'));
  try {
    execFileSync('npm', ['pack', NPM_BUILD, '--pack-destination', work, '--loglevel=error', '--no-update-notifier'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const tarball = join(
      work,
      readdirSync(work).find((name) => name.endsWith('.tgz')),
    );
    execFileSync('tar', ['xzf', tarball, '-C', work, 'package/bin/chromium.br', 'package/bin/al2023.tar.br']);
    rmSync(UNPACKED, { recursive: true, force: true });
    mkdirSync(UNPACKED, { recursive: true });
    execFileSync('tar', ['x', '-C', UNPACKED], { input: brotliDecompressSync(readFileSync(join(work, 'package/bin/al2023.tar.br'))) });
    writeFileSync(join(UNPACKED, 'headless-shell'), brotliDecompressSync(readFileSync(join(work, 'package/bin/chromium.br'))), {
      mode: 0o755,
    });
    // Written last, so its presence means a whole unpack. `exec` keeps the pid Playwright kills.
    writeFileSync(SHIPPED, '#!/bin/sh\nhere=$(dirname "$0")\nLD_LIBRARY_PATH="$here/lib" exec "$here/headless-shell" "$@"\n', {
      mode: 0o755,
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function stop(why) {
  say(`the browser tests need Chromium, and ${why}. Run this once, then the tests again:`);
  process.stderr.write('\n    sudo apt-get install -y chromium\n\n');
  process.exit(1);
}
