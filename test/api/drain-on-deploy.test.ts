/**
 * Drain on deploy (issue 29 item 6), with real processes: two API replicas (`bin/api.ts`) behind
 * Debian's nginx, A primary and B its backup. SIGTERM reaches A while `cast decide wait` is held
 * there and an answer is half-uploaded to it. A stops accepting at once, cuts the long-poll
 * short with the "not yet" answer and `Retry-After: 0`, finishes the answer, and exits within
 * CAST_DRAIN_SECONDS; the CLI polls again, nginx sends it to B, and it prints the answer.
 */
import { execFileSync } from 'node:child_process';
import { request, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeFixedPort } from '../../runtime/free-port';
import { tierAsk, world } from '../support/agent-world';
import { startApiProcess, type ApiProcess } from '../support/api-process';
import { startNginx, type RunningNginx } from '../support/nginx';
import { startTestCast, type TestCast } from '../support/test-cast';
import { castShell, jsonOf } from '../cli/run-cast';

const DRAIN_SECONDS = 10;

let cast: TestCast;
let a: ApiProcess;
let b: ApiProcess;
let nginx: RunningNginx;
let proxyUrl: string;

beforeAll(async () => {
  cast = await startTestCast();
  [a, b] = await Promise.all([
    startApiProcess(cast, { CAST_DRAIN_SECONDS: String(DRAIN_SECONDS) }),
    startApiProcess(cast, { CAST_DRAIN_SECONDS: String(DRAIN_SECONDS) }),
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
  await nginx?.stop();
  await Promise.all([a?.kill(), b?.kill()]);
  await cast?.stop();
});

const context = 'The deploy replaces replica A while an agent waits on this decision; the answer must still reach it.';

/** Established TCP connections to `port` on loopback: a proxied request held there shows up as one. */
function connectionsTo(port: number): number {
  return execFileSync('ss', ['-Htn', 'state', 'established', `( dport = :${port} )`], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .filter(Boolean).length;
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

type Answered = { status: number; headers: IncomingHttpHeaders; body: string };

/** An answer sent straight to `port` with only half its body, so it is in flight until `finish()`. */
async function halfSentAnswer(port: number, token: string, id: string) {
  const body = JSON.stringify({ answer: { kind: 'decision', selected: [2] } });
  const half = Math.floor(body.length / 2);
  const req = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: `/api/v1/decisions/${id}/asks/1/answer`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
    agent: false,
  });
  const response = new Promise<Answered>((resolve, reject) => {
    req.once('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.once('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.once('error', reject);
  });
  const connected = new Promise<void>((resolve) => req.once('socket', (socket) => socket.once('connect', () => resolve())));
  req.write(body.slice(0, half));
  await connected;
  return { response, finish: () => req.end(body.slice(half)) };
}

describe('SIGTERM on an API replica behind a load balancer', () => {
  it('drains: the waiting CLI gets its answer from the replica that stays, and the in-flight answer finishes', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const filed = (await me.file({ question: 'Ship during the deploy?', context, asks: [tierAsk()] })).body as { decision: { id: string } };
    const id = filed.decision.id;
    expect(connectionsTo(a.port)).toBe(0);

    const shell = castShell({ url: proxyUrl, token: member.token });
    const waiting = shell.start(['decide', 'wait', id, '--timeout', '60s', '--json']);
    // nginx holds the CLI's long-poll on A, its primary.
    await until(() => connectionsTo(a.port) >= 1, 'the long-poll to reach replica A');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const inFlight = await halfSentAnswer(a.port, member.token, id);
    await new Promise((resolve) => setTimeout(resolve, 200));

    const signalled = Date.now();
    a.child.kill('SIGTERM');
    // Stops accepting at once: a new connection is refused while the answer is still in flight.
    await until(async () => !(await accepts(a.port)), 'replica A to stop accepting', 2000);
    expect(Date.now() - signalled).toBeLessThan(2000);
    expect(a.child.exitCode).toBeNull();

    await new Promise((resolve) => setTimeout(resolve, 300));
    inFlight.finish();
    const answered = await inFlight.response;
    expect(answered.status, answered.body).toBe(200);
    expect(answered.headers.connection).toBe('close');

    const run = await waiting.done;
    expect(run.code, run.stderr).toBe(0);
    expect(jsonOf(run)).toMatchObject({
      id,
      state: 'resolved',
      answer: { n: 2, label: 'Pro' },
      message: expect.stringContaining('Decision: Pro'),
    });

    const code = await a.exited;
    const exitedAfter = Date.now() - signalled;
    expect(code, a.output()).toBe(0);
    expect(exitedAfter).toBeLessThan(DRAIN_SECONDS * 1000);
    const drained = a
      .output()
      .split('\n')
      .filter((line) => line.includes('"API drained"'))
      .map((line) => JSON.parse(line) as { forced: number; ms: number });
    expect(drained).toEqual([expect.objectContaining({ forced: 0 })]);

    // What nginx saw: the wait on A cut short as "not yet, poll again now", the next one served by B.
    const waits = readFileSync(join(nginx.dir, 'drain.log'), 'utf8')
      .split('\n')
      .filter((line) => line.includes(`/decisions/${id}/wait`));
    expect(waits[0]).toMatch(new RegExp(`200 upstream=127\\.0\\.0\\.1:${a.port} upstream_status=200 retry_after=0$`));
    expect(waits.at(-1)).toMatch(new RegExp(`200 upstream=(.*, )?127\\.0\\.0\\.1:${b.port} upstream_status=(.*, )?200 retry_after=-?$`));
    console.log(`replica A exited ${exitedAfter} ms after SIGTERM; drain ${drained[0]!.ms} ms; nginx saw:\n${waits.join('\n')}`);
  }, 120_000);
});
