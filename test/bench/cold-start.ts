/**
 * The `cast` CLI's cold start (DESIGN §7, issue 21): an agent runs `cast` many times in one
 * conversation, each a fresh Node process. The compiled CLI (cli/dist, what the package
 * installs) is timed in turn with `node -e 0` — the floor any Node program pays — so the
 * ratio compares the CLI's own start-up, not how busy the machine is.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { timeInterleaved } from './stats';

const run = promisify(execFile);
const CAST = resolve(import.meta.dirname, '../../cli/dist/cast.cjs');

export type ColdStarts = { node: number[]; help: number[]; decide: number[] };

/** `rounds` of: `node -e 0`, `cast --help`, and `cast decide … --json` filing one decision against the running API. */
export async function coldStarts(rounds: number, api: { url: string; token: string }): Promise<ColdStarts> {
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: mkdtempSync(join(tmpdir(), 'cast-bench-home-')),
    CAST_URL: api.url,
    CAST_TOKEN: api.token,
    CAST_SESSION: 'bench-cold-start',
    NO_COLOR: '1',
  };
  const node = (...args: string[]) => run(process.execPath, args, { env });
  await node(CAST, '--help'); // the file cache warm, as on an agent's host after the first call
  const [bare, help, decide] = await timeInterleaved(rounds, 0, [
    () => node('-e', '0'),
    () => node(CAST, '--help'),
    (index) => node(CAST, 'decide', `Cold start ${index}?`, '-o', 'Yes', '-o', 'No', '--context', 'Timed by npm run bench.', '--json'),
  ]);
  return { node: bare, help, decide };
}
