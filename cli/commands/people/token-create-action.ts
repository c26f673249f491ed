/** What `cast token create` does: checks the flags with the server's schema, mints the token, and prints its secret once. */
import { CreateTokenBody } from '../../../domain/people';
import { peopleRoutes } from '../../../domain/routes/people';
import { bold, emit, usageError } from '../../output';
import { connect } from '../decide/target';
import type { TokenCreateOptions } from './token';
import { whose } from './token-present';

export async function run(opts: TokenCreateOptions): Promise<void> {
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
  const minted = await connect().request(peopleRoutes.createToken, { body: input });
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
}
