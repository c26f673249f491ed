/**
 * `cast acp` as an editor or a person's shell runs it (issue 43 item 3): the compiled `cast` on a
 * sealed place's PATH, the ACP agent after `--`, nothing leaving the machine (the loopback refuser
 * as HTTPS_PROXY). Headless (`--prompt`) it is a run to wait for; with an editor, the test is the
 * editor — the SDK's own client on `cast acp`'s stdin / stdout — and decides how its permission
 * prompt answers.
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { Readable, Writable } from 'node:stream';
import {
  client,
  ndJsonStream,
  PROTOCOL_VERSION,
  type ClientCapabilities,
  type ClientContext,
  type CreateElicitationRequest,
  type CreateElicitationResponse,
  type RequestPermissionRequest,
  type RequestPermissionResponse,
} from '@agentclientprotocol/sdk';
import type { HostProject } from '../host-project';
import type { HostTestWorld } from '../host-test-world';
import type { HostRun, RunningHost } from '../run-host';

const TSX = resolve(import.meta.dirname, '../../../../node_modules/.bin/tsx');
/** The SDK's example agent (example-agent.ts), run as its repository runs it: with tsx. */
export const EXAMPLE_AGENT = [TSX, resolve(import.meta.dirname, 'example-agent.ts')];

export type AcpRun = RunningHost & { stderr(): string };

type AcpOptions = { agent?: string[]; prompt?: string; env?: Record<string, string | undefined> };

export function startAcp(hosts: HostTestWorld, place: HostProject, opts: AcpOptions = {}): AcpRun {
  const args = ['acp', ...(opts.prompt === undefined ? [] : ['--prompt', opts.prompt]), '--', ...(opts.agent ?? EXAMPLE_AGENT)];
  return startCommand(hosts, place, [join(place.bin, 'cast'), ...args], opts);
}

/** Any command line in the sealed place — the one an editor's settings hold, say. */
export function startCommand(hosts: HostTestWorld, place: HostProject, command: string[], opts: AcpOptions = {}): AcpRun {
  const base: Record<string, string | undefined> = {
    PATH: place.env.PATH,
    HOME: place.home,
    LANG: process.env.LANG ?? 'C.UTF-8',
    ...place.castEnv,
    HTTPS_PROXY: hosts.proxy().url,
    HTTP_PROXY: hosts.proxy().url,
    NO_PROXY: '127.0.0.1,localhost',
    // The example agent's simulated model: short pauses, so a turn takes a fraction of a second.
    ACP_EXAMPLE_PAUSE_MS: '20',
    ...opts.env,
  };
  const env = Object.fromEntries(Object.entries(base).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), { cwd: place.project, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  // With an editor, stdout is the protocol and the editor reads it; headless, it is the agent's words.
  if (opts.prompt !== undefined) {
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stdin.end();
  }
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let ended: HostRun | null = null;
  const done = new Promise<HostRun>((resolveRun) =>
    child.on('close', (code, signal) => resolveRun((ended = { code, signal, stdout, stderr, ms: performance.now() - started }))),
  );
  return hosts.host({ child, done, stdout: () => stdout, stderr: () => stderr, ended: () => ended });
}

/** How the test editor answers a permission request: at once, after something, or never (until called off). */
export type EditorPrompt = (request: RequestPermissionRequest, signal: AbortSignal) => Promise<RequestPermissionResponse>;

/** Waits until the request is called off (`$/cancel_request`), as an editor whose person has not answered yet. */
const untilCalledOff = <T>(signal: AbortSignal) =>
  new Promise<T>((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('called off')), { once: true }));

export const neverAnswers: EditorPrompt = (_request, signal) => untilCalledOff(signal);

/** How the test editor answers an agent's question (`elicitation/create`), when it takes them. */
export type EditorElicit = (request: CreateElicitationRequest, signal: AbortSignal) => Promise<CreateElicitationResponse>;

/** What the editor advertises in `initialize`, and how it answers a question when it advertises one. */
export type EditorOptions = { clientCapabilities?: ClientCapabilities; elicit?: EditorElicit };

/** The test as the editor attached to `cast acp`: the SDK's client, what the agent said, what it was asked. */
export async function attachEditor(run: AcpRun, prompt: EditorPrompt = neverAnswers, opts: EditorOptions = {}) {
  const asked: RequestPermissionRequest[] = [];
  const calledOff: RequestPermissionRequest[] = [];
  const elicited: CreateElicitationRequest[] = [];
  const elicitCalledOff: CreateElicitationRequest[] = [];
  const said = new Map<string, string>();
  const elicit: EditorElicit = opts.elicit ?? ((_request, signal) => untilCalledOff(signal));
  const app = client({ name: 'test-editor' })
    .onNotification('session/update', ({ params }) => {
      const { update } = params;
      if (update.sessionUpdate === 'agent_message_chunk' && update.content.type === 'text')
        said.set(params.sessionId, (said.get(params.sessionId) ?? '') + update.content.text);
    })
    .onRequest('session/request_permission', async ({ params, signal }) => {
      asked.push(params);
      signal.addEventListener('abort', () => calledOff.push(params), { once: true });
      return prompt(params, signal);
    })
    .onRequest('elicitation/create', async ({ params, signal }) => {
      elicited.push(params);
      signal.addEventListener('abort', () => elicitCalledOff.push(params), { once: true });
      return elicit(params, signal);
    });
  const stream = ndJsonStream(
    Writable.toWeb(run.child.stdin!) as WritableStream<Uint8Array>,
    Readable.toWeb(run.child.stdout!) as ReadableStream<Uint8Array>,
  );
  const connection = app.connect(stream);
  const agent: ClientContext = connection.agent;
  await agent.request('initialize', { protocolVersion: PROTOCOL_VERSION, clientCapabilities: opts.clientCapabilities ?? {} });
  return {
    agent,
    asked,
    calledOff,
    elicited,
    elicitCalledOff,
    said: (sessionId: string) => said.get(sessionId) ?? '',
    async newSession(cwd: string): Promise<string> {
      return (await agent.request('session/new', { cwd, mcpServers: [] })).sessionId;
    },
    prompt: (sessionId: string, text: string) => agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text }] }),
    /** The editor goes away: its connection closes and so does `cast acp`'s stdin. */
    close() {
      connection.close();
      run.child.stdin!.end();
    },
  };
}
