/**
 * Production, end to end, on the engine a production user runs: the open-source Temporal server
 * (one process per service, PostgreSQL persistence, the frontend behind mTLS and the JWT
 * authorizer), and Cast's compiled build installed with `npm ci --omit=dev`, configured by
 * environment variables alone and started in the README's order: migrate, admin init, workers,
 * APIs. `npm run test:cluster`.
 */
import { Client } from '@temporalio/client';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { reconcileDecisions } from '../../activities/reconcile';
import { ProblemError } from '../../client/request';
import { readDeployment } from '../../db/deployment';
import { createPool } from '../../db/pool';
import { decisionRoutes } from '../../domain/routes/decisions';
import { runRoutes } from '../../domain/routes/runs';
import { stackRoutes } from '../../domain/routes/stacks';
import { webhookRoutes } from '../../domain/routes/webhooks';
import { loadEnv } from '../../runtime/env';
import { freePort } from '../../runtime/free-port';
import { connectTemporal } from '../../runtime/temporal-connection';
import { approvalAsk, tierAsk, world } from '../support/agent-world';
import { castShell, jsonOf } from '../cli/run-cast';
import { freshDatabase } from '../support/fresh-database';
import { productionCopy, runProcess, startProcess, type CastProcess, type ProductionCopy } from '../support/production-copy';
import { startTemporalCluster, type TemporalCluster } from '../support/temporal-cluster';
import { apiOver, type Member } from '../support/test-cast';
import { until } from '../support/until';

// A cold cache builds the server first (about 8 minutes on 2 cores).
const START_TIMEOUT_MS = 900_000;
const context = 'Enough context for a person to answer without opening the session, which is the point.';

let cluster: TemporalCluster;
let copy: ProductionCopy;
let castEnv: Record<string, string>;
let apiUrl: string;
let owner: Member;
const processes: CastProcess[] = [];
type Hook = { path: string; id: string; type: string; headers: Record<string, string>; body: string };
const hooks: Hook[] = [];
let receiver: Server;
let receiverUrl: string;

function start(name: 'api' | 'worker', env: Record<string, string>): CastProcess {
  const started = startProcess(copy, name, env);
  processes.push(started);
  return started;
}

async function healthy(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  return fetch(`${url}/healthz`).then(
    async (response) => ({ status: response.status, body: (await response.json()) as Record<string, unknown> }),
    () => ({ status: 0, body: {} }),
  );
}

beforeAll(async () => {
  const started = Date.now();
  let databaseUrl: string;
  [cluster, copy, databaseUrl] = await Promise.all([
    startTemporalCluster(),
    productionCopy(),
    freshDatabase(inject('databaseUrl'), 'cast_cluster'),
  ]);
  castEnv = {
    DATABASE_URL: databaseUrl,
    ...cluster.env(),
    TEMPORAL_TASK_QUEUE: `cluster-${randomUUID()}`,
    CAST_RATE_LIMITS: 'off',
    // The webhook receiver listens on loopback.
    CAST_WEBHOOK_ALLOW_PRIVATE: 'on',
  };

  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      hooks.push({
        path: req.url ?? '',
        id: String(req.headers['x-cast-event-id']),
        type: String(req.headers['x-cast-event']),
        headers: req.headers as Record<string, string>,
        body,
      });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  receiverUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hooks`;

  // The README's production sequence.
  const migrated = await runProcess(copy, 'migrate', castEnv);
  if (migrated.code !== 0) throw new Error(`migrate failed:\n${migrated.output}`);
  const init = await runProcess(copy, 'admin', castEnv, ['init', '--workspace', 'Ops', '--owner', 'Dana', '--json']);
  if (init.code !== 0) throw new Error(`admin init failed:\n${init.output}`);
  const outcome = JSON.parse(init.output) as { workspaceId: string; memberId: string; token: string };
  owner = {
    kind: 'person',
    workspaceId: outcome.workspaceId,
    memberId: outcome.memberId,
    tokenId: '',
    role: 'owner',
    token: outcome.token,
  };
  start('worker', castEnv);
  const port = await freePort();
  apiUrl = `http://127.0.0.1:${port}`;
  const api = start('api', { ...castEnv, PORT: String(port) });
  const health = await until(
    () => healthy(apiUrl),
    (reply) => reply.status === 200,
    120_000,
    500,
  );
  if (health.status !== 200) throw new Error(`the API did not become healthy: ${JSON.stringify(health.body)}\n${api.output()}`);
  console.log(`cluster and compiled Cast ready after ${Date.now() - started} ms`);
}, START_TIMEOUT_MS);

afterAll(async () => {
  for (const process of processes) await process.stop();
  await new Promise((resolve) => receiver?.close(resolve));
  await cluster?.stop();
  copy?.remove();
}, 120_000);

describe('Cast on a Temporal cluster over mTLS with an API key', () => {
  it('files, answers, restarts the parked run for a waiting `cast decide wait`, and signs the webhook', { timeout: 120_000 }, async () => {
    const me = world(apiOver(apiUrl), owner);
    const { secret } = await me.send(webhookRoutes.createWebhook, { body: { url: receiverUrl } });
    const agent = await me.agent('Researcher');
    const session = await me.session(agent.id);
    const parked = await me.run(session, 'parked');
    const filed = await me.file({ question: 'Spend $240 on the data feed?', context, asks: [approvalAsk()], session, run: parked.id });
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    const id = filed.body.decision.id;

    const shell = castShell({ url: apiUrl, token: owner.token, session });
    const waiting = shell.start(['decide', 'wait', id, '--timeout', '60s', '--json']);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await me.answer(id, 1, { kind: 'approval', decision: 'approve' });
    const waited = await waiting.done;
    expect(waited.code, waited.stderr).toBe(0);
    expect(jsonOf<{ id: string; state: string; message: string }>(waited)).toMatchObject({
      id,
      state: 'resolved',
      message: expect.stringContaining('<cast-decision'),
    });

    const delivered = await me.delivered(id);
    expect(delivered.delivery).toMatchObject({ kind: 'restarted' });
    const restarted = await me.send(runRoutes.getRun, { params: { id: delivered.delivery!.runId! } });
    expect(restarted.run).toMatchObject({ status: 'ready', restartedFrom: parked.id });

    const resolved = await until(
      async () => hooks.filter((hook) => hook.type === 'decision.resolved' && hook.body.includes(`"id":"${id}"`)),
      (found) => found.length > 0,
      20_000,
    );
    expect(resolved).toHaveLength(1);
    expect(new StandardWebhook(secret).verify(resolved[0]!.body, resolved[0]!.headers)).toMatchObject({ id: resolved[0]!.id });
  });

  it('takes an answer back inside the undo window', async () => {
    const me = world(apiOver(apiUrl), owner);
    const filed = await me.file({ question: 'Which feed tier?', context, asks: [tierAsk()] });
    const id = filed.body.decision.id;
    await me.answer(id, 1, { kind: 'decision', selected: [2] });
    const undone = await me.send(decisionRoutes.undoAnswer, { params: { id, ask: 1 }, body: {} });
    expect(undone.decision.status).toBe('open');
    expect((await me.decision(id)).asks[0]!.answer).toBeFalsy();
  });

  it("answers an advisory member with its default when its stack's deadline passes", { timeout: 60_000 }, async () => {
    const me = world(apiOver(apiUrl), owner);
    const stack = await me.send(stackRoutes.createStack, { body: { title: 'Launch checklist', autoDefaultSeconds: 2 } });
    const filed = await me.file({
      question: 'Ship the banner?',
      context,
      asks: [tierAsk()],
      mode: 'advisory',
      defaultOption: 2,
      stack: stack.stack.id,
    });
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    const answered = await until(
      () => me.decision(filed.body.decision.id),
      (decision) => decision.status === 'resolved',
      20_000,
    );
    expect(answered.asks[0]!.answer).toMatchObject({
      value: { kind: 'decision', selected: [2] },
      automatic: true,
      answeredBy: 'auto-default',
    });
  });
});

describe('the history service killed mid-load', () => {
  it('loses no accepted filing or answer, and announces each resolution once', { timeout: 240_000 }, async () => {
    const me = world(apiOver(apiUrl), owner);
    await me.send(webhookRoutes.createWebhook, { body: { url: `${receiverUrl}/load` } });
    const filed: string[] = [];
    const accepted = new Map<string, number>();
    const refusals: Array<{ status: number; code: unknown; what: string }> = [];
    /** A refusal is counted, not thrown: the lanes keep loading while history is away. */
    const refused = (what: string) => (error: unknown) => {
      if (!(error instanceof ProblemError)) throw error;
      refusals.push({ status: error.status, code: error.code, what });
      return null;
    };
    let loading = true;
    const lane = async () => {
      while (loading) {
        const filing = await me.file({ question: `Load ${randomUUID()}?`, context, asks: [tierAsk()] }).catch(refused('filing'));
        if (!filing) continue;
        expect(filing.status).toBe(201);
        const id = filing.body.decision.id;
        filed.push(id);
        const selected = 1 + Math.round(Math.random());
        const answer = await me.answer(id, 1, { kind: 'decision', selected: [selected] }, 'Chosen under load.').catch(refused('answer'));
        if (answer) accepted.set(id, selected);
      }
    };
    const lanes = Promise.all([lane(), lane(), lane()]);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await cluster.kill('history', 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 4000));
    await cluster.start('history');
    await new Promise((resolve) => setTimeout(resolve, 4000));
    loading = false;
    await lanes;

    console.log(`under load: ${filed.length} filed, ${accepted.size} answers accepted, ${refusals.length} refused while history was away`);
    expect(accepted.size).toBeGreaterThan(5);
    // While history was away a request waited and was refused as unavailable, never a 500.
    expect(refusals.filter((refusal) => refusal.status !== 503)).toEqual([]);
    for (const id of filed) {
      const decision = await me.decision(id);
      const want = accepted.get(id);
      if (want === undefined) continue;
      expect(decision.status, id).toBe('resolved');
      expect(decision.asks[0]!.answer!.value, id).toEqual({ kind: 'decision', selected: [want] });
    }
    const announced = await until(
      async () =>
        new Map(
          [...accepted.keys()].map((id) => [
            id,
            new Set(
              hooks
                .filter((hook) => hook.path.endsWith('/load') && hook.type === 'decision.resolved' && hook.body.includes(`"id":"${id}"`))
                .map((hook) => hook.id),
            ),
          ]),
        ),
      (byDecision) => [...byDecision.values()].every((ids) => ids.size >= 1),
      60_000,
      500,
    );
    for (const [id, eventIds] of announced) expect(eventIds.size, `${id} announced under ${[...eventIds].join(', ')}`).toBe(1);

    // And every row agrees with its workflow: the reconciler, reaching the cluster as Cast does, repairs nothing.
    const settings = loadEnv(castEnv).temporal;
    const connection = await connectTemporal(settings);
    const pool = createPool(castEnv.DATABASE_URL!, 2);
    try {
      const report = await reconcileDecisions(pool, new Client({ connection, namespace: settings.namespace }), {
        taskQueue: settings.taskQueue,
        deployment: await readDeployment(pool),
        workspaceId: owner.workspaceId,
      });
      expect(report.checked).toBeGreaterThanOrEqual(filed.length);
      expect(report.repaired).toEqual([]);
      expect(report.unexplained).toEqual([]);
    } finally {
      await connection.close();
      await pool.end();
    }
  });
});

describe('refused credentials say why', () => {
  const without = (...names: string[]) => Object.fromEntries(Object.entries(castEnv).filter(([name]) => !names.includes(name)));

  it(
    'a worker with no client certificate, trusting the wrong CA, or with an expired or wrong-audience key stops at start',
    { timeout: 180_000 },
    async () => {
      const cases: Array<[string, Record<string, string>, RegExp]> = [
        [
          'no client certificate',
          without('TEMPORAL_TLS_CLIENT_CERT_PATH', 'TEMPORAL_TLS_CLIENT_KEY_PATH'),
          /TLS handshake with Temporal at .* failed: the server wants a client certificate and Cast sent none/,
        ],
        [
          'the wrong CA',
          { ...castEnv, TEMPORAL_TLS_SERVER_CA_CERT_PATH: cluster.wrongCaPath },
          /TLS handshake with Temporal at .* failed: the server's certificate is not signed by the CA Cast trusts/,
        ],
        [
          'a client certificate of another CA',
          {
            ...castEnv,
            TEMPORAL_TLS_CLIENT_CERT_PATH: cluster.otherClientCertPath,
            TEMPORAL_TLS_CLIENT_KEY_PATH: cluster.otherClientKeyPath,
          },
          /TLS handshake with Temporal at .* failed: the server refused Cast's client certificate/,
        ],
        [
          'an expired API key',
          { ...castEnv, TEMPORAL_API_KEY: cluster.apiKey({ expired: true }) },
          /refused the API key \(TEMPORAL_API_KEY\)/,
        ],
        [
          'a wrong-audience API key',
          { ...castEnv, TEMPORAL_API_KEY: cluster.apiKey({ audience: 'someone-else' }) },
          /refused the API key \(TEMPORAL_API_KEY\)/,
        ],
      ];
      for (const [what, env, sentence] of cases) {
        const { code, output } = await runProcess(copy, 'worker', env);
        expect(code, `${what}: ${output}`).toBe(1);
        expect(output, what).toMatch(sentence);
      }
    },
  );

  it('an API with an expired key starts and /healthz names the cause', { timeout: 60_000 }, async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const api = start('api', { ...castEnv, PORT: String(port), TEMPORAL_API_KEY: cluster.apiKey({ expired: true }) });
    const health = await until(
      () => healthy(url),
      (reply) => reply.status !== 0,
      30_000,
      300,
    );
    expect(health.status, api.output()).toBe(503);
    expect(health.body).toMatchObject({
      unreachable: ['temporal'],
      causes: { temporal: expect.stringMatching(/refused the API key \(TEMPORAL_API_KEY\)/) },
    });
    await api.stop();
  });
});
