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
import type { Client } from '@temporalio/client';
import { TestWorkflowEnvironment } from '@temporalio/testing';
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
