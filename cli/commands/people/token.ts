/**
 * `cast token create --agent NAME`, `cast token ls`, `cast token revoke ID`: an agent's own
 * credential, which files and waits on decisions and can never answer one (DESIGN §8). The
 * secret is printed once, at creation; `ls` shows labels, kinds and dates, never a secret.
 */
import type { Command } from 'commander';
import { CreateTokenBody, type Token } from '../../../domain/people';
import { createToken, listTokens, revokeToken } from '../../../domain/routes/people';
import { bold, emit, usageError } from '../../output';
import { formatLocal } from '../../when';
import { connect } from '../decide/target';

type CreateOptions = { agent?: string; label?: string; expires?: string; json?: boolean };

function whose(token: Token): string {
  return token.kind === 'agent' ? `agent ${token.agentName}` : `person ${token.memberName}`;
}

function tokenLine(token: Token, now: Date): string {
  const used = token.lastUsedAt ? `last used ${formatLocal(new Date(token.lastUsedAt), now)}` : 'never used';
  const ends = token.revokedAt
    ? `revoked ${formatLocal(new Date(token.revokedAt), now)}`
    : token.expiresAt
      ? `expires ${formatLocal(new Date(token.expiresAt), now)}`
      : 'no expiry';
  return `${bold(token.id)}  ${token.label} · ${whose(token)} · created ${formatLocal(new Date(token.createdAt), now)} · ${used} · ${ends}`;
}

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
    .action(async (opts: CreateOptions) => {
      const input = {
        ...(opts.agent !== undefined ? { agent: opts.agent } : {}),
        ...(opts.label !== undefined ? { label: opts.label } : {}),
        ...(opts.expires !== undefined ? { expiresIn: opts.expires } : {}),
      };
      // The server's own schema, so the CLI refuses what the server would, before sending.
      const body = CreateTokenBody.safeParse(input);
      if (!body.success) {
        const issue = body.error.issues[0]!;
        const option = { agent: '--agent', label: '--label', expiresIn: '--expires' }[String(issue.path[0])] ?? 'the input';
        throw usageError(`${option}: ${issue.message}`);
      }
      const minted = await connect().request(createToken, { body: input });
      const human = [
        ...(minted.agentCreated ? [`Agent ${bold(minted.token.agentName ?? '')} created.`] : []),
        `${bold(minted.token.id)} minted: ${minted.token.label} (${whose(minted.token)}).`,
        'The token, shown this once:',
        minted.secret,
        ...(minted.token.kind === 'agent'
          ? [
              'Give it to the agent as CAST_TOKEN (or `cast login --token` on its host). It files and waits on decisions; it can never answer one.',
            ]
          : []),
      ];
      emit(Boolean(opts.json), human, { token: minted.token, secret: minted.secret, agentCreated: minted.agentCreated });
    });

  token
    .command('ls')
    .description("the workspace's tokens: label, kind, agent, created, last used, expires — never the secret")
    .option('--revoked', 'include revoked tokens')
    .option('--json', 'print one JSON object')
    .action(async (opts: { revoked?: boolean; json?: boolean }) => {
      const { tokens } = await connect().request(listTokens, { query: { revoked: opts.revoked ? 'true' : 'false' } });
      const now = new Date();
      emit(Boolean(opts.json), tokens.length ? tokens.map((entry) => tokenLine(entry, now)) : ['No tokens.'], { tokens });
    });

  token
    .command('revoke')
    .description('revoke a token: its next request is refused, in every Cast process')
    .argument('<id>', 'the token id (tk_…), from cast token ls')
    .option('--json', 'print one JSON object')
    .action(async (id: string, opts: { json?: boolean }) => {
      if (!id.trim()) throw usageError('Name the token: cast token revoke tk_… (cast token ls lists them).');
      const { token: revoked } = await connect().request(revokeToken, { params: { id: id.trim() } });
      emit(Boolean(opts.json), [`${bold(revoked.id)} revoked: ${revoked.label} (${whose(revoked)}). Its next request is refused.`], {
        token: revoked,
      });
    });
}
