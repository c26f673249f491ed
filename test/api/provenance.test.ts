/**
 * Issue 38 items 9 and 10: what was answered stays on record. Item 9: an answered (or archived)
 * permission card keeps the whole tool input it asked about. Item 10: every answer records who
 * gave it, through which channel, and a digest of exactly what it approved — on the decision, in
 * its activity entry and in the webhook event; a token cannot claim a channel that is not its own.
 */
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { request } from '../../client/request';
import type { DecisionView } from '../../domain/decision';
import type { AnswerBody } from '../../domain/decision-schema';
import { activityRoutes } from '../../domain/routes/activity';
import { approvalRoutes } from '../../domain/routes/approvals';
import { decisionRoutes } from '../../domain/routes/decisions';
import { inboxRoutes } from '../../domain/routes/inbox';
import { sessionRoutes } from '../../domain/routes/sessions';
import { webhookRoutes } from '../../domain/routes/webhooks';
import { tierAsk, world } from '../support/agent-world';
import { agentTokenOf } from '../support/members';
import { expectProblem } from '../support/problem';
import { startTestCast, type Member, type TestCast } from '../support/test-cast';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

let cast: TestCast;
let receiver: WebhookReceiver;
beforeAll(async () => {
  cast = await startTestCast();
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await cast?.stop();
  await receiver?.close();
});

/** The digest computed here, independently of Cast: node:crypto over JSON with sorted keys. */
function sha256Of(value: unknown): string {
  const sorted = (item: unknown): unknown =>
    Array.isArray(item)
      ? item.map(sorted)
      : item && typeof item === 'object'
        ? Object.fromEntries(
            Object.entries(item)
              .sort(([a], [b]) => (a < b ? -1 : 1))
              .map(([key, inner]) => [key, sorted(inner)]),
          )
        : item;
  return `sha256:${createHash('sha256')
    .update(JSON.stringify(sorted(value)))
    .digest('hex')}`;
}

const writeInput = { file_path: '/repo/notes/plan.md', content: '# Plan\n\n1. Migrate the billing table\n2. Ship it\n' };

/** A member, and a Claude Code agent token that files a Write permission prompt in a fresh session. */
async function permissionCard(member?: Member) {
  const person = member ?? (await cast.newMember());
  const agent = await agentTokenOf(cast.pool, person, `Claude Code ${randomUUID().slice(0, 8)}`);
  const filed = await world(cast, agent).send(sessionRoutes.fileHostPrompt, {
    params: { id: `conv-${randomUUID()}` },
    body: { kind: 'permission', tool: 'Write', toolInput: writeInput, requestId: `toolu_${randomUUID()}` },
  });
  return { person, id: filed.decision.id };
}

/** Answers as a `cast` client that names its channel. */
function answerThrough(member: Member, channel: string, id: string, answer: z.input<typeof AnswerBody>['answer']) {
  return request({ url: cast.url, token: member.token, headers: { 'cast-channel': channel } }, decisionRoutes.answerAsk, {
    params: { id, ask: 1 },
    body: { answer },
  });
}

const approve = { kind: 'approval', decision: 'approve' } as const;
const answerOf = (decision: DecisionView) => decision.asks[0]!.answer!;

async function entries(member: Member, id: string) {
  return (await cast.send(member.token, activityRoutes.listActivity, { query: { subject_kind: 'decision', subject_id: id } })).activity;
}

describe('issue 38 item 9: an answered permission card keeps what it approved', () => {
  it('issue 38 item 9: the answered Write card still carries its whole tool input, and so does an archived one', async () => {
    const { person, id } = await permissionCard();
    await world(cast, person).answer(id, 1, approve);
    const answered = (await cast.send(person.token, decisionRoutes.getDecision, { params: { id } })).decision;
    expect(answered.status).toBe('resolved');
    expect(answered.source).toMatchObject({ kind: 'permission', tool: 'Write', toolInput: writeInput });
    expect(answered.context).toBe(writeInput.file_path);

    const other = await permissionCard(person);
    await cast.send(person.token, decisionRoutes.archiveDecision, { params: { id: other.id }, body: {} });
    const archived = (await cast.send(person.token, decisionRoutes.getDecision, { params: { id: other.id } })).decision;
    expect(archived.status).toBe('archived');
    expect(archived.source).toMatchObject({ toolInput: writeInput });
  });
});

describe('issue 38 item 10: provenance', () => {
  it('issue 38 item 10: an answer through the cast CLI records the member, channel cli and the digest of the tool input; its activity entry and its webhook event show the same', async () => {
    const { person, id } = await permissionCard();
    await cast.send(person.token, webhookRoutes.createWebhook, {
      body: { url: `${receiver.url}/provenance`, events: ['decision.resolved'] },
    });
    const { body } = await answerThrough(person, 'cli', id, approve);
    const expected = {
      actor: { kind: 'member', id: person.memberId },
      channel: 'cli',
      inputDigest: sha256Of(writeInput),
      digestOf: 'tool-input',
    };
    expect(answerOf(body.decision).provenance).toEqual(expected);
    // Read back from the read model, as every surface reads it.
    const read = (await cast.send(person.token, decisionRoutes.getDecision, { params: { id } })).decision;
    expect(answerOf(read).provenance).toEqual(expected);

    const answered = (await entries(person, id)).find((entry) => entry.kind === 'answered');
    expect(answered).toMatchObject({ actorKind: 'member', actorId: person.memberId, detail: { ask: 1, provenance: expected } });

    await expect.poll(() => receiver.received.filter((hook) => hook.path === '/provenance').length, { timeout: 20_000 }).toBe(1);
    const event = JSON.parse(receiver.received.find((hook) => hook.path === '/provenance')!.body);
    expect(event.type).toBe('decision.resolved');
    expect(event.data.decision.asks[0].answer.provenance).toEqual(expected);
  });

  it('issue 38 item 10: the channel is the request’s — a token without Cast-Channel is api, cast mcp says mcp, the signed-in browser is web', async () => {
    const person = await cast.newMember();
    const [plain, mcp, browser] = [await permissionCard(person), await permissionCard(person), await permissionCard(person)];

    await world(cast, person).answer(plain.id, 1, approve);
    await answerThrough(person, 'mcp', mcp.id, approve);
    const signIn = await fetch(`${cast.url}/auth/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: cast.url },
      body: JSON.stringify({ token: person.token }),
    });
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    // The browser sends no Cast-Channel; one it did send would not change what it is.
    const web = await fetch(`${cast.url}/api/v1/decisions/${browser.id}/asks/1/answer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: cast.url, cookie, 'cast-channel': 'cli' },
      body: JSON.stringify({ answer: approve }),
    });
    expect(web.status).toBe(200);

    const channelOf = async (id: string) => answerOf(await world(cast, person).decision(id)).provenance?.channel;
    expect(await channelOf(plain.id)).toBe('api');
    expect(await channelOf(mcp.id)).toBe('mcp');
    expect(await channelOf(browser.id)).toBe('web');
  });

  it('issue 38 item 10: a token cannot claim web, inbox or an unknown channel — 400 channel_not_allowed, and nothing is answered', async () => {
    const { person, id } = await permissionCard();
    for (const claimed of ['web', 'inbox', 'email', 'carrier-pigeon']) {
      await expectProblem(answerThrough(person, claimed, id, approve), 400, 'channel_not_allowed');
    }
    const decision = await world(cast, person).decision(id);
    expect(decision.status).toBe('open');
    expect(decision.asks[0]!.answer).toBeNull();
    expect((await entries(person, id)).map((entry) => entry.kind)).not.toContain('answered');
  });

  it('issue 38 item 10: an Inbox reply is recorded as inbox; the approval endpoint as the request’s channel; each digests the ask as it was asked', async () => {
    const me = world(cast, await cast.newMember());
    const propose = (summary: string) =>
      me.send(approvalRoutes.proposeApproval, { body: { actionType: 'override_budget', summary, risks: ['spends_money'], payload: {} } });
    const viaInbox = (await propose('Approve the $240 spend')).approval;
    const viaEndpoint = (await propose('Approve the $90 spend')).approval;

    await me.send(inboxRoutes.replyToInbox, { params: { id: `approval:${viaInbox.id}` }, body: { text: 'yes' } });
    await request({ url: cast.url, token: me.member.token, headers: { 'cast-channel': 'cli' } }, approvalRoutes.approve, {
      params: { id: viaEndpoint.id },
      body: {},
    });

    const inboxDecision = await me.decision(viaInbox.decisionId!);
    const endpointDecision = await me.decision(viaEndpoint.decisionId!);
    const { position: _p, status: _s, answer: _a, withdrawnAnswers: _w, ...asked } = inboxDecision.asks[0]!;
    expect(answerOf(inboxDecision).provenance).toEqual({
      actor: { kind: 'member', id: me.member.memberId },
      channel: 'inbox',
      inputDigest: sha256Of({ question: inboxDecision.question, context: inboxDecision.context, ask: asked }),
      digestOf: 'ask',
    });
    expect(answerOf(endpointDecision).provenance).toMatchObject({ channel: 'cli', digestOf: 'ask' });
    expect(answerOf(endpointDecision).provenance!.inputDigest).not.toBe(answerOf(inboxDecision).provenance!.inputDigest);
  });

  it('issue 38 item 10: an undone answer keeps its provenance among the withdrawn answers, and the undo records its channel', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const filed = await me.file({
      question: 'Which tier?',
      context: 'Enough context for a person to answer without the session.',
      asks: [tierAsk()],
    });
    const id = filed.body.decision.id;
    await answerThrough(member, 'cli', id, { kind: 'decision', selected: [2] });
    await request({ url: cast.url, token: member.token, headers: { 'cast-channel': 'cli' } }, decisionRoutes.undoAnswer, {
      params: { id, ask: 1 },
      body: {},
    });
    const undone = await me.decision(id);
    expect(undone.asks[0]!.answer).toBeNull();
    expect(undone.asks[0]!.withdrawnAnswers?.[0]?.provenance).toMatchObject({ channel: 'cli', digestOf: 'ask' });
    expect((await entries(member, id)).find((entry) => entry.kind === 'undone')?.detail).toMatchObject({ channel: 'cli' });
  });
});
