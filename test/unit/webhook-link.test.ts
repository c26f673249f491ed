/** A decision's webhook event links to its page on CAST_PUBLIC_URL (domain/webhook.ts withDecisionLink). */
import { describe, expect, it } from 'vitest';
import { pingEvent, withDecisionLink, type WebhookEvent } from '../../domain/webhook';

const resolved: WebhookEvent = {
  id: 'sd-12.decision.resolved.3',
  type: 'decision.resolved',
  createdAt: '2026-12-02T10:00:00.000Z',
  data: { decision: { id: 'sd-12', status: 'resolved' } },
};

describe('the link a webhook event carries', () => {
  it("is the decision's page in the web queue, on the public URL", () => {
    expect(withDecisionLink(resolved, 'https://cast.example.com').data).toEqual({
      decision: { id: 'sd-12', status: 'resolved' },
      url: 'https://cast.example.com/decisions?id=sd-12',
    });
  });

  it('is left out when the worker has no public URL, and on events that are not about a decision', () => {
    expect(withDecisionLink(resolved, undefined)).toBe(resolved);
    const ping = pingEvent({ id: 'wh_1', url: 'https://hooks.example.com/cast' }, 'ping_1', '2026-12-02T10:00:00.000Z') as WebhookEvent;
    expect(withDecisionLink(ping, 'https://cast.example.com')).toBe(ping);
  });
});
