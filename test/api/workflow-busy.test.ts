/**
 * Issue 38 item 11, on a real Temporal server: a decision's workflow that cannot take one more
 * request now ("Workflow is busy", or its in-flight update limit: gRPC RESOURCE_EXHAUSTED) is a
 * retryable 503 with `Retry-After` that says whether it may have taken effect — never a 500 —
 * and the same answer sent again with its `Idempotency-Key` once the workflow is free lands
 * exactly once. The dev server here allows one update in flight per workflow
 * (history.maxInFlightUpdates); with the worker stopped, the first answer stays in flight and the
 * second finds the workflow busy. Temporal's core client retries RESOURCE_EXHAUSTED with backoff,
 * so which 503 the caller sees depends on whether the server's refusal or the gateway's deadline
 * comes first: `temporal_busy` (nothing changed) or `temporal_unavailable` (may have).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../runtime/env';
import { freePort } from '../../runtime/free-port';
import { provideTemporal } from '../../scripts/provide-temporal';
import { startTemporalDevServer, type TemporalDevServer } from '../../scripts/temporal-dev-server';
import { decisionRoutes } from '../../domain/routes/decisions';
import { decisionBody } from '../support/fixtures';
import { startTestCast, type TestCast } from '../support/test-cast';

let temporal: TemporalDevServer;
let cast: TestCast;
beforeAll(async () => {
  temporal = await startTemporalDevServer({
    binary: await provideTemporal(loadEnv()),
    port: await freePort(),
    dynamicConfig: { 'history.maxInFlightUpdates': 1 },
  });
  cast = await startTestCast({ temporalAddress: temporal.address });
});
afterAll(async () => {
  await cast?.stop();
  await temporal?.stop();
});

describe('issue 38 item 11: a busy workflow', () => {
  it('answers a retryable 503 saying whether it took effect, never a 500; sent again with its key, the answer lands once', async () => {
    const member = await cast.newMember();
    const filed = await cast.send(member.token, decisionRoutes.fileDecision, { body: decisionBody('Busy?', 2) });
    const id = filed.decision.id;
    const answer = (ask: number, key?: string) =>
      fetch(`${cast.url}/api/v1/decisions/${id}/asks/${ask}/answer`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${member.token}`,
          'content-type': 'application/json',
          ...(key ? { 'idempotency-key': key } : {}),
        },
        body: JSON.stringify({ answer: { kind: 'decision', selected: [2] } }),
      });

    await cast.stopWorker();
    // In flight until a worker runs its workflow task (or the gateway's deadline passes).
    const first = answer(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const key = `busy-${id}`;
    const busy = await answer(2, key);
    const retryAfter = Number(busy.headers.get('retry-after'));
    expect(busy.status).toBe(503);
    const problem = (await busy.json()) as { code: string; mayHaveTakenEffect?: unknown; detail: string };
    expect(['temporal_busy', 'temporal_unavailable']).toContain(problem.code);
    expect(typeof problem.mayHaveTakenEffect).toBe('boolean');
    expect(retryAfter).toBeGreaterThanOrEqual(1);

    await cast.startWorker();
    await first;
    // Sent again with its key, as a client does after Retry-After, until the workflow is free: it
    // lands, once, however the first try ended.
    let again = await answer(2, key);
    for (let tries = 1; again.status === 503 && tries < 30; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 1000 * Number(again.headers.get('retry-after') ?? 1)));
      again = await answer(2, key);
    }
    expect(again.status).toBe(200);
    type Answered = { decision: { asks: Array<{ answer: { answeredAt: string } | null }> } };
    const landed = ((await again.json()) as Answered).decision.asks[1]!.answer;
    expect(landed).not.toBeNull();
    // Once more with the same key: the same answer back, not a second one.
    const repeat = await answer(2, key);
    expect(repeat.status).toBe(200);
    expect(((await repeat.json()) as Answered).decision.asks[1]!.answer).toEqual(landed);
  });
});
