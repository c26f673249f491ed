/**
 * Production: rolling upgrades are safe. An API newer than the worker stamps a decision with a
 * workflow version the worker does not know; the worker must not run it on its older path (a
 * newer worker replaying that history would take another, and fail on nondeterminism). It fails
 * the workflow task instead, which Temporal retries until a worker that knows the version takes it.
 */
import { Client, Connection } from '@temporalio/client';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DECISION_WORKFLOW_VERSION, decisionWorkflowId } from '../../workflows/messages';
import { world } from '../support/agent-world';
import { decisionBody } from '../support/fixtures';
import { startTestCast, type TestCast } from '../support/test-cast';
import { expectProblem } from '../support/problem';
import { until } from '../support/until';

let cast: TestCast;
let connection: Connection;
let client: Client;

beforeAll(async () => {
  // This worker runs this build's workflows; the API stamps the next version, as an upgraded API would.
  cast = await startTestCast({ workflowVersion: DECISION_WORKFLOW_VERSION + 1 });
  connection = await Connection.connect({ address: inject('temporalAddress') });
  client = new Client({ connection });
});

afterAll(async () => {
  await cast?.stop();
  await connection?.close();
});

describe('a worker older than the decision it meets', () => {
  it('fails the workflow task, runs nothing of its older path, and leaves it for a newer worker', { timeout: 60_000 }, async () => {
    const me = world(cast, await cast.newMember());
    const question = `Upgrade the fleet ${randomUUID()}?`;
    // The API waits for a worker to take the filing, as it would with none running.
    await expectProblem(me.file({ ...decisionBody(question), session: `conv-${randomUUID()}` }), 503, 'temporal_unavailable');

    // The one workflow on this file's own task queue (other files file on the same server meanwhile).
    const listed = await until(
      async () => {
        const ids: string[] = [];
        for await (const execution of client.workflow.list({ query: `TaskQueue = '${cast.taskQueue}'` })) ids.push(execution.workflowId);
        return ids;
      },
      (ids) => ids.length === 1,
      15_000,
    );
    expect(listed).toHaveLength(1);
    const workflowId = listed[0]!;
    const id = workflowId.slice(workflowId.lastIndexOf('/') + 1);
    expect(workflowId).toBe(decisionWorkflowId(id, cast.deployment));
    const handle = client.workflow.getHandle(workflowId);
    const described = await until(
      () => handle.describe(),
      (description) => (description.raw.pendingWorkflowTask?.attempt ?? 0) >= 2,
      30_000,
    );
    // Still running, its first task failed and retried: waiting for a worker that knows version 2.
    expect(described.status.name).toBe('RUNNING');
    expect(described.raw.pendingWorkflowTask?.attempt).toBeGreaterThanOrEqual(2);

    const history = await handle.fetchHistory();
    const failed = history.events?.find((event) => event.workflowTaskFailedEventAttributes);
    expect(failed?.workflowTaskFailedEventAttributes?.failure?.message).toBe(
      `Decision ${id} was filed at workflow version ${DECISION_WORKFLOW_VERSION + 1}; this worker knows up to ${DECISION_WORKFLOW_VERSION}. Upgrade the workers.`,
    );
    // Nothing of the older path ran: no activity, no marker, no row.
    const commands = history.events?.filter(
      (event) =>
        event.activityTaskScheduledEventAttributes || event.markerRecordedEventAttributes || event.workflowTaskCompletedEventAttributes,
    );
    expect(commands).toEqual([]);
    const row = await cast.pool.query('select 1 from decisions where question = $1', [question]);
    expect(row.rowCount).toBe(0);
    await handle.terminate('test over');
  });
});
