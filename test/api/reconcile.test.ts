/**
 * The reconciler: rows that fell behind their workflows are rewritten from the workflows,
 * and a running workflow whose row is gone gets it back. The rows are damaged directly in
 * the database, as a lost mirror write would leave them.
 */
import { Client, Connection, WithStartWorkflowOperation } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mirrorDecision } from '../../activities/mirror-decision';
import { reconcileDecisions } from '../../activities/reconcile';
import { openDecision } from '../../domain/decision-state';
import { decisionRoutes } from '../../domain/routes/decisions';
import { tierAsk, world } from '../support/agent-world';
import { expectProblem } from '../support/problem';
import { decisionBody, decisionStart } from '../support/fixtures';
import { startTestCast, type TestCast } from '../support/test-cast';
import type { decisionWorkflow } from '../../workflows/decision-workflow';
import { DECISION_WORKFLOW, DECISION_WORKFLOW_VERSION, decisionWorkflowId, fileDecisionUpdate } from '../../workflows/messages';

let cast: TestCast;
let connection: Connection;
let client: Client;
beforeAll(async () => {
  cast = await startTestCast();
  connection = await Connection.connect({ address: inject('temporalAddress') });
  client = new Client({ connection });
});
afterAll(async () => {
  await connection?.close();
  await cast?.stop();
});

const context = 'Enough context for a person to answer without opening the session, which is the point.';

describe('the reconciler', () => {
  it('rewrites a row that fell behind its workflow, restores a missing one, and leaves good rows alone', async () => {
    const me = world(cast, await cast.newMember());
    const behind = (await me.file({ question: 'Behind?', context, asks: [tierAsk()] })).body.decision.id;
    const stale = await cast.pool.query('select snapshot from decisions where id = $1', [behind]);
    await me.answer(behind, 1, { kind: 'decision', selected: [2] });
    const gone = (await me.file({ question: 'Gone?', context, asks: [tierAsk()] })).body.decision.id;
    const fine = (await me.file({ question: 'Fine?', context, asks: [tierAsk()] })).body.decision.id;

    // As if the answer's mirror write and the whole of another row were lost.
    await cast.pool.query(
      `update decisions set snapshot = $2, revision = 1, status = 'open', resolved_at = null, closed_at = null where id = $1`,
      [behind, stale.rows[0].snapshot],
    );
    await cast.pool.query('delete from decisions where id = $1', [gone]);
    await expectProblem(me.send(decisionRoutes.getDecision, { params: { id: gone } }), 404, 'decision_not_found');

    const report = await reconcileDecisions(cast.pool, client, {
      taskQueue: cast.taskQueue,
      deployment: cast.deployment,
      workspaceId: me.member.workspaceId,
    });
    expect(report.repaired).toEqual(
      expect.arrayContaining([
        { id: behind, from: 1, to: expect.any(Number) },
        { id: gone, from: null, to: 1 },
      ]),
    );
    expect(report.repaired.map((repair) => repair.id)).not.toContain(fine);
    expect(report.unexplained).toEqual([]);
    expect(await me.decision(behind)).toMatchObject({ status: 'resolved', asks: [{ answer: { value: { selected: [2] } } }] });
    expect((await me.decision(gone)).status).toBe('open');

    // A second pass finds nothing to do.
    const again = await reconcileDecisions(cast.pool, client, {
      taskQueue: cast.taskQueue,
      deployment: cast.deployment,
      workspaceId: me.member.workspaceId,
    });
    expect(again.repaired).toEqual([]);
  });

  it('a filing a worker mirrored and died on stands, though its task ran again past the deadline; one nobody took leaves no row', async () => {
    const me = world(cast, await cast.newMember());
    const expiredFiling = (question: string) => {
      const number = (Date.now() % 1_000_000_000) + 900_000_000 + Math.floor(Math.random() * 1000);
      const start = {
        ...decisionStart(decisionBody(question), { id: `sd-${number}`, workspaceId: me.member.workspaceId, filedBy: me.member.memberId }),
        expiresAt: new Date(Date.now() - 1000).toISOString(),
        workflowVersion: DECISION_WORKFLOW_VERSION,
      };
      const workflowId = decisionWorkflowId(start.id, cast.deployment);
      const file = () =>
        client.workflow.executeUpdateWithStart(fileDecisionUpdate, {
          args: [start],
          startWorkflowOperation: new WithStartWorkflowOperation<typeof decisionWorkflow>(DECISION_WORKFLOW, {
            workflowId,
            taskQueue: cast.taskQueue,
            args: [start],
            workflowIdConflictPolicy: 'FAIL',
          }),
        });
      // The Update's own failure carries the workflow's words.
      const refusal = () =>
        file().then(
          () => 'filed',
          (error: Error) => (error.cause instanceof Error ? error.cause.message : error.message),
        );
      return { start, refusal, handle: client.workflow.getHandle(workflowId) };
    };

    // The row a worker's mirror wrote inside the filing's first task, before the worker was killed (the chaos run's sd-9).
    const taken = expiredFiling('Taken in time?');
    await mirrorDecision(cast.pool, openDecision(taken.start, new Date(Date.now() - 2000)));
    expect(await taken.refusal()).toMatch(/given up waiting/);
    expect((await taken.handle.describe()).status.name).toBe('RUNNING');
    await me.answer(taken.start.id, 1, { kind: 'decision', selected: [2] });
    expect((await me.decision(taken.start.id)).status).toBe('resolved');

    const untaken = expiredFiling('Nobody took it?');
    expect(await untaken.refusal()).toMatch(/given up waiting/);
    expect(await untaken.handle.result()).toBeNull();
    await expectProblem(me.send(decisionRoutes.getDecision, { params: { id: untaken.start.id } }), 404, 'decision_not_found');

    const report = await reconcileDecisions(cast.pool, client, {
      taskQueue: cast.taskQueue,
      deployment: cast.deployment,
      workspaceId: me.member.workspaceId,
    });
    expect(report.unexplained).toEqual([]);
  });
});
