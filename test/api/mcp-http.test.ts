/**
 * `/mcp` (issue 43 item 4): Cast's MCP server over Streamable HTTP, an agent token as bearer,
 * driven by the official clients on both revisions: the SDK v1 client on 2025-11-25 (no Tasks:
 * decide, then the bounded wait_for_decision long-poll), and the SDK v2 client pinned to
 * 2026-07-28 with ext-tasks' task session (decide is a task, working until the person answers;
 * it survives the API replica that created it; a listen for it is told when it ends, on the
 * listen's event stream). Both check results against their schemas.
 */
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyHttp } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client, ProtocolError, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { world } from '../support/agent-world';
import { agentTokenOf } from '../support/members';
import { decisionRoutes } from '../../domain/routes/decisions';
import { httpDispatch, postRequest } from '../support/mcp/raw-dispatch';
import { taskNotes } from '../support/mcp/task-notes';
import { CONTEXT, envelope, OPTIONS, taskClient, TASKS } from '../support/mcp/task-session';
import { reserveOidcProvider } from '../support/oidc-provider';
import { startSecondApi } from '../support/second-api';
import { castForFile } from '../support/cast-for-file';
import type { TestCast } from '../support/test-cast';

let cast: TestCast;
const closers = castForFile((started) => (cast = started));

async function agent() {
  const person = await cast.newMember();
  return { person, me: world(cast, person), token: (await agentTokenOf(cast.pool, person)).token };
}

const bearer = (token: string) => ({ requestInit: { headers: { authorization: `Bearer ${token}` } } });

/** The 2026-07-28 clients with Tasks, over HTTP to `base`/mcp. */
async function tasksOver(base: string, token: string) {
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', base), bearer(token));
  const connected = await taskClient(transport, httpDispatch(`${base}/mcp`, token));
  closers.push(async () => {
    await connected.session.close();
    await connected.client.close();
  });
  return connected;
}

describe('/mcp over Streamable HTTP', () => {
  it('2025-11-25 without Tasks: the same tools; decide returns at once and wait_for_decision long-polls the answer', async () => {
    const { me, token } = await agent();
    const client = new LegacyClient({ name: 'mcp-http-legacy', version: '1.0.0' });
    await client.connect(new LegacyHttp(new URL('/mcp', cast.url), bearer(token)));
    closers.push(() => client.close());
    expect(client.getServerCapabilities()?.extensions).toBeUndefined();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['decide', 'list_decisions', 'resolve_escalation', 'wait_for_decision']);

    const filed = await client.callTool({ name: 'decide', arguments: { question: 'Which id wins?', context: CONTEXT, options: OPTIONS } });
    const { id } = filed.structuredContent as { id: string };
    expect(filed.structuredContent).toMatchObject({ state: 'open', mode: 'blocking', created: true });
    // Filed as the token's agent, in its member's workspace.
    const decision = await me.decision(id);
    expect(decision.status).toBe('open');
    expect(decision.links.agentId).toBeTruthy();

    const waiting = client.callTool({ name: 'wait_for_decision', arguments: { id, timeoutSeconds: 20 } });
    await new Promise((resolve) => setTimeout(resolve, 500));
    await me.answer(id, 1, { kind: 'decision', selected: [1] }, 'Ids must survive renames.');
    const waited = await waiting;
    expect(waited.structuredContent).toMatchObject({ id, outcome: 'answered', answer: { n: 1, label: 'Frontmatter wins' } });
  });

  it('2026-07-28 with Tasks: decide is a task, working until the person answers, then completed with the answer', async () => {
    const { me, token } = await agent();
    const { client, session } = await tasksOver(cast.url, token);
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect(client.getServerCapabilities()?.extensions).toEqual({ [TASKS]: {} });
    const execution = await session.callTool('decide', { question: 'Rotate the key?', context: CONTEXT, options: ['Rotate', 'Keep'] });
    expect(execution.kind).toBe('task');
    const taskId = execution.handle!.taskId;
    expect(await session.task(taskId).snapshot()).toMatchObject({ taskId, status: 'working' });
    await me.answer(taskId, 1, { kind: 'decision', selected: [2] }, 'Not this quarter.');
    const { outcome } = await execution.settle();
    expect(outcome).toMatchObject({
      status: 'completed',
      result: { structuredContent: { id: taskId, answered: { outcome: 'answered', answer: { n: 2, label: 'Keep' } } } },
    });
  });

  it('a task outlives the API replica that created it: another replica reports it, and it completes there', async () => {
    const { me, token } = await agent();
    const first = await startSecondApi(cast);
    const before = await tasksOver(first.url, token);
    const execution = await before.session.callTool('decide', { question: 'Ship tonight?', context: CONTEXT, options: ['Ship', 'Wait'] });
    const reference = execution.kind === 'task' ? execution.serializeReference() : null;
    expect(reference).not.toBeNull();
    await before.session.close();
    await before.client.close();
    await first.stop();

    const after = await tasksOver(cast.url, token);
    const resumed = await after.session.resumeTask(reference!);
    expect(await after.session.task(reference!.taskId).snapshot()).toMatchObject({ status: 'working' });
    await me.answer(reference!.taskId, 1, { kind: 'decision', selected: [2] }, 'After the freeze.');
    const { outcome } = await resumed.settle();
    expect(outcome).toMatchObject({ status: 'completed', result: { structuredContent: { answered: { outcome: 'answered' } } } });
  });
});

/** A raw `subscriptions/listen` POST to `base`/mcp; its event stream read to the end, one message per `data:` line. */
async function rawListen(base: string, token: string, taskIds: string[], { tasks = true } = {}) {
  const response = await postRequest(`${base}/mcp`, token, 'listen-raw', {
    method: 'subscriptions/listen',
    params: { notifications: { taskIds }, _meta: envelope({ tasks }) },
  });
  const text = await response.text();
  const events = text
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => JSON.parse(line.slice(5)) as Record<string, unknown>);
  return { status: response.status, type: response.headers.get('content-type'), text, events };
}

describe('/mcp task status notifications', () => {
  it('a listen naming the task gets notifications/tasks with the task completed when the person answers; then its stream ends', async () => {
    const { me, token } = await agent();
    const { client, session } = await tasksOver(cast.url, token);
    const notes = taskNotes(client);
    const execution = await session.callTool('decide', { question: 'Rotate the key?', context: CONTEXT, options: ['Rotate', 'Keep'] });
    const taskId = execution.handle!.taskId;
    const subscription = await notes.listen([taskId]);
    expect(notes.notes).toEqual([]);
    await me.answer(taskId, 1, { kind: 'decision', selected: [2] }, 'Not this quarter.');
    expect(await notes.of(taskId)).toMatchObject({
      taskId,
      status: 'completed',
      result: { structuredContent: { id: taskId, answered: { outcome: 'answered', answer: { n: 2, label: 'Keep' } } } },
    });
    expect(await subscription.closed).toBe('graceful');
  });

  it('the decision withdrawn through the API comes as cancelled', async () => {
    const { token } = await agent();
    const { client, session } = await tasksOver(cast.url, token);
    const notes = taskNotes(client);
    const execution = await session.callTool('decide', { question: 'Ship tonight?', context: CONTEXT, options: ['Ship', 'Wait'] });
    const taskId = execution.handle!.taskId;
    await notes.listen([taskId]);
    await cast.send(token, decisionRoutes.withdrawDecision, { params: { id: taskId }, body: {} });
    expect(await notes.of(taskId)).toMatchObject({ taskId, status: 'cancelled' });
  });

  it('without Tasks the listen is refused, 400 and -32021; a listen naming no task this token sees is acknowledged empty and ends', async () => {
    const { token } = await agent();
    const other = await agent();
    const { session } = await tasksOver(cast.url, other.token);
    const execution = await session.callTool('decide', { question: 'Whose is it?', context: CONTEXT, options: ['Mine', 'Yours'] });
    const foreign = execution.handle!.taskId;

    const refused = await rawListen(cast.url, token, [foreign], { tasks: false });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text)).toMatchObject({ id: 'listen-raw', error: { code: -32021 } });
    const plain = new Client({ name: 'no-tasks', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await plain.connect(new StreamableHTTPClientTransport(new URL('/mcp', cast.url), bearer(token)));
    closers.push(() => plain.close());
    const error = await taskNotes(plain)
      .listen([foreign])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProtocolError);
    expect(error).toMatchObject({ code: -32021 });

    // Another member's decision, and ids that are no decision: none is acknowledged, so the stream ends at once.
    const empty = await rawListen(cast.url, token, [foreign, 'sd-999999999', '../etc']);
    expect(empty.type).toContain('text/event-stream');
    expect(empty.events).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/subscriptions/acknowledged',
        params: { _meta: expect.any(Object), notifications: { taskIds: [] } },
      },
      { jsonrpc: '2.0', id: 'listen-raw', result: expect.objectContaining({ resultType: 'complete' }) },
    ]);
  });

  it('a replica that drains ends its listens gracefully, and drains without cutting them', async () => {
    const { token } = await agent();
    const replica = await startSecondApi(cast);
    const { client, session } = await tasksOver(replica.url, token);
    const execution = await session.callTool('decide', { question: 'Freeze now?', context: CONTEXT, options: ['Freeze', 'Later'] });
    const subscription = await taskNotes(client).listen([execution.handle!.taskId]);
    expect((await replica.stop()).forced).toBe(0);
    expect(await subscription.closed).toBe('graceful');
  });
});

describe('/mcp authorization', () => {
  const post = (base: string, headers: Record<string, string>) =>
    fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });

  it("no token, an unknown one, or a person's token: 401 with the challenge that names the resource metadata", async () => {
    const { person } = await agent();
    const metadata = `${cast.url}/.well-known/oauth-protected-resource/mcp`;
    const tries: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer not-a-cast-token' },
      { authorization: `Bearer ${person.token}` },
    ];
    for (const headers of tries) {
      const response = await post(cast.url, headers);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(new RegExp(`^Bearer realm="cast", resource_metadata="${metadata}"`));
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      expect(await response.json()).toMatchObject({ code: 'unauthorized' });
    }
    const personal = await post(cast.url, { authorization: `Bearer ${person.token}` });
    expect(personal.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('a request from a page on another site is 403 cross_origin, even with an agent token (DNS rebinding)', async () => {
    const { token } = await agent();
    const foreign = await post(cast.url, { authorization: `Bearer ${token}`, origin: 'http://evil.example.com' });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ code: 'cross_origin' });
    const own = await post(cast.url, { authorization: `Bearer ${token}`, origin: cast.url });
    expect(own.status).toBe(200);
  });

  it('the protected resource metadata (RFC 9728) names the OpenID issuer as authorization server when sign-in through it is configured', async () => {
    const without = await (await fetch(`${cast.url}/.well-known/oauth-protected-resource/mcp`)).json();
    expect(without).toEqual({
      resource: `${cast.url}/mcp`,
      bearer_methods_supported: ['header'],
      resource_name: 'Cast',
    });
    const { settings } = await reserveOidcProvider();
    const withOidc = await startSecondApi(cast, { oidc: settings });
    closers.push(() => withOidc.stop());
    for (const path of ['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource']) {
      const document = (await (await fetch(`${withOidc.url}${path}`)).json()) as Record<string, unknown>;
      expect(document).toMatchObject({ resource: `${withOidc.url}/mcp`, authorization_servers: [settings.issuer] });
    }
  });

  it('bad input is a 4xx, never a 5xx: malformed JSON, no JSON-RPC, the wrong media types, an unknown revision, too large', async () => {
    const { token } = await agent();
    const auth = { authorization: `Bearer ${token}` };
    const send = (init: { method?: string; headers?: Record<string, string>; body?: string }) =>
      fetch(`${cast.url}/mcp`, {
        method: init.method ?? 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...auth, ...init.headers },
        ...(init.body === undefined ? {} : { body: init.body }),
      });
    const cases: Array<[string, Parameters<typeof send>[0]]> = [
      ['malformed JSON', { body: '{"jsonrpc": "2.0", "id": 1, "method": ' }],
      ['an empty body', { body: '' }],
      ['not JSON-RPC', { body: JSON.stringify({ hello: 'world' }) }],
      ['a number', { body: '42' }],
      ['text/plain', { headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) }],
      [
        'no event streams accepted',
        { headers: { accept: 'text/html' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) },
      ],
      [
        'an unknown revision',
        {
          headers: { 'mcp-protocol-version': '1999-01-01' },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'tools/list',
            params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '1999-01-01' } },
          }),
        },
      ],
      ['too large', { body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { pad: 'x'.repeat(300_000) } }) }],
      ['a GET', { method: 'GET' }],
      ['a DELETE', { method: 'DELETE' }],
      ['a PUT', { method: 'PUT', body: '{}' }],
    ];
    const wrong: string[] = [];
    for (const [what, init] of cases) {
      const response = await send(init);
      const text = await response.text();
      if (response.status < 400 || response.status >= 500) wrong.push(`${what} → ${response.status} ${text.slice(0, 200)}`);
    }
    expect(wrong).toEqual([]);
  });
});
