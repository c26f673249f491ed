/**
 * The bad-input property's world: one of each record a write route names, all the member's
 * own (so a request gets past its ids to the body validation and the services), and a
 * generator of valid bodies per route for the property to spoil. Records a route uses up
 * (deleted, withdrawn, stopped) are spares of their own.
 */
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../domain/notifications/notification-settings';
import fc from 'fast-check';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { approvalAsk, tierAsk, world } from './agent-world';
import { browserSubscription } from './route-walk';
import type { Member, TestCast } from './test-cast';

export type BadInputWorld = {
  /** Path parameters per route, as `METHOD /api/v1/…/:id`. */
  ids: Record<string, Record<string, string>>;
  /** Valid bodies per write route (undefined: none). */
  valid: Record<string, fc.Arbitrary<unknown>>;
  /** Every id in the world, for a field given another record's id. */
  every: string[];
  /** Stops the webhook receiver. */
  close(): Promise<void>;
};

/** A receiver that takes every delivery, so the deliveries the property causes are not retried for days. */
async function webhookSink(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    req.resume();
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A new name each run (fast-check's uuids are spread over the whole range, unlike its small strings). */
const fresh = fc.uuid();

/** The member's own records, one for each thing a write route names, and a valid body per route. */
export async function buildBadInputWorld(cast: TestCast, member: Member): Promise<BadInputWorld> {
  const me = world(cast, member);
  const sink = await webhookSink();
  const agent = await me.agent('World agent');
  const grant = (pattern: string) =>
    me.ok<{ grant: { id: string } }>('POST', `/api/v1/agents/${agent.id}/grants`, { toolPattern: pattern, effect: 'allow' });
  await grant('mcp__a__*');
  const spareGrant = (await grant('mcp__b__*')).grant.id;
  const mission = (await me.ok<{ mission: { id: string } }>('POST', '/api/v1/missions', { name: 'World mission' })).mission.id;
  const task = (await me.task('World task', { missionId: mission, agentId: agent.id })).id;
  const spareTask = (await me.task('Task to delete')).id;
  const pushSubscription = (await me.ok<{ subscription: { id: string } }>('POST', '/api/v1/me/push-subscriptions', browserSubscription()))
    .subscription.id;
  const session = await me.session(agent.id);
  const spareSession = await me.session();
  const run = (await me.run(session, 'running')).id;
  await me.ok('POST', `/api/v1/sessions/${session}/messages`, { role: 'assistant', body: 'Working on it.' });

  const context = 'Context long enough for the card to be answerable without opening anything else.';
  const file = async (question: string, asks: unknown[] = [tierAsk()]) =>
    (await me.ok<{ decision: { id: string } }>('POST', '/api/v1/decisions', { question, context, asks })).decision.id;
  const answered = await file('Answered already?');
  await me.ok('POST', `/api/v1/decisions/${answered}/asks/1/answer`, { answer: { kind: 'decision', selected: [2] } });
  const archived = await file('Archived already?');
  await me.ok('POST', `/api/v1/decisions/${archived}/archive`);
  const open = {
    answer: (
      await me.ok<{ decision: { id: string } }>('POST', '/api/v1/decisions', {
        question: 'Which feed, and where?',
        context,
        asks: [tierAsk(), { kind: 'fact', prompt: 'Which region?' }, approvalAsk()],
        session,
      })
    ).decision.id,
    edit: await file('Edit me?'),
    withdraw: await file('Withdraw me?'),
    archive: await file('Archive me?'),
    assign: await file('Whose is this?'),
    free: await file('In no stack yet?'),
    joiner: await file('Join the stack?'),
    first: await file('First in the stack?'),
    second: await file('Second in the stack?'),
    removable: await file('Remove me from the stack?'),
  };
  const stack = (
    await me.ok<{ stack: { id: string } }>('POST', '/api/v1/stacks', { title: 'World stack', decisions: [open.first, open.second] })
  ).stack.id;
  const spareStack = (
    await me.ok<{ stack: { id: string } }>('POST', '/api/v1/stacks', { title: 'Spare stack', decisions: [open.removable] })
  ).stack.id;
  const webhook = (await me.ok<{ webhook: { id: string } }>('POST', '/api/v1/webhooks', { url: sink.url, events: ['answer.withdrawn'] }))
    .webhook.id;
  const delivery = (await me.ok<{ delivery: { id: string } }>('POST', `/api/v1/webhooks/${webhook}/ping`)).delivery.id;
  const approval = async () =>
    (await me.ok<{ approval: { id: string } }>('POST', '/api/v1/approvals', { actionType: 'send_message', summary: 'Send the report?' }))
      .approval.id;
  const [toApprove, toReject, toReply] = [await approval(), await approval(), await approval()];
  const escalate = async (body: Record<string, unknown>) =>
    (
      await me.ok<{ escalation: { id: string; decisionId: string } }>('POST', '/api/v1/escalations', {
        reasonCode: 'low_confidence',
        summary: 'Unsure.',
        mustDecide: 'Which one?',
        ...body,
      })
    ).escalation;
  const toResolve = (await escalate({ options: ['Left', 'Right'] })).id;
  // An open escalation whose decision was archived: raising its key again must not half-update it.
  const setAside = await escalate({ dedupeKey: 'world-set-aside' });
  await me.ok('POST', `/api/v1/decisions/${setAside.decisionId}/archive`);

  // A token of its own to revoke: never the one the property's requests are sent with.
  const spareToken = (await me.ok<{ token: { id: string } }>('POST', '/api/v1/tokens', { label: 'World spare' })).token.id;
  // A member to change and one to remove: never the owner the requests are sent as.
  const spareMember = (await me.ok<{ member: { id: string } }>('POST', '/api/v1/members', { name: 'World spare member' })).member.id;
  const leaver = (await me.ok<{ member: { id: string } }>('POST', '/api/v1/members', { name: 'World leaver' })).member.id;
  const invitee = (await me.ok<{ member: { id: string } }>('POST', '/api/v1/members', { name: 'World invitee' })).member.id;
  const teamOf = async (name: string, members: string[] = []) =>
    (await me.ok<{ team: { id: string } }>('POST', '/api/v1/teams', { name, members })).team.id;
  const team = await teamOf('world-team', [spareMember]);
  const spareTeam = await teamOf('world-spare-team');
  const delegation = (
    await me.ok<{ delegation: { id: string } }>('POST', '/api/v1/delegations', {
      to: spareMember,
      endsAt: new Date(Date.now() + 86_400_000).toISOString(),
    })
  ).delegation.id;

  const ruleOf = async (name: string) =>
    (
      await me.ok<{ rule: { id: string } }>('POST', '/api/v1/rules', {
        name,
        reason: 'The world has rules.',
        effect: { kind: 'ask-person' },
      })
    ).rule.id;
  const rule = await ruleOf('World rule');
  const spareRule = await ruleOf('World spare rule');

  const soon = new Date(Date.now() + 86_400_000).toISOString();
  // No run: a run belongs to its session, and these bodies name a new session each time.
  const links = { agent: agent.id, task };
  const valid: Record<string, fc.Arbitrary<unknown>> = {
    'POST /api/v1/decisions/archive-all': fc.constant({ q: 'nothing in this workspace says this', kind: 'fact' }),
    // A new session each time: a refusal after the session is registered would leave it behind.
    'POST /api/v1/decisions': fresh.map((id) => ({
      question: `Which schema wins (${id})?`,
      context,
      asks: [
        tierAsk(),
        { kind: 'fact', prompt: 'Why?', multiline: true },
        { kind: 'access', prompt: 'Grant it', needed: 'Read access', grantUrl: 'https://cast.invalid/grant', tool: 'mcp__a__query' },
        { kind: 'action', prompt: 'Press the button', instructions: 'The red one.' },
        approvalAsk(),
      ],
      mode: 'advisory',
      defaultOption: 1,
      session: `conv-${id}`,
      scope: 'world',
      ...links,
      confidence: 0.5,
      attempts: ['Tried the obvious.'],
      report: '<p>Report</p>',
      doc: 'Plain body.',
      optionPages: [{ ask: 1, option: 2, html: '<p>Pro</p>' }],
    })),
    'PATCH /api/v1/decisions/:id': fresh.map((id) => ({
      question: `Still this (${id})?`,
      context,
      confidence: 0.4,
      attempts: ['Looked again.'],
      doc: `Body ${id}`,
      optionPages: [{ ask: 1, option: 1, html: `<p>${id}</p>` }],
    })),
    'POST /api/v1/decisions/:id/archive': fc.constantFrom(undefined, {}),
    'POST /api/v1/decisions/:id/restore': fc.constantFrom(undefined, {}),
    'POST /api/v1/decisions/:id/withdraw': fc.constantFrom(undefined, {}),
    'POST /api/v1/decisions/:id/run-now': fc.constantFrom(undefined, {}),
    'POST /api/v1/decisions/:id/asks/:ask/answer': fc.constantFrom(
      { answer: { kind: 'decision', selected: [1] }, reason: 'Basic is enough.' },
      { answer: { kind: 'decision', selected: [2] } },
    ),
    'POST /api/v1/decisions/:id/asks/:ask/undo': fc.constant({}),
    'POST /api/v1/agents': fresh.map((id) => ({ name: `Agent ${id}`, instructions: 'Ask less.' })),
    'PATCH /api/v1/agents/:id': fc.constant({ name: 'World agent', instructions: 'Ask less.' }),
    'POST /api/v1/agents/:id/grants': fc.constant({ toolPattern: 'mcp__x__*', effect: 'deny' }),
    'DELETE /api/v1/agents/:id/grants/:grantId': fc.constant(undefined),
    'POST /api/v1/missions': fc.constant({ name: 'Another mission', status: 'paused' }),
    'POST /api/v1/tasks': fc.constant({ title: 'Another task', status: 'todo', missionId: mission, agentId: agent.id }),
    'PATCH /api/v1/tasks/:id': fc.constant({ title: 'Renamed', status: 'review' }),
    'DELETE /api/v1/tasks/:id': fc.constant(undefined),
    'POST /api/v1/tasks/:id/blockers': fc.constant({ kind: 'other', ref: 'waiting on legal' }),
    'POST /api/v1/tasks/:id/blockers/resolve': fc.constant({ kind: 'other', ref: 'waiting on legal' }),
    'PUT /api/v1/sessions/:id': fc.constant({ scope: 'world', agentId: agent.id }),
    'POST /api/v1/sessions/:id/heartbeat': fc.constant({}),
    'POST /api/v1/sessions/:id/stop': fc.constant({}),
    'POST /api/v1/sessions/:id/runs': fc.constant({ status: 'parked' }),
    'POST /api/v1/sessions/:id/messages': fresh.map((id) => ({
      role: 'assistant',
      kind: 'message',
      body: 'Still working.',
      dedupeKey: `key-${id}`,
    })),
    'POST /api/v1/sessions/:id/prompts': fc.constantFrom(
      { kind: 'permission', tool: 'Bash', input: 'rm -rf build/', pinned: 'On branch main', requestId: 'req-1' },
      { kind: 'terminal', question: 'Deploy now?', options: ['Yes', 'No'] },
    ),
    'PATCH /api/v1/runs/:id': fc.constantFrom(
      { status: 'parked' },
      { status: 'running' },
      { status: 'failed', failureReason: 'It broke.' },
    ),
    'POST /api/v1/runs/:id/claim': fc.constant({}),
    'POST /api/v1/webhooks': fc.constant({ url: sink.url, events: ['decision.resolved', 'run.restart'] }),
    'DELETE /api/v1/webhooks/:id': fc.constant(undefined),
    'POST /api/v1/webhooks/:id/rotate': fc.constantFrom(undefined, {}),
    'POST /api/v1/webhooks/:id/ping': fc.constantFrom(undefined, {}),
    'POST /api/v1/webhooks/:id/deliveries/:deliveryId/redeliver': fc.constantFrom(undefined, {}),
    'POST /api/v1/stacks': fc.constant({ title: 'Launch checklist', dueAt: soon, autoDefaultSeconds: 86_400, decisions: [open.free] }),
    'POST /api/v1/stacks/:id/members': fc.constant({ decisions: [open.joiner] }),
    'DELETE /api/v1/stacks/:id/members/:decision': fc.constant(undefined),
    'PUT /api/v1/stacks/:id/order': fc.constant({ order: [open.second, open.first] }),
    'PATCH /api/v1/stacks/:id/policy': fc.constant({ dueAt: soon, autoDefaultSeconds: 86_400 }),
    'POST /api/v1/stacks/:id/apply-defaults': fc.constant({}),
    'PATCH /api/v1/settings/health': fc.constant({ healthyCeiling: 7, quietDays: 10 }),
    'PATCH /api/v1/settings/reminders': fc.constant({ remindAfterSeconds: 1800, deadlineLeadSeconds: 600 }),
    'PUT /api/v1/settings/approvals': fc.constant({ actions: { other: { minimumApprovers: 1, separationOfDuties: false } }, risks: {} }),
    'POST /api/v1/settings/health/hide': fc.constant({ days: 30 }),
    'DELETE /api/v1/settings/health/hide': fc.constant(undefined),
    'POST /api/v1/approvals': fresh.map((id) => ({
      actionType: 'spawn_agent',
      summary: 'Start a helper agent',
      context,
      risks: ['spends_money', 'recurring'],
      payload: { name: 'helper' },
      ...links,
      session: `conv-${id}`,
    })),
    'POST /api/v1/approvals/:id/approve': fc.constant({ reason: 'Fine.' }),
    'POST /api/v1/approvals/:id/reject': fc.constant({ reason: 'Not now.' }),
    'POST /api/v1/escalations': fc.tuple(fresh, fc.boolean()).map(([id, again]) => ({
      reasonCode: 'ambiguous_instructions',
      summary: 'Two readings.',
      mustDecide: 'Which reading?',
      options: ['First', 'Second'],
      attempts: ['Read it twice.'],
      confidence: 0.3,
      dedupeKey: again ? 'world-set-aside' : `key-${id}`,
      ...links,
      session: `conv-${id}`,
    })),
    'POST /api/v1/escalations/:id/resolve': fc.constantFrom(
      { option: 1, reason: 'Left is closer.' },
      { resolution: 'Neither; ask again.' },
    ),
    'POST /api/v1/inbox/:id/reply': fc.constantFrom({ text: 'yes' }, { text: 'no — too risky' }),
    'POST /api/v1/members': fresh.map((id) => ({ name: `Member ${id}` })),
    'POST /api/v1/tokens': fresh.map((id) => ({ agent: `Agent ${id}`, label: `laptop ${id}`, expiresIn: '90d' })),
    'DELETE /api/v1/tokens/:id': fc.constant(undefined),
    'PATCH /api/v1/members/:id': fc.constantFrom({ role: 'viewer' }, { role: 'member' }, { role: 'admin' }),
    'DELETE /api/v1/members/:id': fc.constant(undefined),
    'PUT /api/v1/members/:id/sign-in': fresh.map((id) => ({ email: `${id}@example.com` })),
    'DELETE /api/v1/members/:id/sign-in': fc.constant(undefined),
    'PATCH /api/v1/profile': fc.constantFrom({ timeZone: 'Europe/Paris' }, { timeZone: 'Asia/Tokyo' }, { timeZone: 'UTC' }),
    'PUT /api/v1/me/notifications': fc.constantFrom(DEFAULT_NOTIFICATION_SETTINGS, {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      email: { enabled: true, address: 'dana@example.com', immediate: true },
      quietHours: { start: '22:00', end: '07:00' },
      timeZone: 'Europe/Paris',
    }),
    'POST /api/v1/me/notifications/test': fc.constantFrom({ channel: 'push' }, { channel: 'slack' }),
    'POST /api/v1/me/push-subscriptions': fresh.map(() => browserSubscription()),
    'DELETE /api/v1/me/push-subscriptions/:id': fc.constant(undefined),
    'PUT /api/v1/me/presence': fc.constant({}),
    'DELETE /api/v1/me/presence': fc.constant(undefined),
    'PUT /api/v1/me/slack': fc.constant({ slackUserId: 'U0WALKER01' }),
    'DELETE /api/v1/me/slack': fc.constant(undefined),
    'PUT /api/v1/settings/slack': fc.constantFrom({ channel: 'C0DECIDE01' }, { channel: null }),
    'POST /api/v1/teams': fresh.map((id) => ({ name: `team-${id}`, members: [] })),
    'PATCH /api/v1/teams/:id': fresh.map((id) => ({ name: `renamed-${id}` })),
    'DELETE /api/v1/teams/:id': fc.constant(undefined),
    'PUT /api/v1/decisions/:id/assignee': fc.constantFrom({ to: 'team:world-team' }, { to: null }, { to: '@World spare member' }),
    'POST /api/v1/decisions/:id/claim': fc.constantFrom(undefined, {}),
    'POST /api/v1/decisions/:id/release': fc.constantFrom(undefined, {}),
    'PATCH /api/v1/settings/answers': fc.constantFrom({ whoMayAnswer: 'anyone' }, { whoMayAnswer: 'assignees' }),
    'POST /api/v1/delegations': fc.constant({ to: spareMember, endsAt: new Date(Date.now() + 86_400_000).toISOString() }),
    'POST /api/v1/delegations/:id/end': fc.constantFrom(undefined, {}),
    'PUT /api/v1/teams/:id/members/:memberId': fc.constant({}),
    'PUT /api/v1/teams/:id/backup': fc.constantFrom({ member: null }, { member: spareMember }),
    'DELETE /api/v1/teams/:id/members/:memberId': fc.constant(undefined),
    'POST /api/v1/rules': fresh.map((id) => ({
      name: `rule ${id}`,
      reason: 'A world rule.',
      effect: { kind: 'approve' },
      conditions: { tool: { name: 'Bash', commandPrefix: `echo ${id}` } },
    })),
    'POST /api/v1/rules/test': fc.constant({
      name: 'Trial',
      reason: 'Trying.',
      effect: { kind: 'approve' },
      conditions: { askKind: 'approval' },
    }),
    'PATCH /api/v1/rules/:id': fresh.map((id) => ({ reason: `Changed ${id}.` })),
    'DELETE /api/v1/rules/:id': fc.constant(undefined),
  };
  const ids: Record<string, Record<string, string>> = {
    'PATCH /api/v1/decisions/:id': { id: open.edit },
    'POST /api/v1/decisions/:id/archive': { id: open.archive },
    'POST /api/v1/decisions/:id/restore': { id: archived },
    'POST /api/v1/decisions/:id/withdraw': { id: open.withdraw },
    'POST /api/v1/decisions/:id/run-now': { id: answered },
    'POST /api/v1/decisions/:id/asks/:ask/answer': { id: open.answer, ask: '1' },
    'POST /api/v1/decisions/:id/asks/:ask/undo': { id: answered, ask: '1' },
    'PATCH /api/v1/agents/:id': { id: agent.id },
    'POST /api/v1/agents/:id/grants': { id: agent.id },
    'DELETE /api/v1/agents/:id/grants/:grantId': { id: agent.id, grantId: spareGrant },
    'PATCH /api/v1/tasks/:id': { id: task },
    'DELETE /api/v1/tasks/:id': { id: spareTask },
    'POST /api/v1/tasks/:id/blockers': { id: task },
    'POST /api/v1/tasks/:id/blockers/resolve': { id: task },
    'PUT /api/v1/sessions/:id': { id: session },
    'POST /api/v1/sessions/:id/heartbeat': { id: session },
    'POST /api/v1/sessions/:id/stop': { id: spareSession },
    'POST /api/v1/sessions/:id/runs': { id: session },
    'POST /api/v1/sessions/:id/messages': { id: session },
    'POST /api/v1/sessions/:id/prompts': { id: session },
    'PATCH /api/v1/runs/:id': { id: run },
    'POST /api/v1/runs/:id/claim': { id: run },
    'DELETE /api/v1/webhooks/:id': { id: webhook },
    'POST /api/v1/webhooks/:id/rotate': { id: webhook },
    'POST /api/v1/webhooks/:id/ping': { id: webhook },
    'POST /api/v1/webhooks/:id/deliveries/:deliveryId/redeliver': { id: webhook, deliveryId: delivery },
    'POST /api/v1/stacks/:id/members': { id: stack },
    'DELETE /api/v1/stacks/:id/members/:decision': { id: spareStack, decision: open.removable },
    'PUT /api/v1/stacks/:id/order': { id: stack },
    'PATCH /api/v1/stacks/:id/policy': { id: stack },
    'POST /api/v1/stacks/:id/apply-defaults': { id: stack },
    'POST /api/v1/approvals/:id/approve': { id: toApprove },
    'POST /api/v1/approvals/:id/reject': { id: toReject },
    'POST /api/v1/escalations/:id/resolve': { id: toResolve },
    'POST /api/v1/inbox/:id/reply': { id: `approval:${toReply}` },
    'DELETE /api/v1/tokens/:id': { id: spareToken },
    'PATCH /api/v1/members/:id': { id: spareMember },
    'DELETE /api/v1/members/:id': { id: leaver },
    'PUT /api/v1/members/:id/sign-in': { id: invitee },
    'DELETE /api/v1/members/:id/sign-in': { id: invitee },
    'DELETE /api/v1/me/push-subscriptions/:id': { id: pushSubscription },
    'PATCH /api/v1/teams/:id': { id: team },
    'DELETE /api/v1/teams/:id': { id: spareTeam },
    'PUT /api/v1/decisions/:id/assignee': { id: open.assign },
    'POST /api/v1/decisions/:id/claim': { id: open.assign },
    'POST /api/v1/decisions/:id/release': { id: open.assign },
    'POST /api/v1/delegations/:id/end': { id: delegation },
    'PUT /api/v1/teams/:id/members/:memberId': { id: team, memberId: spareMember },
    'PUT /api/v1/teams/:id/backup': { id: team },
    'DELETE /api/v1/teams/:id/members/:memberId': { id: team, memberId: spareMember },
    'PATCH /api/v1/rules/:id': { id: rule },
    'DELETE /api/v1/rules/:id': { id: spareRule },
  };
  // Every id in the world: a field that names a record may be given the wrong one.
  const every = [...new Set(Object.values(ids).flatMap((params) => Object.values(params))), mission, run, stack, spareStack];
  return { ids, valid, every, close: sink.close };
}
