#!/usr/bin/env node
/*
 * An ACP agent that asks its client a question, `elicitation/create`, and says the answer (issue
 * 43 item 2): written with the official SDK (@agentclientprotocol/sdk 2.4.0, its app API, as
 * example-agent.ts), no model. Neither claude-agent-acp 0.23.1 nor Gemini CLI sends
 * `elicitation/create`, so Cast's tests ask through this one.
 *
 * Each turn's prompt picks the question: `form` (a deploy form: a titled single-select, a boolean,
 * a multi-select, a bounded integer, a number and a pattern string, two of them required) or `url`
 * (open a sign-in page; after an accept the agent sends `elicitation/complete`). The agent asks
 * only in a mode the client advertised in `initialize`, as ACP requires, and says so otherwise.
 * It reports, as its message, one line the tests read:
 *   ELICITATION {"action":…,"content":…,"_meta":…}   or   NOT ADVERTISED {"form":…,"url":…}
 */
import * as acp from '@agentclientprotocol/sdk';
import { Readable, Writable } from 'node:stream';

const DEPLOY_FORM: acp.ElicitationSchema = {
  type: 'object',
  title: 'Deploy settings',
  properties: {
    region: {
      type: 'string',
      title: 'Region',
      oneOf: [
        { const: 'eu-west-1', title: 'Ireland', description: 'Closest to most users' },
        { const: 'us-east-1', title: 'Virginia' },
      ],
    },
    replicas: { type: 'integer', title: 'Replicas', description: 'How many copies to run', minimum: 1, maximum: 9 },
    dryRun: { type: 'boolean', title: 'Dry run first?', default: true },
    checks: { type: 'array', title: 'Checks to run', items: { type: 'string', enum: ['lint', 'test', 'e2e'] } },
    ratio: { type: 'number', title: 'Canary share', minimum: 0, maximum: 1 },
    tag: { type: 'string', title: 'Release tag', pattern: '^v\\d+\\.\\d+$' },
  },
  required: ['region', 'replicas'],
};

const SIGN_IN_URL = 'https://auth.example.com/connect?elicitationId=sign-in-1';

let advertised: acp.ElicitationCapabilities | null | undefined;

async function turn(params: acp.PromptRequest, cx: acp.AgentContext, signal: AbortSignal): Promise<acp.PromptResponse> {
  const say = (text: string) =>
    cx.notify('session/update', {
      sessionId: params.sessionId,
      update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } },
    });
  const words = params.prompt.map((block) => (block.type === 'text' ? block.text : '')).join(' ');
  const mode = words.includes('url') ? 'url' : 'form';
  // ACP: an agent never asks in a mode the client has not advertised (present and not null).
  if (advertised?.[mode] == null) {
    await say(`NOT ADVERTISED ${JSON.stringify({ form: advertised?.form ?? null, url: advertised?.url ?? null })}`);
    return { stopReason: 'end_turn' };
  }
  const request: acp.CreateElicitationRequest =
    mode === 'form'
      ? { sessionId: params.sessionId, mode: 'form', message: 'How should I deploy?', requestedSchema: DEPLOY_FORM }
      : {
          sessionId: params.sessionId,
          mode: 'url',
          elicitationId: 'sign-in-1',
          url: SIGN_IN_URL,
          message: 'Sign in to the deploy service',
        };
  const answer = await cx.request('elicitation/create', request);
  await say(`ELICITATION ${JSON.stringify(answer)}`);
  if (mode === 'url' && answer.action === 'accept') await cx.notify('elicitation/complete', { elicitationId: 'sign-in-1' });
  return { stopReason: signal.aborted ? 'cancelled' : 'end_turn' };
}

const turns = new Map<string, AbortController>();

const input = Writable.toWeb(process.stdout) as WritableStream<Uint8Array>;
const output = Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>;

acp
  .agent({ name: 'elicitation-agent' })
  .onRequest('initialize', ({ params }) => {
    advertised = params.clientCapabilities?.elicitation;
    return {
      protocolVersion: acp.PROTOCOL_VERSION,
      agentCapabilities: { loadSession: false },
      agentInfo: { name: 'elicitation-agent', title: 'Question agent', version: '1.0.0' },
    };
  })
  .onRequest('session/new', () => ({ sessionId: crypto.randomUUID() }))
  .onRequest('authenticate', () => ({}))
  .onRequest('session/prompt', async ({ params, client }) => {
    const cancel = new AbortController();
    turns.set(params.sessionId, cancel);
    try {
      return await turn(params, client, cancel.signal);
    } finally {
      turns.delete(params.sessionId);
    }
  })
  .onNotification('session/cancel', ({ params }) => turns.get(params.sessionId)?.abort())
  .connect(acp.ndJsonStream(input, output));
