/**
 * Push delivery (DESIGN §4): signed webhooks for decision.resolved, run.restart,
 * message.injected and decision.withdrawn, retried with backoff, with a stable event id.
 */
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tierAsk, world } from '../support/agent-world';
import { expectProblem } from '../support/problem';
import { startTestCast, type TestCast } from '../support/test-cast';

type Received = { id: string; type: string; signature: string; body: string; status: number };

let cast: TestCast;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
const refusedOnce = new Set<string>();

beforeAll(async () => {
  cast = await startTestCast();
  // A receiver that fails each event's first delivery, so every event is retried once.
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const id = String(req.headers['x-cast-event-id']);
      const status = refusedOnce.has(id) ? 200 : 503;
      refusedOnce.add(id);
      received.push({ id, type: String(req.headers['x-cast-event']), signature: String(req.headers['x-cast-signature']), body, status });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  receiverUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hooks`;
});
afterAll(async () => {
  await cast?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

const context = 'Enough context for a person to answer without opening the session, which is the whole point here.';

async function eventsFor(decisionId: string, count: number): Promise<Received[]> {
  await expect
    .poll(() => received.filter((r) => r.status === 200 && r.body.includes(`"id":"${decisionId}"`)).length, { timeout: 15_000 })
    .toBe(count);
  return received.filter((r) => r.body.includes(`"id":"${decisionId}"`));
}

describe('webhooks', () => {
  it('signs each event with HMAC-SHA256 over the body and retries it with the same event id', async () => {
    const me = world(cast, await cast.newMember());
    const { secret, webhook } = await me.ok<{ secret: string; webhook: { id: string } }>('POST', '/api/v1/webhooks', { url: receiverUrl });
    expect(secret).toMatch(/^whsec_/);
    const listed = await me.ok<{ webhooks: Array<Record<string, unknown>> }>('GET', '/api/v1/webhooks');
    expect(listed.webhooks).toEqual([expect.objectContaining({ id: webhook.id, url: receiverUrl })]);
    expect(JSON.stringify(listed)).not.toContain(secret);

    const session = await me.session();
    const parked = await me.run(session, 'parked');
    const filed = await me.file({ question: 'Push it?', context, asks: [tierAsk()], session, run: parked.id });
    const id = filed.body.decision.id;
    await me.answer(id, 1, { kind: 'decision', selected: [2] });

    const deliveries = await eventsFor(id, 2);
    const delivered = deliveries.filter((d) => d.status === 200);
    expect(delivered.map((d) => d.type).sort()).toEqual(['decision.resolved', 'run.restart']);
    for (const event of delivered) {
      expect(event.signature).toBe(`sha256=${createHmac('sha256', secret).update(event.body).digest('hex')}`);
      // The refused first try and the accepted retry carry one id: receivers dedupe on it.
      expect(deliveries.filter((d) => d.id === event.id).map((d) => d.status)).toEqual([503, 200]);
      expect(JSON.parse(event.body)).toMatchObject({ id: event.id, type: event.type, data: { decision: { id, status: 'resolved' } } });
    }
  });

  it('announces a withdrawal, and only to endpoints subscribed to it', async () => {
    const me = world(cast, await cast.newMember());
    await me.ok('POST', '/api/v1/webhooks', { url: receiverUrl, events: ['decision.withdrawn'] });
    const answered = (await me.file({ question: 'Answer me quietly?', context, asks: [tierAsk()] })).body.decision.id;
    await me.answer(answered, 1, { kind: 'decision', selected: [2] });
    const withdrawn = (await me.file({ question: 'Withdraw me?', context, asks: [tierAsk()] })).body.decision.id;
    await me.ok('POST', `/api/v1/decisions/${withdrawn}/withdraw`);
    const events = await eventsFor(withdrawn, 1);
    expect(events.find((e) => e.status === 200)?.type).toBe('decision.withdrawn');
    expect(received.some((r) => r.body.includes(`"id":"${answered}"`))).toBe(false);
  });

  it('an undo announces answer.withdrawn with the message the agent got; answered again, the decision announces its new resolution', async () => {
    const me = world(cast, await cast.newMember());
    await me.ok('POST', '/api/v1/webhooks', { url: receiverUrl, events: ['decision.resolved', 'answer.withdrawn'] });
    const session = await me.session();
    const id = (await me.file({ question: 'Which tier?', context, asks: [tierAsk()], session })).body.decision.id;
    await me.answer(id, 1, { kind: 'decision', selected: [2] });
    await me.delivered(id);
    await me.ok('POST', `/api/v1/decisions/${id}/asks/1/undo`);
    const afterUndo = await eventsFor(id, 2);
    const withdrawn = afterUndo.find((event) => event.type === 'answer.withdrawn' && event.status === 200)!;
    expect(JSON.parse(withdrawn.body).data).toMatchObject({
      ask: 1,
      message: 'The owner withdrew their earlier answer to "Which feed tier?".',
      decision: { id, status: 'open' },
    });

    await me.answer(id, 1, { kind: 'decision', selected: [2] });
    const all = await eventsFor(id, 3);
    const resolutions = new Set(all.filter((event) => event.type === 'decision.resolved').map((event) => event.id));
    expect(resolutions.size).toBe(2);
  });

  it('refuses a webhook URL that is not http(s), and another workspace cannot delete it', async () => {
    const me = world(cast, await cast.newMember());
    const bad = await me.call('POST', '/api/v1/webhooks', { url: 'ftp://example.invalid/hook' });
    expect(bad.status).toBe(400);
    const { webhook } = await me.ok<{ webhook: { id: string } }>('POST', '/api/v1/webhooks', {
      url: receiverUrl,
      events: ['message.injected'],
    });
    const stranger = await cast.newMember();
    await expectProblem(await cast.request(stranger.token, 'DELETE', `/api/v1/webhooks/${webhook.id}`), 404, 'webhook_not_found');
    expect((await cast.request(null, 'GET', '/api/v1/webhooks')).status).toBe(401);
  });
});
