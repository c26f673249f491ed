/**
 * Drain on deploy (issue 29 item 6), with real processes: two API replicas (`bin/api.ts`) behind
 * Debian's nginx, A primary and B its backup. SIGTERM reaches A while `cast decide wait`, `cast
 * mcp`'s wait tool and `cast hook claude-code` each hold a long-poll there and an answer is
 * half-uploaded to it. A stops accepting at once, cuts the long-polls short with the "not yet"
 * answer and `Retry-After: 0`, finishes the answer, and exits within CAST_DRAIN_SECONDS; each
 * client polls again, nginx sends it to B, and each gets its answer.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DecisionView } from '../../domain/decision';
import { sessionDecisionRoutes } from '../../domain/routes/session-decisions';
import { freeFixedPort } from '../../runtime/free-port';
import { tierAsk, world } from '../support/agent-world';
import { agentTokenOf } from '../support/members';
import { startReplicaProcess, type ReplicaProcess } from '../support/replica-process';
import { startNginx, type RunningNginx } from '../support/nginx';
import { exchange } from '../support/raw-exchange';
import { startTestCast, type TestCast } from '../support/test-cast';
import { CAST_BIN, castShell, jsonOf } from '../cli/run-cast';
import { RECORDED_PRE_TOOL_USE } from '../cli/fixtures/recorded-hook-input';

const DRAIN_SECONDS = 10;

let cast: TestCast;
let a: ReplicaProcess;
let b: ReplicaProcess;
let nginx: RunningNginx;
let proxyUrl: string;
let mcp: Client | undefined;

beforeAll(async () => {
  cast = await startTestCast();
  [a, b] = await Promise.all([
    startReplicaProcess(cast, { CAST_DRAIN_SECONDS: String(DRAIN_SECONDS) }),
    startReplicaProcess(cast, { CAST_DRAIN_SECONDS: String(DRAIN_SECONDS) }),
  ]);
  const port = await freeFixedPort();
  proxyUrl = `http://127.0.0.1:${port}`;
  nginx = await startNginx({
    ports: [port],
    servers: (dir) => `
  log_format drain '$request_method $uri $status upstream=$upstream_addr upstream_status=$upstream_status retry_after=$upstream_http_retry_after';
  upstream cast {
    server 127.0.0.1:${a.port} max_fails=1 fail_timeout=30s;
    server 127.0.0.1:${b.port} backup;
    keepalive 8;
  }
  server {
    listen 127.0.0.1:${port};
    access_log ${join(dir, 'drain.log')} drain;
    location = /nginx-status {
      stub_status;
    }
    location / {
      proxy_pass http://cast;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_next_upstream error timeout;
      proxy_read_timeout 90s;
      proxy_buffering off;
    }
  }`,
  });
}, 120_000);
afterAll(async () => {
  await mcp?.close();
  await nginx?.stop();
  await Promise.all([a?.kill(), b?.kill()]);
  await cast?.stop();
});

const context = 'The deploy replaces replica A while an agent waits on this decision; the answer must still reach it.';

/** Requests nginx is serving right now (this one included): a held long-poll is one. */
async function requestsInFlight(): Promise<number> {
  const status = await (await fetch(`${proxyUrl}/nginx-status`)).text();
  return Number(/Writing: (\d+)/.exec(status)?.[1] ?? 0) - 1;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** `cast mcp` serving `token` through the proxy, as a coding agent's host runs it. */
async function mcpThroughProxy(token: string): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CAST_BIN, 'mcp'],
    cwd: mkdtempSync(join(tmpdir(), 'cast-mcp-')),
    env: {
      CAST_CONFIG: join(tmpdir(), `cast-mcp-${randomUUID()}.json`),
      CAST_URL: proxyUrl,
      CAST_TOKEN: token,
      CAST_SESSION: `drain-${randomUUID()}`,
      NO_COLOR: '1',
    },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'cast-drain-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

const HOOK_PAYLOAD = RECORDED_PRE_TOOL_USE;

describe('SIGTERM on an API replica behind a load balancer', () => {
  it('drains: the CLI, MCP and hook waiting there get their answers from the replica that stays, and the in-flight answer finishes', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const file = async (question: string) =>
      ((await me.file({ question, context, asks: [tierAsk()] })).body as { decision: { id: string } }).decision.id;
    const [cliId, mcpId] = [await file('Ship during the deploy?'), await file('Pause the sync during the deploy?')];
    expect(await requestsInFlight()).toBe(0);

    // Three clients wait through nginx, which holds each long-poll on A, its primary.
    const waiting = castShell({ url: proxyUrl, token: member.token }).start(['decide', 'wait', cliId, '--timeout', '60s', '--json']);
    mcp = await mcpThroughProxy(member.token);
    const mcpWaited = mcp.callTool({ name: 'wait_for_decision', arguments: { id: mcpId, timeoutSeconds: 50 } });
    // Awaited below; a failure before then is the test's, not an unhandled rejection.
    mcpWaited.catch(() => {});
    const hookInput = { ...HOOK_PAYLOAD, session_id: randomUUID(), tool_use_id: `toolu_${randomUUID().replaceAll('-', '')}` };
    const { token: agentToken } = await agentTokenOf(cast.pool, member, 'Claude Code');
    const hook = castShell({ url: proxyUrl, token: agentToken }).start(['hook', 'claude-code'], {
      input: JSON.stringify(hookInput),
      env: { CAST_SESSION: undefined },
    });
    let card: DecisionView | undefined;
    await until(async () => {
      const listed = await me.send(sessionDecisionRoutes.listSessionDecisions, { params: { id: hookInput.session_id } }).catch(() => null);
      card = listed?.decisions.map((entry) => entry.decision).find((decision) => decision.status === 'open');
      return card !== undefined;
    }, 'the hook to file its permission card');
    await until(async () => (await requestsInFlight()) === 3, 'three long-polls held at replica A');
    // An answer sent straight to A with half its body: in flight until `finish()`.
    const answer = JSON.stringify({ answer: { kind: 'decision', selected: [2] } });
    const inFlight = exchange(`${a.url}/api/v1/decisions/${cliId}/asks/1/answer`, member.token, {
      method: 'POST',
      body: answer,
      hold: true,
    });
    await inFlight.connected;
    await new Promise((resolve) => setTimeout(resolve, 200));

    const signalled = Date.now();
    a.child.kill('SIGTERM');
    // Stops accepting at once: a new connection is refused while the answer is still in flight.
    await until(async () => !(await accepts(a.port)), 'replica A to stop accepting');
    expect(a.child.exitCode).toBeNull();

    await new Promise((resolve) => setTimeout(resolve, 300));
    inFlight.finish();
    const answered = await inFlight.response;
    expect(answered.status, answered.body).toBe(200);
    expect(answered.headers.connection).toBe('close');
    await me.answer(mcpId, 1, { kind: 'decision', selected: [2] });
    await me.answer(card!.id, 1, { kind: 'approval', decision: 'approve' });

    const run = await waiting.done;
    expect(run.code, run.stderr).toBe(0);
    expect(jsonOf(run)).toMatchObject({
      id: cliId,
      state: 'resolved',
      answer: { n: 2, label: 'Pro' },
      message: expect.stringContaining('Decision: Pro'),
    });
    expect((await mcpWaited).structuredContent).toMatchObject({ id: mcpId, outcome: 'answered', answer: { n: 2, label: 'Pro' } });
    const hooked = await hook.done;
    expect(hooked.code, hooked.stderr).toBe(0);
    expect(JSON.parse(hooked.stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'allow' } });

    // Exit 0 is within the bound: a drain that outlasts CAST_DRAIN_SECONDS ends the process with 1.
    const code = await a.exited;
    const exitedAfter = Date.now() - signalled;
    expect(code, a.output()).toBe(0);
    const drained = a
      .output()
      .split('\n')
      .filter((line) => line.includes('"API drained"'))
      .map((line) => JSON.parse(line) as { forced: number; ms: number });
    expect(drained).toEqual([expect.objectContaining({ forced: 0 })]);

    // What nginx saw of each client: its wait on A cut short as "not yet, poll again now", its last one served by B.
    const log = readFileSync(join(nginx.dir, 'drain.log'), 'utf8').split('\n');
    for (const id of [cliId, mcpId, card!.id]) {
      const waits = log.filter((line) => line.includes(`/decisions/${id}/wait`));
      expect(waits[0], id).toMatch(new RegExp(`200 upstream=127\\.0\\.0\\.1:${a.port} upstream_status=200 retry_after=0$`));
      expect(waits.at(-1), id).toMatch(
        new RegExp(`200 upstream=(.*, )?127\\.0\\.0\\.1:${b.port} upstream_status=(.*, )?200 retry_after=-?$`),
      );
    }
    console.log(`replica A exited ${exitedAfter} ms after SIGTERM; drain ${drained[0]!.ms} ms`);
  }, 120_000);

  it('a worker replica shuts down gracefully on SIGTERM and exits 0 within the bound', async () => {
    const worker = await startReplicaProcess(cast, { CAST_DRAIN_SECONDS: String(DRAIN_SECONDS) }, 'bin/worker.ts');
    try {
      const signalled = Date.now();
      worker.child.kill('SIGTERM');
      // Exit 0 is within the bound: past CAST_DRAIN_SECONDS the worker stops itself with 1.
      expect(await worker.exited, worker.output()).toBe(0);
      const exitedAfter = Date.now() - signalled;
      expect(worker.output()).toContain('"worker stopped"');
      console.log(`the worker exited ${exitedAfter} ms after SIGTERM`);
    } finally {
      await worker.kill();
    }
  }, 120_000);
});
