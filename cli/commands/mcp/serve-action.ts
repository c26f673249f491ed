/**
 * What `cast mcp` does: Cast's MCP host (cli/hosts/mcp/) on stdio, as the session in
 * CAST_SESSION, with the token and URL every other command uses.
 */
import { callSession, connection } from '../../config';
import { serveOnStdio } from '../../hosts/mcp/stdio';
import { MAX_WAIT_SECONDS } from '../../hosts/mcp/max-wait';
import { usageError } from '../../output';
import { connect } from '../decide/target';

export async function run(opts: { maxWait: string }): Promise<void> {
  const maxWaitSeconds = Number(opts.maxWait);
  if (!Number.isFinite(maxWaitSeconds) || maxWaitSeconds <= 0 || maxWaitSeconds > MAX_WAIT_SECONDS) {
    throw usageError(`--max-wait ${opts.maxWait}: give a number of seconds up to ${MAX_WAIT_SECONDS}.`);
  }
  const { url, token } = connection();
  const session = callSession(token);
  const pageUrl = (id: string) => new URL(`/decisions?id=${encodeURIComponent(id)}`, url).href;
  await serveOnStdio({ api: connect('mcp'), session, maxWaitSeconds, pageUrl }, session());
}
