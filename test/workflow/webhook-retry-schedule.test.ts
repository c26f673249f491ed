/**
 * Issue 28, item 10: a delivery is retried over days, not about an hour, on the schedule
 * docs/webhooks.md gives — run at its true length on Temporal's time-skipping test server,
 * against a real receiver, with every try in the delivery log.
 */
import type { Client } from '@temporalio/client';
import { tsToMs } from '@temporalio/common/lib/time';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listDeliveries, queueDelivery } from '../../db/webhook-deliveries';
import { WEBHOOK_DELIVERY_WORKFLOW, WEBHOOK_RETRY_DELAYS_MS, webhookDeliveryWorkflowId } from '../../domain/webhook-delivery';
import type { webhookDeliveryWorkflow } from '../../workflows/webhook-delivery-workflow';
import { world } from '../support/agent-world';
import type { Member, TestCast } from '../support/test-cast';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { startTimeSkippingCast } from '../support/workflow-test-cast';

const DAY = 24 * 3600_000;

let cast: TestCast;
let member: Member;
let client: Client;
let receiver: WebhookReceiver;
let stop = async () => {};

beforeAll(async () => {
  ({ cast, member, client, stop } = await startTimeSkippingCast());
  // `/down` never recovers; `/recovers` answers 503 three times, then 200.
  receiver = await startWebhookReceiver((path) => (path === '/recovers' && receiver.at(path).length >= 3 ? 200 : 503));
});
afterAll(async () => {
  await stop();
  await receiver?.close();
});

/** Queues one event for a new endpoint at `path` and runs its delivery to the end (time skips meanwhile). */
async function deliverTo(path: string) {
  const me = world(cast, member);
  const { webhook } = await me.ok<{ webhook: { id: string } }>('POST', '/api/v1/webhooks', { url: `${receiver.url}${path}` });
  const event = { id: `sd-1.decision.resolved.${randomUUID()}`, type: 'decision.resolved', body: '{"hello":"world"}' };
  const { id } = (await queueDelivery(cast.pool, webhook.id, event))!;
  const handle = await client.workflow.start<typeof webhookDeliveryWorkflow>(WEBHOOK_DELIVERY_WORKFLOW, {
    workflowId: webhookDeliveryWorkflowId(id, undefined),
    taskQueue: cast.taskQueue,
    args: [{ deliveryId: id }],
  });
  const outcome = await handle.result();
  const history = await handle.fetchHistory();
  const waits = (history.events ?? []).flatMap((e) =>
    e.timerStartedEventAttributes ? [tsToMs(e.timerStartedEventAttributes.startToFireTimeout)] : [],
  );
  const { startTime, closeTime } = await handle.describe();
  const [delivery] = await listDeliveries(cast.pool, member.workspaceId, webhook.id, 1);
  return { outcome, waits, took: closeTime!.getTime() - startTime.getTime(), delivery: delivery! };
}

describe('a webhook delivery over days', () => {
  it('tries an endpoint that stays down 10 times over 3 days and 3 hours, on the documented schedule, then gives up', async () => {
    const { outcome, waits, took, delivery } = await deliverTo('/down');
    expect(outcome).toBe('failed');
    expect(waits).toEqual([...WEBHOOK_RETRY_DELAYS_MS]);
    expect(took).toBeGreaterThan(3 * DAY + 3 * 3600_000);
    expect(receiver.at('/down')).toHaveLength(10);
    // Every try carries the event's one id, each with a timestamp of its own.
    expect(new Set(receiver.at('/down').map((hook) => hook.headers['webhook-id']))).toHaveProperty('size', 1);
    expect(delivery).toMatchObject({ status: 'failed', attemptCount: 10, nextAttemptAt: null });
    expect(delivery.attempts).toHaveLength(10);
    expect(delivery.attempts.every((attempt) => attempt.responseStatus === 503)).toBe(true);
  });

  it('stops at the first success', async () => {
    const { outcome, waits, delivery } = await deliverTo('/recovers');
    expect(outcome).toBe('delivered');
    expect(waits).toEqual(WEBHOOK_RETRY_DELAYS_MS.slice(0, 3));
    expect(delivery).toMatchObject({ status: 'delivered', attemptCount: 4, nextAttemptAt: null });
    expect(delivery.attempts.map((attempt) => attempt.responseStatus)).toEqual([200, 503, 503, 503]);
  });
});
