/**
 * What the workflow tests share: a Cast (its worker runs the workflows), a member to act as,
 * and a Temporal client of their own, to drive workflows directly rather than through the API.
 */
import { Client, Connection } from '@temporalio/client';
import { inject } from 'vitest';
import { startTestCast, type Member, type TestCast } from './test-cast';

export type WorkflowTestCast = { cast: TestCast; member: Member; client: Client; stop(): Promise<void> };

export async function startWorkflowTestCast(): Promise<WorkflowTestCast> {
  const cast = await startTestCast();
  const member = await cast.newMember();
  const connection = await Connection.connect({ address: inject('temporalAddress') });
  return {
    cast,
    member,
    client: new Client({ connection }),
    async stop() {
      await connection.close();
      await cast.stop();
    },
  };
}
