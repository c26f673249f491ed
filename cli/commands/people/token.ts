/**
 * `cast token create --agent NAME`, `cast token ls`, `cast token revoke ID`: an agent's own
 * credential, which files and waits on decisions and can never answer one (DESIGN §8). The
 * secret is printed once, at creation; `ls` shows labels, kinds and dates, never a secret.
 */
import type { Command } from 'commander';

export type TokenCreateOptions = { agent?: string; label?: string; expires?: string; json?: boolean };

export function registerToken(cast: Command): void {
  const token = cast
    .command('token')
    .description('credentials: give an agent its own token (it can file and wait, never answer): create, ls, revoke');

  token
    .command('create')
    .description("mint a token and print it once; with --agent, the agent's own (the agent is created if new)")
    .option('--agent <name>', 'the agent it acts for, e.g. "Claude Code on my laptop"; without it, a person token for you')
    .option('--label <label>', 'what it is for, shown by cast token ls (default: "<agent>\'s token")')
    .option('--expires <duration>', 'how long it lives: 90d, 24h, 1d12h (default: until revoked; at most 366d)')
    .option('--json', 'print one JSON object')
    .action(async (opts: TokenCreateOptions) => (await import('./token-create-action')).run(opts));

  token
    .command('ls')
    .description("the workspace's tokens: label, kind, agent, created, last used, expires — never the secret")
    .option('--revoked', 'include revoked tokens')
    .option('--json', 'print one JSON object')
    .action(async (opts: { revoked?: boolean; json?: boolean }) => (await import('./token-ls-action')).run(opts));

  token
    .command('revoke')
    .description('revoke a token: its next request is refused, in every Cast process')
    .argument('<id>', 'the token id (tk_…), from cast token ls')
    .option('--json', 'print one JSON object')
    .action(async (id: string, opts: { json?: boolean }) => (await import('./token-revoke-action')).run(id, opts));
}
