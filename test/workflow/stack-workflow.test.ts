/**
 * The stack workflow on the real Temporal dev server: a stack that lives long continues as
 * new before its history grows large, keeping its state and losing no change.
 */
import { type Client, WithStartWorkflowOperation } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StackSnapshot } from '../../domain/stack';
import { getStack } from '../../db/stacks';
import type { stackWorkflow } from '../../workflows/stack-workflow';
import { STACK_WORKFLOW, createStackUpdate, stackPolicyUpdate, stackWorkflowId } from '../../workflows/stack-messages';
import type { Member, TestCast } from '../support/test-cast';
import { startWorkflowTestCast } from '../support/workflow-test-cast';

let cast: TestCast;
let member: Member;
let client: Client;
let stop = async () => {};

beforeAll(async () => {
  ({ cast, member, client, stop } = await startWorkflowTestCast());
});

afterAll(() => stop());

describe('a long-lived stack', () => {
  it('continues as new past its history limit, with its state and every change kept', async () => {
    const number = (Date.now() % 1_000_000_000) + 700_000_000;
    const id = `ds-${number}`;
    const start = {
      id,
      number,
      workspaceId: member.workspaceId,
      title: 'Weeks long',
      createdBy: member.memberId,
      dueAt: null,
      autoDefaultMs: null,
      members: [],
    };
    const operation = new WithStartWorkflowOperation<typeof stackWorkflow>(STACK_WORKFLOW, {
      workflowId: stackWorkflowId(id, undefined),
      taskQueue: cast.taskQueue,
      args: [{ start, historyLimit: 80 }],
      workflowIdConflictPolicy: 'FAIL',
    });
    await client.workflow.executeUpdateWithStart(createStackUpdate, { args: [{}], startWorkflowOperation: operation });
    const firstRun = (await (await operation.workflowHandle()).describe()).runId;

    const handle = client.workflow.getHandle(stackWorkflowId(id, undefined));
    let last: StackSnapshot | null = null;
    for (let change = 1; change <= 40; change += 1) {
      last = await handle.executeUpdate(stackPolicyUpdate, { args: [{ autoDefaultMs: change * 1000 }] });
    }
    expect(last).toMatchObject({ autoDefaultMs: 40_000, revision: 41 });

    const now = await handle.describe();
    expect(now.runId).not.toBe(firstRun);
    expect(now.historyLength).toBeLessThan(200);
    expect(await handle.query<StackSnapshot>('stack')).toMatchObject({ autoDefaultMs: 40_000, revision: 41, title: 'Weeks long' });
    expect(await getStack(cast.pool, member.workspaceId, id)).toMatchObject({ autoDefaultMs: 40_000, revision: 41 });
    await handle.terminate('test over');
  });
});
