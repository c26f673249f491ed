/**
 * What a decision filed before workflow version 4 tells subscribed webhook endpoints: each
 * change's events, pushed to every endpoint subscribed to them, where a dead endpoint holds
 * nothing up. Kept for those decisions' histories to replay; from version 4 on, a decision's
 * events leave through the outbox (domain/outbox/, notifier/) and this is never called.
 */
import type { DecisionSnapshot } from '../domain/decision';
import { toDecisionView } from '../domain/decision-state';
import { decisionEvents, withdrawalEvent, type WebhookEvent, type WebhookSubscribers } from '../domain/webhook';
import { sendWebhook, webhookEndpointsFor } from './decision-activities';

export class DecisionAnnouncer {
  /** `decision.resolved` goes out once per resolution; an undo makes the next one new. */
  private resolutionAnnounced = false;
  /** Pushes started by update handlers, which must not wait on them; the workflow ends only after them. */
  private readonly background: Array<Promise<void>> = [];

  /**
   * Pushes what the latest change means. `subscribers`, when a delivery has just read them,
   * saves reading them again.
   */
  announce(state: DecisionSnapshot, subscribers: WebhookSubscribers = {}): Promise<void> | undefined {
    const events = decisionEvents(state, { decision: toDecisionView(state) }, this.resolutionAnnounced);
    this.resolutionAnnounced ||= state.status === 'resolved';
    return this.push(state.workspaceId, events, subscribers);
  }

  /** An undone answer is announced in the background; answered again, the decision resolves anew. */
  announceWithdrawal(state: DecisionSnapshot, ask: number, message: string | null): void {
    this.resolutionAnnounced = false;
    const withdrawal = this.push(state.workspaceId, [withdrawalEvent(state, { decision: toDecisionView(state) }, { ask, message })]);
    if (withdrawal) this.background.push(withdrawal);
  }

  /** Settles once every background push has. */
  settled(): Promise<void[]> {
    return Promise.all(this.background);
  }

  /**
   * `undefined` when it is already known that no endpoint subscribes (most workspaces): then
   * nothing is started, as every promise a workflow makes costs a traced stack in the SDK.
   */
  private push(workspaceId: string, events: WebhookEvent[], subscribers: WebhookSubscribers = {}): Promise<void> | undefined {
    if (events.every((event) => subscribers[event.type]?.length === 0)) return undefined;
    return Promise.all(
      events.map(async (event) => {
        const endpoints = subscribers[event.type] ?? (await webhookEndpointsFor(workspaceId, event));
        await Promise.allSettled(endpoints.map((endpoint) => sendWebhook(endpoint, event)));
      }),
    ).then(() => undefined);
  }
}
