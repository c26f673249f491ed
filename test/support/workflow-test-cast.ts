/**
 * What the workflow tests share: a Temporal server of the file's own from
 * `@temporalio/testing`, a Cast over it (its worker runs the workflows; its activities use the
 * run's database), a member to act as, and the environment's client, to drive workflows
 * directly rather than through the API.
 *
 * `startWorkflowTestCast` runs the real dev server (the `temporal` CLI Cast provides);
 * `startTimeSkippingCast` runs the time-skipping test server, where the real 10-minute undo
 * window and a 24-hour deadline pass in moments. Both are existing-path executables, so
 * nothing is downloaded at run time.
 */
import { WithStartWorkflowOperation, type Client, type WorkflowHandle } from '@temporalio/client';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { expect } from 'vitest';
import type { StackStart } from '../../domain/stack';
import { decisionQuery } from '../../workflows/messages';
import { STACK_WORKFLOW, addMembersUpdate, createStackUpdate, stackWorkflowId } from '../../workflows/stack-messages';
import type { stackWorkflow } from '../../workflows/stack-workflow';
import { provideTemporal } from '../../scripts/provide-temporal';
import { provideTestServer } from '../../scripts/provide-test-server';
import { startTestCast, type Member, type TestCast } from './test-cast';

export type WorkflowTestCast = { cast: TestCast; member: Member; client: Client; env: TestWorkflowEnvironment; stop(): Promise<void> };

export async function startWorkflowTestCast(): Promise<WorkflowTestCast> {
  const env = await TestWorkflowEnvironment.createLocal({
    server: { executable: { type: 'existing-path', path: await provideTemporal() } },
  });
  return castOver(env);
}

export async function startTimeSkippingCast(): Promise<WorkflowTestCast> {
  const path = await provideTestServer();
  const env = await TestWorkflowEnvironment.createTimeSkipping({ server: { executable: { type: 'existing-path', path } } });
  return castOver(env);
}

async function castOver(env: TestWorkflowEnvironment): Promise<WorkflowTestCast> {
  const cast = await startTestCast({ temporalAddress: env.address }).catch(async (error: unknown) => {
    await env.teardown();
    throw error;
  });
  const member = await cast.newMember();
  return {
    cast,
    member,
    client: env.client,
    env,
    async stop() {
      // The worker stops before its server goes (DESIGN §10).
      await cast.stop();
      await env.teardown();
    },
  };
}

/**
 * A stack whose auto-default answers after `autoDefaultMs`, started straight on Temporal as
 * stack `ds-<number>` with the open decision behind `decision` in it; resolves once that
 * decision has taken in the deadline the stack signals it, with the stack and that deadline.
 */
export async function stackOverDecision(
  { cast, member, client }: Pick<WorkflowTestCast, 'cast' | 'member' | 'client'>,
  decision: { id: string; handle: WorkflowHandle },
  { number, autoDefaultMs }: { number: number; autoDefaultMs: number },
): Promise<{ stack: WorkflowHandle<typeof stackWorkflow>; deadline: string }> {
  const start: StackStart = {
    id: `ds-${number}` as StackStart['id'],
    number,
    workspaceId: member.workspaceId,
    title: 'Launch checklist',
    createdBy: member.memberId,
    dueAt: null,
    autoDefaultMs,
    members: [],
  };
  const operation = new WithStartWorkflowOperation<typeof stackWorkflow>(STACK_WORKFLOW, {
    workflowId: stackWorkflowId(start.id, undefined),
    taskQueue: cast.taskQueue,
    args: [{ start }],
    workflowIdConflictPolicy: 'FAIL',
  });
  await client.workflow.executeUpdateWithStart(createStackUpdate, { args: [{}], startWorkflowOperation: operation });
  const stack = await operation.workflowHandle();
  await stack.executeUpdate(addMembersUpdate, { args: [{ members: [{ decisionId: decision.id, open: true }] }] });
  // The stack tells its member the deadline by a signal: wait for the member to take it in.
  await expect.poll(async () => (await decision.handle.query(decisionQuery)).stack?.deadline ?? null).not.toBeNull();
  return { stack, deadline: (await decision.handle.query(decisionQuery)).stack!.deadline! };
}
