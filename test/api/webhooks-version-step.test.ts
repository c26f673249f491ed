/**
 * Issue 40 item 1, the version step: a decision filed at workflow version 3 (an API older than
 * the step, or a decision filed before the deploy) keeps announcing from its own workflow and
 * writes nothing to the outbox; one filed at version 4 announces only through the outbox. Either
 * way a receiver gets each event once, under the same ids, verified by the official library.
 * (Were both paths to send one event, the delivery log's (endpoint, event id) key would fold them
 * into one delivery: so the workflow's own history is what shows which path sent it.)
 */
import { Client, Connection } from '@temporalio/client';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookRoutes } from '../../domain/routes/webhooks';
import { DECISION_WORKFLOW_VERSION, decisionWorkflowId } from '../../workflows/messages';
import { tierAsk, world } from '../support/agent-world';
import { startTestCast, type TestCast } from '../support/test-cast';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

let before: TestCast;
let after: TestCast;
let receiver: WebhookReceiver;
let connection: Connection;

beforeAll(async () => {
  receiver = await startWebhookReceiver(() => 200);
  // One worker serves both: the newer API's; the older API stamps version 3 on what it files.
  after = await startTestCast();
  before = await startTestCast({ workflowVersion: 3, worker: false, taskQueue: after.taskQueue });
  connection = await Connection.connect({ address: after.temporalAddress });
});
afterAll(async () => {
  await connection?.close();
  await before?.stop();
  await after?.stop();
  await receiver?.close();
});

const context = 'Enough context for a person to answer without opening the session, which is the whole point here.';

async function resolveWithRestart(cast: TestCast): Promise<{ id: string; secret: string; workspaceId: string }> {
  const member = await cast.newMember();
  const me = world(cast, member);
  const { secret } = await me.send(webhookRoutes.createWebhook, { body: { url: `${receiver.url}/${member.workspaceId}` } });
  const session = await me.session();
  const parked = await me.run(session, 'parked');
  const id = (await me.file({ question: 'Push it?', context, asks: [tierAsk()], session, run: parked.id })).body.decision.id;
  await me.answer(id, 1, { kind: 'decision', selected: [2] });
  return { id, secret, workspaceId: member.workspaceId };
}

async function outboxRows(cast: TestCast, workspaceId: string): Promise<number> {
  const { rows } = await cast.pool.query<{ n: number }>('select count(*)::int as n from outbox_events where workspace_id = $1', [
    workspaceId,
  ]);
  return rows[0]!.n;
}

/** The activities the decision's workflow has scheduled (local ones are markers, not these). */
async function scheduledActivities(cast: TestCast, id: string): Promise<string[]> {
  const history = await new Client({ connection }).workflow.getHandle(decisionWorkflowId(id, cast.deployment)).fetchHistory();
  return (history.events ?? []).flatMap((event) => event.activityTaskScheduledEventAttributes?.activityType?.name ?? []);
}

describe('issue 40 item 1: the announcer leaves the decision workflow behind one version step', { timeout: 120_000 }, () => {
  it.each([
    ['filed at version 3, announced by its workflow', () => before, false],
    [`filed at version ${DECISION_WORKFLOW_VERSION}, announced through the outbox`, () => after, true],
  ] as const)('issue 40 item 1: a decision %s reaches its receiver once per event', async (_name, cast, throughOutbox) => {
    const { id, secret, workspaceId } = await resolveWithRestart(cast());
    const path = `/${workspaceId}`;
    await expect.poll(() => receiver.at(path).length, { timeout: 30_000 }).toBe(2);
    const verifier = new StandardWebhook(secret);
    const events = receiver.at(path).map((hook) => verifier.verify(hook.body, hook.headers) as { id: string; type: string });
    expect(events.map((event) => event.type).sort()).toEqual(['decision.resolved', 'run.restart']);
    for (const event of events) expect(event.id).toMatch(new RegExp(`^${id}\\.${event.type.replace('.', '\\.')}\\.\\d+$`));
    expect((await outboxRows(cast(), workspaceId)) > 0).toBe(throughOutbox);
    expect((await scheduledActivities(cast(), id)).includes('sendWebhook')).toBe(!throughOutbox);
  });
});
