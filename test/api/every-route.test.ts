/**
 * FR-59 and DESIGN §8 across the whole API: every `/api/v1` route — listed from the mounted
 * routers, so a new one cannot be missed, and each declared in domain/routes/ — answers 401
 * without a token; a person's token is never refused as a person's; an agent token gets 403
 * `forbidden_for_agent` exactly where its declaration leaves agents out; another workspace's
 * token gets 404 for the workspace's ids, with exactly the body a missing id gets; and a
 * method a path does not declare gets 405 with `Allow`. Every answer on the way — status,
 * and a refusal's code — is one the served OpenAPI document lists for that operation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holds, PERMISSIONS } from '../../domain/permissions';
import { API_ROUTES } from '../../domain/routes/index';
import type { OpenApiDocument } from '../../api/openapi/document';
import { approvalAsk, tierAsk, world } from '../support/agent-world';
import { documentedAnswers, undocumented, type DocumentedAnswers } from '../support/documented-answers';
import { agentTokenOf, colleagueOf } from '../support/members';
import { startTestCast, type Member, type TestCast } from '../support/test-cast';

let cast: TestCast;
/** What the served document says each operation answers. */
let documented: DocumentedAnswers;
beforeAll(async () => {
  cast = await startTestCast();
  const reader = await cast.newMember();
  documented = documentedAnswers((await (await cast.request(reader.token, 'GET', '/api/v1/openapi.json')).json()) as OpenApiDocument);
});
afterAll(() => cast?.stop());

/** A valid body for each write route that takes an id, so the id is what decides the answer. */
const BODIES: Record<string, unknown> = {
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
};

/** Bodies for the routes without an id, for the person and agent passes. */
const LIST_BODIES: Record<string, unknown> = {
  'POST /api/v1/decisions/archive-all': {},
  'POST /api/v1/decisions': { question: 'Route walk?', context: 'Context long enough for a card to be answerable.', asks: [tierAsk()] },
  'POST /api/v1/missions': { name: 'Walk mission' },
  'POST /api/v1/agents': { name: 'Walk agent' },
  'POST /api/v1/tasks': { title: 'Walk task' },
  'POST /api/v1/stacks': { title: 'Walk stack' },
  'POST /api/v1/approvals': { actionType: 'send_message', summary: 'Send it?' },
  'POST /api/v1/escalations': { reasonCode: 'low_confidence', summary: 'Unsure.', mustDecide: 'Which?' },
  'PATCH /api/v1/settings/health': { window: '14d' },
  'POST /api/v1/settings/health/hide': {},
  'DELETE /api/v1/settings/health/hide': undefined,
  'POST /api/v1/webhooks': { url: 'https://example.invalid/walk' },
  'POST /api/v1/members': { name: 'Walker' },
  'POST /api/v1/tokens': { agent: 'Walk agent token' },
};

/**
 * Session ids are the host's own conversation ids (DESIGN §4): in another workspace the same
 * string is simply a session that does not exist yet there, and these routes register it
 * for the caller — they never reach the owner's session.
 */
const REGISTERS_SESSION = new Set(['PUT /api/v1/sessions/:id', 'POST /api/v1/sessions/:id/prompts']);

type Ids = Record<string, { foreign: string; missing: string }>;

/** One of everything in the owner's workspace, keyed by the route parameter that names it. */
async function ownersWorld(owner: Member): Promise<(route: string) => Ids> {
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
    };
  };
}

function fill(path: string, ids: Ids, which: 'foreign' | 'missing'): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(ids[name]![which]));
}

async function send(token: string | null, method: string, path: string, body: unknown) {
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

describe('every /api/v1 route', () => {
  it('is listed from the routers', () => {
    expect(cast.routes.length).toBeGreaterThan(70);
    expect(cast.routes).toContainEqual({ method: 'POST', path: '/api/v1/decisions/:id/asks/:ask/answer' });
  });

  it('is each declared in domain/routes/, with the permission it needs', () => {
    const declared = new Set(API_ROUTES.map((route) => `${route.method.toUpperCase()} /api/v1${route.path}`));
    const undeclared = cast.routes.map((route) => `${route.method} ${route.path}`).filter((route) => !declared.has(route));
    expect(undeclared).toEqual([]);
    expect(API_ROUTES.filter((route) => !PERMISSIONS.includes(route.permission)).map((route) => route.operationId)).toEqual([]);
  });

  it("answers an owner's token without 403, and an agent token 403 forbidden_for_agent exactly where agents lack the route's permission", async () => {
    const owner = await cast.newMember();
    const agent = await agentTokenOf(cast.pool, owner, 'Route walker', 'walk');
    const idsFor = await ownersWorld(owner);
    const permissions = new Map(API_ROUTES.map((route) => [`${route.method.toUpperCase()} /api/v1${route.path}`, route.permission]));
    const wrong: string[] = [];
    // The agent first: whatever it may do, it does before the person's pass deletes and revokes.
    for (const [who, token] of [
      ['agent', agent.token],
      ['person', owner.token],
    ] as const) {
      for (const route of cast.routes) {
        const key = `${route.method} ${route.path}`;
        const body = route.path.includes(':') ? (key in BODIES ? BODIES[key] : route.method === 'GET' ? undefined : {}) : LIST_BODIES[key];
        if (route.method !== 'GET' && !route.path.includes(':') && !(key in LIST_BODIES))
          wrong.push(`${key}: give it a body in LIST_BODIES`);
        const path = fill(route.path, idsFor(key), 'foreign') + (key.endsWith('/wait') ? '?timeout=1' : '');
        const reply = await send(token, route.method, path, body);
        const { code } = reply;
        const offDocument = undocumented(documented, key, reply.status, code);
        if (offDocument) wrong.push(`${who} ${offDocument}`);
        const refusedAsAgent = reply.status === 403 && code === 'forbidden_for_agent';
        const permission = permissions.get(key);
        const agentsMay = permission ? holds('agent', permission) : false;
        if (reply.status >= 500 || reply.status === 401) wrong.push(`${who} ${key} → ${reply.status} ${code} ${reply.body.slice(0, 300)}`);
        else if (who === 'person' && reply.status === 403) wrong.push(`person ${key} → 403 ${code}`);
        else if (who === 'agent' && refusedAsAgent === agentsMay)
          wrong.push(`agent ${key} → ${reply.status} ${code} (agents declared: ${agentsMay})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    const wrong: string[] = [];
    for (const route of cast.routes) {
      const reply = await send(
        null,
        route.method,
        fill(route.path, new Proxy({}, { get: () => ({ foreign: 'x', missing: 'x' }) }) as Ids, 'missing'),
        undefined,
      );
      const { code } = reply;
      if (reply.status !== 401 || code !== 'unauthorized') wrong.push(`${route.method} ${route.path} → ${reply.status} ${code}`);
      const offDocument = undocumented(documented, `${route.method} ${route.path}`, reply.status, code);
      if (offDocument) wrong.push(offDocument);
    }
    expect(wrong).toEqual([]);
  });

  // Each problem names its own request (`instance`); everything else must match to the byte.
  const sameRefusal = (body: string) => body.replace(/,"instance":"urn:cast:request:[^"]*"/, '');

  it("answers another workspace's ids with 404 and exactly the body of a missing id", async () => {
    const owner = await cast.newMember();
    const stranger = await cast.newMember();
    const idsFor = await ownersWorld(owner);
    const wrong: string[] = [];
    const withIds = cast.routes.filter((route) => route.path.includes(':'));
    for (const route of withIds) {
      const key = `${route.method} ${route.path}`;
      if (REGISTERS_SESSION.has(key)) continue;
      const body = key in BODIES ? BODIES[key] : route.method === 'GET' ? undefined : {};
      if (!(key in BODIES) && route.method !== 'GET') wrong.push(`${key}: give it a valid body in BODIES`);
      const ids = idsFor(key);
      const foreign = await send(
        stranger.token,
        route.method,
        fill(route.path, ids, 'foreign') + (key.endsWith('/wait') ? '?timeout=1' : ''),
        body,
      );
      const missing = await send(
        stranger.token,
        route.method,
        fill(route.path, ids, 'missing') + (key.endsWith('/wait') ? '?timeout=1' : ''),
        body,
      );
      for (const reply of [foreign, missing]) {
        const offDocument = undocumented(documented, key, reply.status, reply.code);
        if (offDocument) wrong.push(offDocument);
      }
      if (foreign.status !== 404) wrong.push(`${key}: foreign id → ${foreign.status} ${foreign.body.slice(0, 120)}`);
      else if (sameRefusal(foreign.body) !== sameRefusal(missing.body))
        wrong.push(`${key}: foreign and missing differ: ${foreign.body} vs ${missing.body}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers a method its path does not declare with 405 method_not_allowed, and Allow naming the methods it does', async () => {
    const member = await cast.newMember();
    const byPath = new Map<string, string[]>();
    for (const route of cast.routes) byPath.set(route.path, [...(byPath.get(route.path) ?? []), route.method]);
    const matches = (pattern: string, path: string) => new RegExp(`^${pattern.replace(/:\w+/g, '[^/]+')}$`).test(path);
    const wrong: string[] = [];
    let probed = 0;
    for (const [path, methods] of byPath) {
      const filled = path.replace(/:\w+/g, 'x');
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((candidate) => !methods.includes(candidate))) {
        // A route of another path that takes this method and this URL answers it (`GET /decisions/:id` takes `/decisions/archive-all`).
        if (cast.routes.some((route) => route.method === method && matches(route.path, filled))) continue;
        const reply = await send(member.token, method, filled, method === 'GET' ? undefined : {});
        probed += 1;
        const allow = [...methods, ...(methods.includes('GET') ? ['HEAD'] : [])].join(', ');
        if (reply.status !== 405 || reply.code !== 'method_not_allowed' || reply.allow !== allow)
          wrong.push(
            `${method} ${path} → ${reply.status} ${reply.code}, Allow: ${reply.allow} (expected 405 method_not_allowed, Allow: ${allow})`,
          );
      }
    }
    expect(probed).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  });
});
