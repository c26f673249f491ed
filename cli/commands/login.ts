/**
 * `cast login --url URL --token TOKEN|-`: checks the token against Cast, then stores both in
 * the config file (mode 0600). `--token -` reads it from stdin, out of shell history. The
 * token is never printed.
 */
import type { Command } from 'commander';
import { listSessions } from '../../domain/routes/sessions';
import { configPath, writeConfig } from '../config';
import { client } from '../http';
import { emit, usageError } from '../output';
import { readStdin } from './decide/decision-input';

export function registerLogin(program: Command): void {
  program
    .command('login')
    .description('store the Cast URL and your token')
    .requiredOption('--url <url>', 'where Cast runs, e.g. http://127.0.0.1:7400')
    .requiredOption('--token <token>', 'your sign-in token; - reads it from stdin (keeps it out of shell history)')
    .option('--json', 'print one JSON object')
    .action(async (opts: { url: string; token: string; json?: boolean }) => {
      let url: string;
      try {
        url = new URL(opts.url).toString().replace(/\/+$/, '');
      } catch {
        throw usageError(`--url ${opts.url}: not a URL; give one such as http://127.0.0.1:7400.`);
      }
      const token = (opts.token === '-' ? await readStdin() : opts.token).trim();
      if (!token) throw usageError('The token is empty: pass it with --token - on stdin, as printed by npm start.');
      // Refuse to store a token Cast does not accept (401 → exit 4).
      await client({ url, token }).request(listSessions, { query: { limit: 1 } });
      const path = writeConfig({ url, token });
      emit(Boolean(opts.json), [`Signed in to ${url}. Config written to ${path}.`], { url, config: configPath() });
    });
}
