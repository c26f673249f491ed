/**
 * Walking every `/api/v1` route (test/api/every-route.test.ts, test/api/role-matrix.test.ts):
 * a valid body for each write, one of everything in a workspace keyed by the route parameter
 * that names it, and a raw request that reads a refusal's code.
 */
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../domain/notifications/notification-settings';
import { createECDH, randomBytes } from 'node:crypto';
import { approvalAsk, tierAsk, world } from './agent-world';
import { colleagueOf } from './members';
import type { Member, TestCast } from './test-cast';

/** A valid body for each write route that takes an id, so the id is what decides the answer. */
export const BODIES: Record<string, unknown> = {
  'PATCH /api/v1/decisions/:id': { question: 'Still this?' },
  'POST /api/v1/decisions/:id/archive': {},
  'POST /api/v1/decisions/:id/restore': {},
  'POST /api/v1/decisions/:id/withdraw': {},
  'POST /api/v1/decisions/:id/run-now': {},
  'POST /api/v1/decisions/:id/asks/:ask/answer': { answer: { kind: 'decision', selected: [2] } },
  'POST /api/v1/decisions/:id/asks/:ask/undo': {},
  'PATCH /api/v1/agents/:id': { instructions: 'Ask less.' },
  'POST /api/v1/agents/:id/grants': { toolPattern: 'mcp__x__*', effect: 'allow' },
  'DELETE /api/v1/agents/:id/grants/:grantId': undefined,
  'PATCH /api/v1/tasks/:id': { title: 'Renamed' },
  'DELETE /api/v1/tasks/:id': undefined,
  'POST /api/v1/tasks/:id/blockers': { kind: 'other', ref: 'waiting on legal' },
  'POST /api/v1/tasks/:id/blockers/resolve': { kind: 'other', ref: 'waiting on legal' },
  'POST /api/v1/sessions/:id/heartbeat': {},
  'POST /api/v1/sessions/:id/stop': {},
  'POST /api/v1/sessions/:id/runs': { status: 'running' },
  'POST /api/v1/sessions/:id/messages': { role: 'assistant', body: 'Hello.' },
  'PATCH /api/v1/runs/:id': { status: 'completed' },
  'POST /api/v1/runs/:id/claim': {},
  'DELETE /api/v1/webhooks/:id': undefined,
  'POST /api/v1/webhooks/:id/rotate': {},
  'POST /api/v1/webhooks/:id/ping': {},
  'POST /api/v1/webhooks/:id/deliveries/:deliveryId/redeliver': {},
  'POST /api/v1/stacks/:id/members': { decisions: ['sd-1'] },
  'DELETE /api/v1/stacks/:id/members/:decision': undefined,
  'PUT /api/v1/stacks/:id/order': { order: ['sd-1'] },
  'PATCH /api/v1/stacks/:id/policy': { dueAt: null },
  'POST /api/v1/stacks/:id/apply-defaults': {},
  'POST /api/v1/approvals/:id/approve': {},
  'POST /api/v1/approvals/:id/reject': { reason: 'No.' },
  'POST /api/v1/escalations/:id/resolve': { resolution: 'Yes.' },
  'POST /api/v1/inbox/:id/reply': { text: 'yes' },
  'DELETE /api/v1/tokens/:id': undefined,
  'PATCH /api/v1/members/:id': { role: 'viewer' },
  'DELETE /api/v1/members/:id': undefined,
  'PUT /api/v1/members/:id/sign-in': { email: 'walk-colleague@example.com' },
  'DELETE /api/v1/members/:id/sign-in': undefined,
  'DELETE /api/v1/me/push-subscriptions/:id': undefined,
  'PATCH /api/v1/teams/:id': { name: 'walk-renamed' },
  'PUT /api/v1/decisions/:id/assignee': { to: null },
  'POST /api/v1/decisions/:id/claim': {},
  'POST /api/v1/decisions/:id/release': {},
  'POST /api/v1/delegations/:id/end': {},
  'PUT /api/v1/teams/:id/members/:memberId': {},
  'PUT /api/v1/teams/:id/backup': { member: null },
  'DELETE /api/v1/teams/:id': undefined,
  'DELETE /api/v1/teams/:id/members/:memberId': undefined,
  'PATCH /api/v1/rules/:id': { reason: 'Walked again.' },
  'DELETE /api/v1/rules/:id': undefined,
};

/** A browser's push subscription as `PushSubscription.toJSON()` gives it (issue 40 item 2). */
export function browserSubscription(endpoint = `https://push.example.invalid/${randomBytes(8).toString('hex')}`) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint, keys: { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') } };
}

/** Bodies for the routes without an id, for the person and agent passes. */
export const LIST_BODIES: Record<string, unknown> = {
  'POST /api/v1/decisions/archive-all': {},
  'POST /api/v1/decisions': { question: 'Route walk?', context: 'Context long enough for a card to be answerable.', asks: [tierAsk()] },
  'POST /api/v1/missions': { name: 'Walk mission' },
  'POST /api/v1/agents': { name: 'Walk agent' },
  'POST /api/v1/tasks': { title: 'Walk task' },
  'POST /api/v1/stacks': { title: 'Walk stack' },
  'POST /api/v1/approvals': { actionType: 'send_message', summary: 'Send it?' },
  'POST /api/v1/escalations': { reasonCode: 'low_confidence', summary: 'Unsure.', mustDecide: 'Which?' },
  'PATCH /api/v1/settings/health': { window: '14d' },
  'PATCH /api/v1/settings/reminders': { remindAfterSeconds: 1800 },
  // One approver, anyone: the default, so the walk's own approvals still resolve on one answer.
  'PUT /api/v1/settings/approvals': { actions: { other: { minimumApprovers: 1, separationOfDuties: false } } },
  'PATCH /api/v1/settings/answers': { whoMayAnswer: 'anyone' },
  'POST /api/v1/delegations': { to: 'mb_walk', endsAt: '2099-01-01T00:00:00Z' },
  'POST /api/v1/settings/health/hide': {},
  'DELETE /api/v1/settings/health/hide': undefined,
  'POST /api/v1/webhooks': { url: 'https://example.invalid/walk' },
  'POST /api/v1/members': { name: 'Walker' },
  'POST /api/v1/tokens': { agent: 'Walk agent token' },
  'PATCH /api/v1/profile': { timeZone: 'Europe/Paris' },
  'PUT /api/v1/me/notifications': DEFAULT_NOTIFICATION_SETTINGS,
  'POST /api/v1/me/notifications/test': { channel: 'push' },
  'POST /api/v1/me/push-subscriptions': browserSubscription(),
  'PUT /api/v1/me/presence': {},
  'DELETE /api/v1/me/presence': undefined,
  'PUT /api/v1/me/slack': { slackUserId: 'U0WALKER01' },
  'DELETE /api/v1/me/slack': undefined,
  'PUT /api/v1/settings/slack': { channel: 'C0DECIDE01' },
  'POST /api/v1/teams': { name: 'walk-team' },
  'POST /api/v1/rules': {
    name: 'Walk rule',
    reason: 'Walking.',
    effect: { kind: 'approve' },
    conditions: { tool: { name: 'Bash', commandPrefix: 'ls' } },
  },
  'POST /api/v1/rules/test': { name: 'Walk trial', reason: 'Walking.', effect: { kind: 'approve' } },
};

export type Ids = Record<string, { foreign: string; missing: string }>;

/** One of everything in the owner's workspace, keyed by the route parameter that names it. */
export async function ownersWorld(cast: TestCast, owner: Member): Promise<(route: string) => Ids> {
  const me = world(cast, owner);
  const agent = await me.agent('Owner agent');
  const grant = await me.ok<{ grant: { id: string } }>('POST', `/api/v1/agents/${agent.id}/grants`, {
    toolPattern: 'mcp__a__*',
    effect: 'allow',
  });
  const mission = await me.ok<{ mission: { id: string } }>('POST', '/api/v1/missions', { name: 'Owner mission' });
  const task = await me.task('Owner task');
  const session = await me.session(agent.id);
  const run = await me.run(session, 'running');
  const decision = (
    await me.file({ question: 'Owner decision?', context: 'Context long enough for a card to be answerable.', asks: [tierAsk()], session })
  ).body.decision.id;
  const webhook = await me.ok<{ webhook: { id: string } }>('POST', '/api/v1/webhooks', { url: 'https://example.invalid/hook' });
  const delivery = await me.ok<{ delivery: { id: string } }>('POST', `/api/v1/webhooks/${webhook.webhook.id}/ping`);
  const stack = await me.ok<{ stack: { id: string } }>('POST', '/api/v1/stacks', { title: 'Owner stack' });
  const approval = await me.ok<{ approval: { id: string } }>('POST', '/api/v1/approvals', {
    actionType: 'send_message',
    summary: 'Send it?',
  });
  const escalation = await me.ok<{ escalation: { id: string } }>('POST', '/api/v1/escalations', {
    reasonCode: 'low_confidence',
    summary: 'Unsure.',
    mustDecide: 'Which?',
  });
  await me.file({ question: 'Owner approval ask?', context: 'Context long enough for a card to be answerable.', asks: [approvalAsk()] });
  const disposable = await me.ok<{ token: { id: string } }>('POST', '/api/v1/tokens', { agent: 'Disposable', label: 'to revoke' });
  const colleague = await colleagueOf(cast.pool, owner, 'Walk colleague');
  const push = await me.ok<{ subscription: { id: string } }>('POST', '/api/v1/me/push-subscriptions', browserSubscription());
  const team = await me.ok<{ team: { id: string } }>('POST', '/api/v1/teams', { name: 'owners', members: [colleague.memberId] });
  const rule = await me.ok<{ rule: { id: string } }>('POST', '/api/v1/rules', {
    name: 'Owner rule',
    reason: 'Owners walk.',
    effect: { kind: 'ask-person' },
  });
  const delegation = await me.ok<{ delegation: { id: string } }>('POST', '/api/v1/delegations', {
    to: colleague.memberId,
    endsAt: new Date(Date.now() + 86_400_000).toISOString(),
  });

  const byResource: Record<string, { foreign: string; missing: string }> = {
    decisions: { foreign: decision, missing: 'sd-999999999' },
    agents: { foreign: agent.id, missing: 'ag_00000000000000000000000000000000' },
    missions: { foreign: mission.mission.id, missing: 'mi_00000000000000000000000000000000' },
    tasks: { foreign: task.id, missing: 'task_00000000000000000000000000000000' },
    sessions: { foreign: session, missing: 'conv-never-seen' },
    runs: { foreign: run.id, missing: 'run_00000000000000000000000000000000' },
    webhooks: { foreign: webhook.webhook.id, missing: 'wh_00000000000000000000000000000000' },
    stacks: { foreign: stack.stack.id, missing: 'ds-999999999' },
    approvals: { foreign: approval.approval.id, missing: 'apr_00000000000000000000000000000000' },
    escalations: { foreign: escalation.escalation.id, missing: 'esc_00000000000000000000000000000000' },
    inbox: { foreign: `approval:${approval.approval.id}`, missing: 'approval:apr_00000000000000000000000000000000' },
    tokens: { foreign: disposable.token.id, missing: 'tk_00000000000000000000000000000000' },
    members: { foreign: colleague.memberId, missing: 'mb_00000000000000000000000000000000' },
    // `/me/…`: the caller's own; the one `:id` under it is a push subscription.
    me: { foreign: push.subscription.id, missing: 'ps_00000000000000000000000000000000' },
    teams: { foreign: team.team.id, missing: 'tm_00000000000000000000000000000000' },
    delegations: { foreign: delegation.delegation.id, missing: 'dl_00000000000000000000000000000000' },
    rules: { foreign: rule.rule.id, missing: 'ru_00000000000000000000000000000000' },
  };
  return (route) => {
    const resource = route.split(' ')[1]!.split('/')[3]!;
    return {
      id: byResource[resource]!,
      ask: { foreign: '1', missing: '1' },
      name: { foreign: 'report', missing: 'report' },
      grantId: { foreign: grant.grant.id, missing: 'gr_00000000000000000000000000000000' },
      decision: { foreign: decision, missing: 'sd-999999999' },
      deliveryId: { foreign: delivery.delivery.id, missing: 'whd_00000000000000000000000000000000' },
      memberId: { foreign: colleague.memberId, missing: 'mb_00000000000000000000000000000000' },
    };
  };
}

export function fill(path: string, ids: Ids, which: 'foreign' | 'missing'): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(ids[name]![which]));
}

export async function send(cast: Pick<TestCast, 'url'>, token: string | null, method: string, path: string, body: unknown) {
  const response = await fetch(`${cast.url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const type = response.headers.get('content-type');
  // An event stream stays open: its status is the answer.
  if (type?.startsWith('text/event-stream')) {
    await response.body?.cancel();
    return { status: response.status, type, body: '', code: null, allow: null };
  }
  const text = await response.text();
  const code = type?.startsWith('application/problem+json') ? (JSON.parse(text) as { code: string }).code : null;
  return { status: response.status, type, body: text, code, allow: response.headers.get('allow') };
}
