/**
 * Issue 40 items 5 and 6: answer-in-place links. A link minted for a member answers one ask of
 * one decision with one answer: its GET (and HEAD, and the JSON read) shows what pressing will
 * answer and changes nothing; only the press answers, once, through the same resolution path as
 * every other door, recorded with the link's channel; a replayed, expired, tampered link, a
 * decision changed since, an answer given first elsewhere and a member no longer allowed are each
 * refused with their own code, as a problem for programs and as a page for people.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintAnswerLink, type MintAnswerLink } from '../../answer-links/mint-answer-link';
import { signLink, verifyLink } from '../../answer-links/link-token';
import { answerLinkSecret } from '../../db/answer-links';
import { request } from '../../client/request';
import type { AnswerValue } from '../../domain/ask-schema';
import { activityRoutes } from '../../domain/routes/activity';
import { answerLinkRoutes } from '../../domain/routes/answer-links';
import { decisionRoutes } from '../../domain/routes/decisions';
import { peopleRoutes } from '../../domain/routes/people';
import { webhookRoutes } from '../../domain/routes/webhooks';
import { approvalAsk, tierAsk, world } from '../support/agent-world';
import { colleagueOf } from '../support/members';
import { expectProblem, outcomeOf } from '../support/problem';
import { rowDigest, changedTables } from '../support/row-checksum';
import { startTestCast, type Member, type TestCast } from '../support/test-cast';
import type { OpenApiDocument } from '../../api/openapi/document';
import { documentedAnswers, undocumented } from '../support/documented-answers';
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

/** A workspace whose owner files, and Dana, the member the links are sent to. */
async function workspace() {
  const owner = await cast.newMember();
  const dana = await colleagueOf(cast.pool, owner, `Dana ${randomUUID().slice(0, 6)}`);
  return { owner, dana };
}

async function fileTier(filer: Member, asks = [tierAsk()]) {
  const filed = await world(cast, filer).file({
    question: 'Which data feed tier do we buy?',
    context: 'The research agent needs hourly prices for the backtest; the budget holds either.',
    asks,
  });
  return filed.body.decision;
}

type LinkFor = Partial<MintAnswerLink> & ({ option: number } | { value: AnswerValue });

/** Mints as a channel would, with the decision's revision as it is now unless said otherwise. */
async function linkFor(member: Member, decisionId: string, link: LinkFor) {
  const revision = link.revision ?? (await world(cast, member).decision(decisionId)).revision;
  const url = await mintAnswerLink({ pool: cast.pool, publicUrl: cast.url }, {
    workspace: member.workspaceId,
    member: member.memberId,
    decision: decisionId,
    ask: 1,
    channel: 'email',
    ...link,
    revision,
  } as MintAnswerLink);
  const token = url.slice(`${cast.url}/a/`.length);
  return { url, token };
}

const read = (token: string) => cast.send(null, answerLinkRoutes.readAnswerLink, { params: { token } });
const press = (token: string, reason?: string) =>
  cast.send(null, answerLinkRoutes.answerByLink, { params: { token }, body: reason ? { reason } : {} });
/** The page's button: a form POST, as the browser sends it. */
const pressPage = (url: string, form: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) });

async function uses(linkToken: string): Promise<number> {
  const claims = verifyLink(await answerLinkSecret(cast.pool), linkToken)!;
  const { rows } = await cast.pool.query('select count(*)::int as n from answer_link_uses where link_id = $1', [claims.linkId]);
  return (rows[0] as { n: number }).n;
}

describe('issue 40 item 5: a link never answers on GET', () => {
  it('issue 40 item 5: GET and HEAD of the page, and the JSON read, show what pressing answers and change nothing', async () => {
    const { owner, dana } = await workspace();
    const decision = await fileTier(owner);
    const { url, token } = await linkFor(dana, decision.id, { option: 2 });
    const before = await rowDigest(cast.pool, owner.workspaceId);

    // A mail scanner: GET, then HEAD, then GET again, following the link as it is.
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain('Which data feed tier do we buy?');
    expect(html).toContain('Which feed tier?');
    expect(html).toContain('<strong data-testid="link-answer">Pro</strong>');
    expect(html).toMatch(/<form method="post">[\s\S]*<button type="submit">Answer “Pro”<\/button>/);
    expect(html).not.toMatch(/<script/i);
    expect((await fetch(url, { method: 'HEAD' })).status).toBe(200);
    expect((await fetch(url)).status).toBe(200);

    const { link } = await read(token);
    expect(link).toMatchObject({
      decision: { id: decision.id, question: 'Which data feed tier do we buy?', path: `/decisions/${decision.id}` },
      ask: { position: 1, kind: 'decision', prompt: 'Which feed tier?' },
      answer: { kind: 'decision', selected: [2] },
      answerText: 'Pro',
      reasonRequired: false,
      member: { id: dana.memberId },
      channel: 'email',
    });

    const after = await world(cast, owner).decision(decision.id);
    expect(after.status).toBe('open');
    expect(after.asks[0]!.answer).toBeNull();
    expect(after.revision).toBe(decision.revision);
    expect(changedTables(before, await rowDigest(cast.pool, owner.workspaceId))).toEqual([]);
    expect(await uses(token)).toBe(0);
  });
});

describe('issue 40 items 5 and 6: the press answers once, recorded with its channel and person', () => {
  it('issue 40 item 6: the press answers as the member from the email; the decision, the activity entry and the webhook event say so', async () => {
    const { owner, dana } = await workspace();
    await cast.send(owner.token, webhookRoutes.createWebhook, {
      body: { url: `${receiver.url}/links-${owner.workspaceId}`, events: ['decision.resolved'] },
    });
    const decision = await fileTier(owner);
    const { url } = await linkFor(dana, decision.id, { option: 2 });

    const pressed = await pressPage(url);
    expect(pressed.status).toBe(200);
    expect(await pressed.text()).toContain('You answered “Pro”.');

    const answered = await world(cast, owner).decision(decision.id);
    expect(answered.status).toBe('resolved');
    const answer = answered.asks[0]!.answer!;
    expect(answer).toMatchObject({ value: { kind: 'decision', selected: [2] }, answeredBy: dana.memberId });
    expect(answer.provenance).toMatchObject({ actor: { kind: 'member', id: dana.memberId }, channel: 'email', digestOf: 'ask' });

    const entries = (
      await cast.send(owner.token, activityRoutes.listActivity, { query: { subject_kind: 'decision', subject_id: decision.id } })
    ).activity;
    expect(entries.find((entry) => entry.kind === 'answered')).toMatchObject({
      actorKind: 'member',
      actorId: dana.memberId,
      detail: { provenance: { actor: { kind: 'member', id: dana.memberId }, channel: 'email' } },
    });

    const path = `/links-${owner.workspaceId}`;
    await expect.poll(() => receiver.received.filter((hook) => hook.path === path).length, { timeout: 20_000 }).toBe(1);
    const event = JSON.parse(receiver.received.find((hook) => hook.path === path)!.body);
    expect(event.data.decision.asks[0].answer).toMatchObject({ answeredBy: dana.memberId, provenance: { channel: 'email' } });
  });

  it('issue 40 item 5: a replayed link is refused — as a page and as a problem — and answers nothing more', async () => {
    const { owner, dana } = await workspace();
    const decision = await fileTier(owner);
    const { url, token } = await linkFor(dana, decision.id, { option: 2, channel: 'slack' });
    const { decision: answered, answerText } = await press(token);
    expect(answerText).toBe('Pro');
    expect(answered.asks[0]!.answer!.provenance!.channel).toBe('slack');

    const again = await pressPage(url);
    expect(again.status).toBe(410);
    const html = await again.text();
    expect(html).toContain('This link was already used');
    expect(html).toContain(`href="/decisions/${decision.id}"`);
    await expectProblem(press(token), 410, 'link_used');
    await expectProblem(read(token), 410, 'link_used');
    const after = await world(cast, owner).decision(decision.id);
    expect(after.revision).toBe(answered.revision);
    expect(await uses(token)).toBe(1);
  });

  it('issue 40 item 5: two presses of one link at once answer exactly once; the other is told the link was used', async () => {
    const { owner, dana } = await workspace();
    const decision = await fileTier(owner);
    const { token } = await linkFor(dana, decision.id, { option: 2 });
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, () => outcomeOf(cast.reply(null, answerLinkRoutes.answerByLink, { params: { token }, body: {} }))),
    );
    expect(outcomes.filter((outcome) => outcome.status === 200)).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.status !== 200)).toEqual(Array(3).fill({ status: 410, code: 'link_used' }));
    const entries = (
      await cast.send(owner.token, activityRoutes.listActivity, { query: { subject_kind: 'decision', subject_id: decision.id } })
    ).activity;
    expect(entries.filter((entry) => entry.kind === 'answered')).toHaveLength(1);
    expect(await uses(token)).toBe(1);
  });

  it('issue 40 item 5: two members’ links race through the one resolution path — the first wins, the other is told who answered', async () => {
    const { owner, dana } = await workspace();
    const sam = await colleagueOf(cast.pool, owner, 'Sam');
    const decision = await fileTier(owner);
    const mine = await linkFor(dana, decision.id, { option: 2 });
    const theirs = await linkFor(sam, decision.id, { option: 2, channel: 'push' });
    const outcomes = await Promise.all(
      [mine, theirs].map(({ token }) => outcomeOf(cast.reply(null, answerLinkRoutes.answerByLink, { params: { token }, body: {} }))),
    );
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([200, 409]);
    expect(outcomes.find((outcome) => outcome.status === 409)!.code).toBe('link_answered_elsewhere');
    const winner = (await world(cast, owner).decision(decision.id)).asks[0]!.answer!;
    const loser = outcomes[0]!.status === 409 ? mine : theirs;
    const told = await expectProblem(read(loser.token), 409, 'link_answered_elsewhere');
    expect(told).toMatchObject({ answeredBy: { id: winner.answeredBy }, channel: winner.provenance!.channel });
  });
});

describe('issue 40 item 5: refusals', () => {
  it('issue 40 item 5: an answer given first elsewhere — the link is told who answered and where, and answers nothing', async () => {
    const { owner, dana } = await workspace();
    const sam = await colleagueOf(cast.pool, owner, 'Sam Okafor');
    const decision = await fileTier(owner);
    const { url, token } = await linkFor(dana, decision.id, { option: 1 });
    await request({ url: cast.url, token: sam.token, headers: { 'cast-channel': 'cli' } }, decisionRoutes.answerAsk, {
      params: { id: decision.id, ask: 1 },
      body: { answer: { kind: 'decision', selected: [2] } },
    });

    const problem = await expectProblem(press(token), 409, 'link_answered_elsewhere');
    expect(problem).toMatchObject({
      answeredBy: { id: sam.memberId, name: 'Sam Okafor' },
      channel: 'cli',
      answerText: 'Pro',
      decisionPath: `/decisions/${decision.id}`,
    });
    expect(problem.detail).toBe(
      'Sam Okafor already answered this from the cast command line: Pro. The first answer stands; this link answered nothing.',
    );
    const page = await fetch(url);
    expect(page.status).toBe(409);
    expect(await page.text()).toContain('Sam Okafor already answered this from the cast command line: Pro.');
    const answer = (await world(cast, owner).decision(decision.id)).asks[0]!.answer!;
    expect(answer.answeredBy).toBe(sam.memberId);
    expect(await uses(token)).toBe(0);
  });

  it('issue 40 item 5: a decision changed since the link was sent refuses with a page that says so and opens the decision', async () => {
    const { owner, dana } = await workspace();
    const decision = await fileTier(owner);
    const { url, token } = await linkFor(dana, decision.id, { option: 2 });
    await cast.send(owner.token, decisionRoutes.editDecision, {
      params: { id: decision.id },
      body: { question: 'Which feed tier, now that prices rose?' },
    });

    const page = await fetch(url);
    expect(page.status).toBe(409);
    const html = await page.text();
    expect(html).toContain('<h1>This decision changed since this link was sent</h1>');
    expect(html).toContain(`<a href="/decisions/${decision.id}">Open the decision</a>`);
    const pressed = await pressPage(url);
    expect(pressed.status).toBe(409);
    const problem = await expectProblem(press(token), 409, 'link_decision_changed');
    expect(problem).toMatchObject({ decision: decision.id, decisionPath: `/decisions/${decision.id}` });
    const after = await world(cast, owner).decision(decision.id);
    expect(after.asks[0]!.answer).toBeNull();
    expect(await uses(token)).toBe(0);
  });

  it('issue 40 item 5: an expired link refuses and answers nothing', async () => {
    const { owner, dana } = await workspace();
    const decision = await fileTier(owner);
    const { url, token } = await linkFor(dana, decision.id, { option: 2, now: new Date(Date.now() - 2 * 3600_000), expiresIn: 3600_000 });
    const page = await fetch(url);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain('This link has expired');
    await expectProblem(press(token), 410, 'link_expired');
    expect((await world(cast, owner).decision(decision.id)).asks[0]!.answer).toBeNull();
  });

  it('issue 40 item 5: a removed member’s link, and a viewer’s, answer nothing', async () => {
    const { owner, dana } = await workspace();
    const viewer = await colleagueOf(cast.pool, owner, 'Vic', 'viewer');
    const decision = await fileTier(owner);
    const danas = await linkFor(dana, decision.id, { option: 2 });
    const vics = await linkFor(viewer, decision.id, { option: 2 });
    await cast.send(owner.token, peopleRoutes.removeMember, { params: { id: dana.memberId } });

    await expectProblem(read(danas.token), 403, 'link_member_not_allowed');
    await expectProblem(press(danas.token), 403, 'link_member_not_allowed');
    const page = await pressPage(vics.url);
    expect(page.status).toBe(403);
    expect(await page.text()).toContain('no longer allows answering');
    await expectProblem(press(vics.token), 403, 'link_member_not_allowed');
    expect((await world(cast, owner).decision(decision.id)).asks[0]!.answer).toBeNull();
  });

  it('issue 40 item 5: a tampered or foreign-signed link reads exactly like one for a decision that does not exist', async () => {
    const { owner, dana } = await workspace();
    const decision = await fileTier(owner);
    const { token } = await linkFor(dana, decision.id, { option: 2 });
    const [payload, signature] = token.split('.') as [string, string];
    const claims = verifyLink(await answerLinkSecret(cast.pool), token)!;
    const swapped = signLink(Buffer.alloc(32, 7), claims);
    const raised = JSON.parse(Buffer.from(payload, 'base64url').toString());
    raised.x = { kind: 'decision', selected: [1] };
    const forged = `${Buffer.from(JSON.stringify(raised)).toString('base64url')}.${signature}`;
    const flipped = `${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    const missing = signLink(await answerLinkSecret(cast.pool), { ...claims, decisionId: 'sd-999999999' });

    const bodies: string[] = [];
    for (const candidate of [swapped, forged, flipped, missing, 'not-a-link', `${payload}.`]) {
      const problem = await expectProblem(read(candidate), 404, 'link_not_found');
      await expectProblem(press(candidate), 404, 'link_not_found');
      bodies.push(JSON.stringify(problem));
      const page = await fetch(`${cast.url}/a/${candidate}`);
      expect(page.status).toBe(404);
      expect(await page.text()).toContain('This link does not work');
    }
    expect(new Set(bodies).size).toBe(1);
    expect((await world(cast, owner).decision(decision.id)).asks[0]!.answer).toBeNull();
  });

  it('issue 40 item 5: an answer that needs a reason asks for it on the page; pressed without one it answers nothing and the link still works', async () => {
    const { owner, dana } = await workspace();
    const decision = await fileTier(owner);
    const { url, token } = await linkFor(dana, decision.id, { option: 1 });
    expect((await read(token)).link.reasonRequired).toBe(true);
    const html = await (await fetch(url)).text();
    expect(html).toMatch(/<textarea id="reason" name="reason" required/);

    const bare = await pressPage(url);
    expect(bare.status).toBe(422);
    expect(await bare.text()).toContain('needs a reason');
    await expectProblem(press(token), 422, 'reason_required');
    expect(await uses(token)).toBe(0);

    const pressed = await pressPage(url, { reason: 'Daily prices are enough for this backtest.' });
    expect(pressed.status).toBe(200);
    const answer = (await world(cast, owner).decision(decision.id)).asks[0]!.answer!;
    expect(answer).toMatchObject({
      value: { selected: [1] },
      reason: 'Daily prices are enough for this backtest.',
      answeredBy: dana.memberId,
    });
  });

  it('issue 40 item 5: an approval link reads Approve and approves', async () => {
    const { owner, dana } = await workspace();
    const decision = await fileTier(owner, [approvalAsk()]);
    const { url } = await linkFor(dana, decision.id, { value: { kind: 'approval', decision: 'approve' }, channel: 'push' });
    expect(await (await fetch(url)).text()).toContain('<button type="submit">Approve</button>');
    expect((await pressPage(url)).status).toBe(200);
    const answer = (await world(cast, owner).decision(decision.id)).asks[0]!.answer!;
    expect(answer).toMatchObject({ value: { kind: 'approval', decision: 'approve' }, provenance: { channel: 'push' } });
  });
});

describe('issue 40 item 5: the link routes in the OpenAPI document', () => {
  it('issue 40 item 5: need no credential, and list every refusal they give', async () => {
    const reader = await cast.newMember();
    const document = (await (await cast.request(reader.token, 'GET', '/api/v1/openapi.json')).json()) as OpenApiDocument;
    const paths = document.paths as Record<string, Record<string, { security?: unknown[] }>>;
    expect(paths['/api/v1/answer-links/{token}']!.get!.security).toEqual([]);
    expect(paths['/api/v1/answer-links/{token}/answer']!.post!.security).toEqual([]);
    const documented = documentedAnswers(document);

    const { owner, dana } = await workspace();
    const viewer = await colleagueOf(cast.pool, owner, 'Vic', 'viewer');
    const decision = await fileTier(owner);
    const reasonless = await linkFor(dana, decision.id, { option: 1 });
    const expired = await linkFor(dana, decision.id, { option: 2, now: new Date(Date.now() - 3 * 3600_000), expiresIn: 3600_000 });
    const viewers = await linkFor(viewer, decision.id, { option: 2 });
    const good = await linkFor(dana, decision.id, { option: 2 });
    const later = await linkFor(dana, decision.id, { option: 2 });
    const wrong: string[] = [];
    const hold = async (route: string, call: Promise<unknown>) => {
      const outcome = await outcomeOf(call as Promise<{ status: number }>);
      const off = undocumented(documented, route, outcome.status, outcome.code);
      if (off) wrong.push(off);
      return outcome;
    };
    const readReply = (token: string) => cast.reply(null, answerLinkRoutes.readAnswerLink, { params: { token } });
    const pressReply = (token: string) => cast.reply(null, answerLinkRoutes.answerByLink, { params: { token }, body: {} });
    const READ = 'GET /api/v1/answer-links/:token';
    const PRESS = 'POST /api/v1/answer-links/:token/answer';
    const seen = [
      await hold(READ, readReply('nothing.here')),
      await hold(PRESS, pressReply('nothing.here')),
      await hold(READ, readReply(expired.token)),
      await hold(PRESS, pressReply(viewers.token)),
      await hold(PRESS, pressReply(reasonless.token)),
      await hold(READ, readReply(good.token)),
      await hold(PRESS, pressReply(good.token)),
      await hold(PRESS, pressReply(good.token)),
      await hold(READ, readReply(later.token)),
    ].map((outcome) => outcome.code ?? String(outcome.status));
    expect(seen).toEqual([
      'link_not_found',
      'link_not_found',
      'link_expired',
      'link_member_not_allowed',
      'reason_required',
      '200',
      '200',
      'link_used',
      'link_answered_elsewhere',
    ]);
    expect(wrong).toEqual([]);
  });
});

describe('issue 40 item 5: guessing at links', () => {
  it('issue 40 item 5: the link routes sit behind the rate limiter, counted by address', async () => {
    const limited = await startTestCast({ worker: false, rateLimits: { read: 3, write: 2, archiveAll: 5, prompt: 5 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await fetch(`${limited.url}/a/guess${i}.abc`)).status);
      expect(statuses).toEqual([404, 404, 404, 429]);
      const api = await fetch(`${limited.url}/api/v1/answer-links/guess.abc`);
      expect(api.status).toBe(429);
      expect(api.headers.get('retry-after')).toMatch(/^\d+$/);
      const presses: number[] = [];
      for (let i = 0; i < 3; i += 1) presses.push((await pressPageAt(limited.url, `guess${i}.abc`)).status);
      expect(presses).toEqual([404, 404, 429]);
    } finally {
      await limited.stop();
    }
  });
});

const pressPageAt = (url: string, token: string) =>
  fetch(`${url}/a/${token}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
