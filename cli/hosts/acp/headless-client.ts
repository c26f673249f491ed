/**
 * A run with no editor (`cast acp --prompt "…" -- <agent>`, issue 43 item 2): Cast is the ACP
 * client itself, through the SDK — it starts a session in the current directory, sends the one
 * prompt, prints what the agent says on stdout, and ends with the turn. Its permission requests
 * never reach this client; the proxy asks them in Cast. SIGINT / SIGTERM cancel the turn
 * (`session/cancel`), which withdraws any card still open.
 */
import { client, PROTOCOL_VERSION, type PromptResponse, type Stream } from '@agentclientprotocol/sdk';
import { cliVersion } from '../../version';

/** One end for the proxy, one for this client: messages written on one are read on the other. */
export function streamPair(): { proxySide: Stream; clientSide: Stream } {
  const toClient = new TransformStream();
  const toProxy = new TransformStream();
  return {
    proxySide: { readable: toProxy.readable, writable: toClient.writable },
    clientSide: { readable: toClient.readable, writable: toProxy.writable },
  };
}

export async function promptOnce(stream: Stream, text: string, cwd: string): Promise<PromptResponse['stopReason']> {
  const app = client({ name: 'cast' }).onNotification('session/update', ({ params }) => {
    const update = params.update;
    if (update.sessionUpdate === 'agent_message_chunk' && update.content.type === 'text') process.stdout.write(update.content.text);
  });
  return app.connectWith(stream, async (agent) => {
    await agent.request('initialize', {
      protocolVersion: PROTOCOL_VERSION,
      clientCapabilities: {},
      clientInfo: { name: 'cast', version: cliVersion() },
    });
    const { sessionId } = await agent.request('session/new', { cwd, mcpServers: [] });
    const cancel = () => void agent.notify('session/cancel', { sessionId }).catch(() => undefined);
    process.on('SIGINT', cancel);
    process.on('SIGTERM', cancel);
    try {
      const { stopReason } = await agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text }] });
      process.stdout.write('\n');
      return stopReason;
    } finally {
      process.off('SIGINT', cancel);
      process.off('SIGTERM', cancel);
    }
  });
}
