/**
 * A scripted stand-in for the Slack Web API on loopback (Slack itself is off this machine): it
 * takes Cast's calls as Slack's client sends them (form-encoded, the bot token as a bearer
 * token), answers as Slack's reference says, and records each call. Every message payload is
 * checked against Slack's Block Kit shapes (block-kit-schema.ts); one that does not fit is
 * answered `invalid_blocks`, as Slack answers, and kept in `refused` for the test to see.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MessageBlocks } from './block-kit-schema';

/** One call as Cast made it, and what the stand-in answered. */
export type SlackCall = {
  method: string;
  args: Record<string, unknown>;
  result?: Record<string, unknown>;
  /** `performance.now()` when the whole request had arrived (the bench's hand-off time). */
  receivedAt: number;
};

export type SlackStandIn = {
  /** The base URL Cast's `slackApiUrl` points at: `http://127.0.0.1:<port>/api/`. */
  apiUrl: string;
  botToken: string;
  calls: SlackCall[];
  /** Calls whose payload Slack would have refused, with why. */
  refused: { call: SlackCall; why: string }[];
  /** The calls of one method, in order. */
  of(method: string): SlackCall[];
  /** Slack users that exist (`conversations.open` refuses any other with `user_not_found`). */
  users: Set<string>;
  close(): Promise<void>;
};

const MESSAGE_METHODS = new Set(['chat.postMessage', 'chat.update']);

export async function startSlackStandIn(options: { botToken?: string } = {}): Promise<SlackStandIn> {
  const botToken = options.botToken ?? 'xoxb-1-stand-in-token';
  const calls: SlackCall[] = [];
  const refused: SlackStandIn['refused'] = [];
  const users = new Set<string>();
  let clock = 1_700_000_000;
  const ts = () => `${(clock += 1)}.000100`;

  const answer = (call: SlackCall): Record<string, unknown> => {
    const args = call.args;
    if (MESSAGE_METHODS.has(call.method)) {
      if (typeof args.channel !== 'string' || args.channel === '') return { ok: false, error: 'channel_not_found' };
      if (typeof args.text !== 'string') return { ok: false, error: 'no_text' };
      const blocks = MessageBlocks.safeParse(args.blocks);
      if (!blocks.success) {
        refused.push({ call, why: blocks.error.message });
        return { ok: false, error: 'invalid_blocks' };
      }
    }
    switch (call.method) {
      case 'conversations.open': {
        const user = String(args.users ?? '');
        return users.has(user) ? { ok: true, channel: { id: `D${user.slice(1)}` } } : { ok: false, error: 'user_not_found' };
      }
      case 'chat.postMessage':
        return { ok: true, channel: args.channel, ts: ts(), message: { text: args.text } };
      case 'chat.update':
        return { ok: true, channel: args.channel, ts: args.ts, text: args.text };
      case 'chat.postEphemeral':
        return { ok: true, message_ts: ts() };
      default:
        return { ok: false, error: 'unknown_method' };
    }
  };

  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const method = (req.url ?? '').replace(/^\/api\//, '').split('?')[0]!;
      const reply = (payload: Record<string, unknown>) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
      if (req.headers.authorization !== `Bearer ${botToken}`) return reply({ ok: false, error: 'invalid_auth' });
      // Slack's client sends every argument form-encoded, objects (blocks) as JSON text.
      const args: Record<string, unknown> = {};
      for (const [key, value] of new URLSearchParams(body)) args[key] = key === 'blocks' ? JSON.parse(value) : value;
      const call: SlackCall = { method, args, receivedAt: performance.now() };
      call.result = answer(call);
      calls.push(call);
      reply(call.result);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`,
    botToken,
    calls,
    refused,
    users,
    of: (method) => calls.filter((call) => call.method === method),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
