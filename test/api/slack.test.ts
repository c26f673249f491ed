/**
 * Issue 40 item 4 — Slack, with Slack's own client (`@slack/web-api`) talking to a scripted
 * stand-in for the Web API on loopback that checks every Block Kit payload against Slack's
 * documented shapes, and interactivity requests signed exactly as Slack signs them. A member
 * links their Slack user (confirmed from Slack); a blocking decision reaches their DM with buttons;
 * a press answers it from Slack through the one resolution path; stale, forged, unknown and late
 * presses are refused or told and change nothing; an answer anywhere updates the message.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintAnswerLink } from '../../answer-links/mint-answer-link';
import { slackRoutes } from '../../domain/routes/slack';
import { decodeActionValue } from '../../slack/action-value';
import type { Block, Button } from '../../slack/block-kit';
import { approvalAsk, tierAsk, world } from '../support/agent-world';
import { colleagueOf } from '../support/members';
import { expectProblem } from '../support/problem';
import { changedTables, rowDigest } from '../support/row-checksum';
import { blockActionsPayload, signedBody, signedBySlack } from '../support/slack/slack-press';
import { startSlackStandIn, type SlackCall, type SlackStandIn } from '../support/slack/slack-stand-in';
import { startTestCast, type Member, type TestCast } from '../support/test-cast';

const SIGNING_SECRET = 'stand-in-signing-secret-0123456789abcdef';
const TEAM = 'T0CASTTEST';

let cast: TestCast;
let slack: SlackStandIn;
beforeAll(async () => {
  slack = await startSlackStandIn();
  cast = await startTestCast({
    publicUrl: 'http://cast.test',
    slack: { botToken: slack.botToken, signingSecret: SIGNING_SECRET, apiUrl: slack.apiUrl },
  });
});
afterAll(async () => {
  await cast?.stop();
  await slack?.close();
});

/** What Slack sends Cast's Request URL, signed; `at` and `secret` as a test needs them wrong. */
function interact(payload: unknown, options: { at?: number; secret?: string; body?: (body: string) => string } = {}) {
  const signed = signedBySlack(payload, options.secret ?? SIGNING_SECRET, options.at);
  return fetch(`${cast.url}/slack/interactivity`, {
    method: 'POST',
    headers: signed.headers,
    body: options.body?.(signed.body) ?? signed.body,
  });
}

const slackUser = () => `U${randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`;

/** A member linked to a new Slack user through the whole flow: the id on Cast's page, then "Link" pressed in Slack. */
async function linked(member: Member): Promise<string> {
  const user = slackUser();
  slack.users.add(user);
  const sent = slack.calls.length;
  const { link } = await cast.send(member.token, slackRoutes.linkMySlack, { body: { slackUserId: user } });
  expect(link).toMatchObject({ slackUserId: user, status: 'pending', teamId: null });
  const message = slack.calls.slice(sent).find((call) => call.method === 'chat.postMessage')!;
  const button = buttons(message).find((element) => element.action_id === 'cast-link-confirm')!;
  const response = await interact(
    blockActionsPayload({ user, team: TEAM, channel: String(message.args.channel), actionId: button.action_id, value: button.value! }),
  );
  expect(response.status).toBe(200);
  expect((await cast.send(member.token, slackRoutes.getMySlack, {})).link).toMatchObject({ status: 'linked', teamId: TEAM });
  return user;
}

function buttons(call: SlackCall): Button[] {
  return (call.args.blocks as Block[]).flatMap((block) => (block.type === 'actions' ? block.elements : []));
}

function texts(call: SlackCall): string {
  return JSON.stringify(call.args.blocks);
}

/** The ephemeral reply Cast sent `user` after `from` calls. */
async function toldTo(user: string, from: number): Promise<string> {
  await expect
    .poll(() => slack.calls.slice(from).some((call) => call.method === 'chat.postEphemeral' && call.args.user === user))
    .toBe(true);
  return String(slack.calls.slice(from).find((call) => call.method === 'chat.postEphemeral' && call.args.user === user)!.args.text);
}

/** The decision's message in `channel`, once the notifier posted it. */
async function postedAbout(decisionId: string, channel: string): Promise<SlackCall> {
  await expect
    .poll(() => slack.of('chat.postMessage').some((call) => call.args.channel === channel && texts(call).includes(decisionId)), {
      timeout: 30_000,
    })
    .toBe(true);
  // Cast keeps the message's ts once Slack answered the post: a test that digests the rows next waits for it too.
  await expect
    .poll(
      async () =>
        (await cast.pool.query('select 1 from slack_messages where decision_id = $1 and channel_id = $2', [decisionId, channel])).rowCount,
      { timeout: 30_000 },
    )
    .toBe(1);
  return slack.of('chat.postMessage').find((call) => call.args.channel === channel && texts(call).includes(decisionId))!;
}

const dmOf = (user: string) => `D${user.slice(1)}`;

/** The chat.update of `message` (same channel and ts) whose blocks say `saying`. */
async function updateOf(message: SlackCall, saying: string): Promise<SlackCall> {
  const found = () =>
    slack
      .of('chat.update')
      .find((call) => call.args.channel === message.args.channel && call.args.ts === message.result?.ts && texts(call).includes(saying));
  await expect.poll(() => found() !== undefined, { timeout: 30_000 }).toBe(true);
  return found()!;
}

async function workspace() {
  const owner = await cast.newMember();
  const name = `Dana ${randomUUID().slice(0, 4)}`;
  const dana = { ...(await colleagueOf(cast.pool, owner, name)), name };
  return { owner, dana };
}

async function fileBlocking(filer: Member, asks = [tierAsk()]) {
  const me = world(cast, filer);
  const session = await me.session();
  const run = await me.run(session, 'running');
  const filed = await me.file({
    question: 'Which data feed tier do we buy?',
    context: 'The research agent needs hourly prices for the backtest; the budget holds either.',
    asks,
    session,
    run: run.id,
    mode: 'blocking',
  });
  return filed.body.decision;
}

describe('issue 40 item 4: Slack', { timeout: 120_000 }, () => {
  it('issue 40 item 4: a member links their Slack user only through a press from that user in Slack', async () => {
    const { dana } = await workspace();
    const user = slackUser();
    slack.users.add(user);
    const from = slack.calls.length;
    await cast.send(dana.token, slackRoutes.linkMySlack, { body: { slackUserId: user } });
    const [open, message] = slack.calls.slice(from);
    expect(open).toMatchObject({ method: 'conversations.open', args: { users: user } });
    expect(message).toMatchObject({ method: 'chat.postMessage', args: { channel: dmOf(user) } });
    const link = buttons(message!).find((button) => button.action_id === 'cast-link-confirm')!;

    // Someone else's Slack account presses the same button (a forwarded message): nothing is linked.
    const stranger = slackUser();
    const before = await rowDigest(cast.pool, dana.workspaceId);
    const strangerPress = slack.calls.length;
    expect(
      (
        await interact(
          blockActionsPayload({ user: stranger, team: TEAM, channel: dmOf(user), actionId: link.action_id, value: link.value! }),
        )
      ).status,
    ).toBe(200);
    expect(await toldTo(stranger, strangerPress)).toContain('another Slack user');
    expect(changedTables(before, await rowDigest(cast.pool, dana.workspaceId))).toEqual([]);

    const press = slack.calls.length;
    await interact(blockActionsPayload({ user, team: TEAM, channel: dmOf(user), actionId: link.action_id, value: link.value! }));
    expect(await toldTo(user, press)).toMatch(/^Linked: decisions that need Dana/);
    expect(await cast.send(dana.token, slackRoutes.getMySlack, {})).toMatchObject({
      configured: true,
      link: { slackUserId: user, teamId: TEAM, status: 'linked' },
    });

    // The same button again: the code was used.
    const again = slack.calls.length;
    await interact(blockActionsPayload({ user, team: TEAM, channel: dmOf(user), actionId: link.action_id, value: link.value! }));
    expect(await toldTo(user, again)).toContain('nothing changed');
  });

  it('issue 40 item 4: linking refuses an id Slack does not know, or that is not a member id, and writes nothing', async () => {
    const { dana } = await workspace();
    const before = await rowDigest(cast.pool, dana.workspaceId);
    await expectProblem(
      cast.send(dana.token, slackRoutes.linkMySlack, { body: { slackUserId: 'U0NOBODY99' } }),
      422,
      'slack_user_not_found',
    );
    await expectProblem(cast.request(dana.token, 'PUT', '/api/v1/me/slack', { slackUserId: 'dana@example.com' }), 400, 'invalid_request');
    expect(changedTables(before, await rowDigest(cast.pool, dana.workspaceId))).toEqual([]);
  });

  it('issue 40 item 4: a blocking decision reaches the DM with Block Kit buttons; a press answers it from Slack, and the message says so', async () => {
    const { owner, dana } = await workspace();
    const user = await linked(dana);
    const decision = await fileBlocking(owner);
    const message = await postedAbout(decision.id, dmOf(user));
    expect(slack.refused).toEqual([]);
    expect(texts(message)).toContain('Which data feed tier do we buy?');
    const pro = buttons(message).find((button) => button.text.text === 'Pro')!;
    expect(decodeActionValue(pro.value)).toEqual({ t: 'answer', w: dana.workspaceId, d: decision.id, a: 1, r: decision.revision, o: 2 });
    expect(buttons(message).find((button) => button.text.text === 'Open in Cast')?.url).toBe(`http://cast.test/decisions/${decision.id}`);

    const from = slack.calls.length;
    const response = await interact(
      blockActionsPayload({ user, team: TEAM, channel: dmOf(user), actionId: pro.action_id, value: pro.value! }),
    );
    expect(response.status).toBe(200);
    expect(await toldTo(user, from)).toBe(`You answered “Pro” on ${decision.id}. Cast recorded it as from Slack.`);
    const answered = await world(cast, owner).decision(decision.id);
    expect(answered.asks[0]!.answer).toMatchObject({
      value: { kind: 'decision', selected: [2] },
      answeredBy: dana.memberId,
      provenance: { actor: { kind: 'member', id: dana.memberId }, channel: 'slack' },
    });

    // The message is rewritten: who answered and where, and no answering buttons left.
    const update = await updateOf(message, 'from Slack: Pro');
    expect(texts(update)).toContain(`Answered by ${dana.name} from Slack: Pro`);
    expect(buttons(update).filter((button) => button.value)).toEqual([]);
    expect(slack.refused).toEqual([]);
  });

  it('issue 40 item 4: a stale timestamp, a forged signature, an unsigned or unreadable request are refused and change nothing', async () => {
    const { owner, dana } = await workspace();
    const user = await linked(dana);
    const decision = await fileBlocking(owner);
    const message = await postedAbout(decision.id, dmOf(user));
    const pro = buttons(message).find((button) => button.text.text === 'Pro')!;
    const payload = blockActionsPayload({ user, team: TEAM, channel: dmOf(user), actionId: pro.action_id, value: pro.value! });
    const before = await rowDigest(cast.pool, owner.workspaceId);
    const calls = slack.calls.length;

    // Signed rightly, but six minutes ago: a captured request replayed later.
    const stale = await expectProblem(await interact(payload, { at: Math.floor(Date.now() / 1000) - 6 * 60 }), 401, 'slack_request_stale');
    expect(stale.detail).toContain('five minutes');
    // Signed with another secret, and a body changed after signing.
    await expectProblem(await interact(payload, { secret: 'not-the-signing-secret-0123456789' }), 401, 'slack_signature_invalid');
    await expectProblem(await interact(payload, { body: (body) => body.replace('Pro', 'Basic') + '&x=1' }), 401, 'slack_signature_invalid');
    // No signature at all.
    const bare = await fetch(`${cast.url}/slack/interactivity`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ payload: JSON.stringify(payload) }).toString(),
    });
    await expectProblem(bare, 401, 'slack_signature_invalid');
    // Signed rightly, but no payload Slack sends: refused as unreadable.
    for (const body of [
      'payload=%7Bnot%20json',
      'nothing=here',
      `payload=${encodeURIComponent(JSON.stringify({ type: 'block_actions' }))}`,
    ]) {
      const signed = signedBody(body, SIGNING_SECRET);
      await expectProblem(
        await fetch(`${cast.url}/slack/interactivity`, { method: 'POST', headers: signed.headers, body }),
        400,
        'invalid_request',
      );
    }

    expect(changedTables(before, await rowDigest(cast.pool, owner.workspaceId))).toEqual([]);
    expect((await world(cast, owner).decision(decision.id)).asks[0]!.answer).toBeNull();
    expect(slack.calls.slice(calls).filter((call) => call.method === 'chat.postEphemeral')).toEqual([]);
  });

  it('issue 40 item 4: a Slack user no member linked is told so, and answers nothing', async () => {
    const { owner, dana } = await workspace();
    const user = await linked(dana);
    const decision = await fileBlocking(owner);
    const message = await postedAbout(decision.id, dmOf(user));
    const pro = buttons(message).find((button) => button.text.text === 'Pro')!;
    const before = await rowDigest(cast.pool, owner.workspaceId);
    const stranger = slackUser();
    const from = slack.calls.length;
    const pressed = await interact(
      blockActionsPayload({ user: stranger, team: TEAM, channel: dmOf(user), actionId: pro.action_id, value: pro.value! }),
    );
    expect(pressed.status).toBe(200);
    expect(await toldTo(stranger, from)).toMatch(/^Cast does not know this Slack account yet, so nothing was answered\./);
    // Dana's own Slack user id, but from another Slack workspace (team): not the link she made.
    const elsewhere = slack.calls.length;
    await interact(blockActionsPayload({ user, team: 'T0ELSEWHERE', channel: dmOf(user), actionId: pro.action_id, value: pro.value! }));
    expect(await toldTo(user, elsewhere)).toContain('Cast does not know this Slack account');
    expect(changedTables(before, await rowDigest(cast.pool, owner.workspaceId))).toEqual([]);
    expect((await world(cast, owner).decision(decision.id)).asks[0]!.answer).toBeNull();
  });

  it('issue 40 item 4: a press after an answer from an email is told who answered and where, and the message says it', async () => {
    const { owner, dana } = await workspace();
    const sam = { ...(await colleagueOf(cast.pool, owner, 'Sam')), name: 'Sam' };
    await linked(dana);
    const samUser = await linked(sam);
    const decision = await fileBlocking(owner);
    const message = await postedAbout(decision.id, dmOf(samUser));
    const basic = buttons(message).find((button) => button.text.text === 'Basic')!;

    // Dana answers first, from the email's answer link.
    const url = await mintAnswerLink(
      { pool: cast.pool, publicUrl: cast.url },
      {
        workspace: owner.workspaceId,
        member: dana.memberId,
        decision: decision.id,
        ask: 1,
        option: 2,
        revision: decision.revision,
        channel: 'email',
      },
    );
    expect((await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' })).status).toBe(
      200,
    );

    const before = await rowDigest(cast.pool, owner.workspaceId);
    const from = slack.calls.length;
    await interact(
      blockActionsPayload({ user: samUser, team: TEAM, channel: dmOf(samUser), actionId: basic.action_id, value: basic.value! }),
    );
    expect(await toldTo(samUser, from)).toBe(
      `${dana.name} already answered this from an email: Pro. The first answer stands; your press answered nothing.`,
    );
    expect(changedTables(before, await rowDigest(cast.pool, owner.workspaceId))).toEqual([]);
    expect((await world(cast, owner).decision(decision.id)).asks[0]!.answer).toMatchObject({
      answeredBy: dana.memberId,
      provenance: { channel: 'email' },
    });

    const update = await updateOf(message, `Answered by ${dana.name} from an email: Pro`);
    expect(buttons(update).filter((button) => button.value)).toEqual([]);
  });

  it('issue 40 item 4: answered on the web, every DM of the decision is updated and loses its buttons', async () => {
    const { owner, dana } = await workspace();
    const user = await linked(dana);
    const decision = await fileBlocking(owner, [approvalAsk()]);
    const message = await postedAbout(decision.id, dmOf(user));
    expect(
      buttons(message)
        .filter((button) => button.value)
        .map((button) => [button.text.text, button.style]),
    ).toEqual([
      ['Approve', 'primary'],
      ['Reject', 'danger'],
    ]);
    // The owner answers in the browser: signed in with a cookie, as the web queue is (Cast's origin is CAST_PUBLIC_URL).
    const session = await fetch(`${cast.url}/auth/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://cast.test' },
      body: JSON.stringify({ token: owner.token }),
    });
    const cookie = session.headers.get('set-cookie')!.split(';')[0]!;
    const answered = await fetch(`${cast.url}/api/v1/decisions/${decision.id}/asks/1/answer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://cast.test', cookie },
      body: JSON.stringify({ answer: { kind: 'approval', decision: 'approve' } }),
    });
    expect(answered.status).toBe(200);
    const update = await updateOf(message, 'on the web: Approved');
    expect(texts(update)).toContain('Answered by Tester on the web: Approved');
    expect(texts(update)).toContain('Resolved');
    expect(buttons(update).filter((button) => button.value)).toEqual([]);
    expect(slack.refused).toEqual([]);
  });

  it('issue 40 item 4: with a workspace channel chosen, a decision is posted there once, and a linked member answers from it', async () => {
    const { owner, dana } = await workspace();
    const sam = { ...(await colleagueOf(cast.pool, owner, 'Sam')), name: 'Sam' };
    const danaUser = await linked(dana);
    await linked(sam);
    const channel = `C${randomUUID().replace(/-/g, '').slice(0, 9).toUpperCase()}`;
    await expectProblem(cast.send(dana.token, slackRoutes.updateSlackSettings, { body: { channel } }), 403, 'forbidden_for_role');
    expect(await cast.send(owner.token, slackRoutes.updateSlackSettings, { body: { channel } })).toEqual({ configured: true, channel });
    const decision = await fileBlocking(owner);
    const message = await postedAbout(decision.id, channel);
    await world(cast, owner).decision(decision.id);
    // Dana's and Sam's deliveries were both handed on; one message.
    await expect
      .poll(
        async () =>
          (
            await cast.pool.query(
              "select 1 from notification_deliveries where decision_id = $1 and workspace_id = $2 and channel = 'slack' and status = 'sent'",
              [decision.id, owner.workspaceId],
            )
          ).rowCount,
      )
      .toBe(2);
    expect(slack.of('chat.postMessage').filter((call) => texts(call).includes(decision.id))).toHaveLength(1);
    const pro = buttons(message).find((button) => button.text.text === 'Pro')!;
    const from = slack.calls.length;
    await interact(blockActionsPayload({ user: danaUser, team: TEAM, channel, actionId: pro.action_id, value: pro.value! }));
    expect(await toldTo(danaUser, from)).toContain('You answered “Pro”');
    await updateOf(message, `Answered by ${dana.name} from Slack: Pro`);
  });

  it('issue 40 item 4: a reminder is said in the decision’s thread, and a test message reaches the DM', async () => {
    const { owner, dana } = await workspace();
    const user = await linked(dana);
    const decision = await fileBlocking(owner);
    const message = await postedAbout(decision.id, dmOf(user));
    // The events items 7 and 10 emit, written as the outbox holds them.
    const write = (kind: string, subject: { kind: string; id: string }, data: unknown) =>
      cast.pool.query(
        `insert into outbox_events (id, workspace_id, kind, subject_kind, subject_id, data, occurred_at) values ($1, $2, $3, $4, $5, $6, now())`,
        [`ev_${randomUUID()}`, owner.workspaceId, kind, subject.kind, subject.id, JSON.stringify(data)],
      );
    const view = await world(cast, owner).decision(decision.id);
    await write('reminder.due', { kind: 'decision', id: decision.id }, { decision: view, memberId: dana.memberId, nth: 1 });
    await expect
      .poll(() => slack.of('chat.postMessage').some((call) => call.args.thread_ts === message.result?.ts), { timeout: 30_000 })
      .toBe(true);
    const reminder = slack.of('chat.postMessage').find((call) => call.args.thread_ts === message.result?.ts)!;
    expect(reminder.args).toMatchObject({ channel: dmOf(user), text: 'Still waiting for your answer.' });

    await write('notification.test', { kind: 'member', id: dana.memberId }, { memberId: dana.memberId, channel: 'slack' });
    await expect
      .poll(
        () =>
          slack
            .of('chat.postMessage')
            .some((call) => call.args.channel === dmOf(user) && String(call.args.text).startsWith('A test message from Cast')),
        {
          timeout: 30_000,
        },
      )
      .toBe(true);
    const log = await cast.pool.query<{ kind: string; status: string }>(
      `select kind, status from notification_deliveries where member_id = $1 and channel = 'slack' order by id`,
      [dana.memberId],
    );
    expect(log.rows).toEqual([
      { kind: 'decision.opened', status: 'sent' },
      { kind: 'reminder.due', status: 'sent' },
      { kind: 'notification.test', status: 'sent' },
    ]);
    expect(slack.refused).toEqual([]);
  });
});
