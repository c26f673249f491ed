/**
 * `cast login --url URL --token TOKEN|-`: checks the token against Cast, then stores both in
 * the config file (mode 0600). `--token -` reads it from stdin, out of shell history. The
 * token is never printed.
 */
import type { Command } from 'commander';

export type LoginOptions = { url: string; token: string; json?: boolean };

export function registerLogin(program: Command): void {
  program
    .command('login')
    .description('store the Cast URL and your token')
    .requiredOption('--url <url>', 'where Cast runs, e.g. http://127.0.0.1:7400')
    .requiredOption('--token <token>', 'your sign-in token; - reads it from stdin (keeps it out of shell history)')
    .option('--json', 'print one JSON object')
    .action(async (opts: LoginOptions) => (await import('./login-action')).run(opts));
}
