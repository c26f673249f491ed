/**
 * FR-59 and DESIGN §8 across the whole API: every `/api/v1` route — listed from the mounted
 * routers, so a new one cannot be missed, and each declared in domain/routes/ — answers 401
 * without a token; an owner's token is never refused for its role; an agent token gets 403
 * `forbidden_for_agent` exactly where its declaration leaves agents out; another workspace's
 * token gets 404 for the workspace's ids, with exactly the body a missing id gets; and a
 * method a path does not declare gets 405 with `Allow`. Every answer on the way — status,
 * and a refusal's code — is one the served OpenAPI document lists for that operation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holds, PERMISSIONS } from '../../domain/permissions';
import { API_ROUTES } from '../../domain/routes/index';
import type { OpenApiDocument } from '../../api/openapi/document';
import { documentedAnswers, undocumented, type DocumentedAnswers } from '../support/documented-answers';
import { agentTokenOf } from '../support/members';
import { BODIES, fill, LIST_BODIES, ownersWorld, send as sendAs, type Ids } from '../support/route-walk';
import { startTestCast, type TestCast } from '../support/test-cast';

let cast: TestCast;
/** What the served document says each operation answers. */
let documented: DocumentedAnswers;
beforeAll(async () => {
  cast = await startTestCast();
  const reader = await cast.newMember();
  documented = documentedAnswers((await (await cast.request(reader.token, 'GET', '/api/v1/openapi.json')).json()) as OpenApiDocument);
});
afterAll(() => cast?.stop());

/**
 * Session ids are the host's own conversation ids (DESIGN §4): in another workspace the same
 * string is simply a session that does not exist yet there, and these routes register it
 * for the caller — they never reach the owner's session.
 */
const REGISTERS_SESSION = new Set(['PUT /api/v1/sessions/:id', 'POST /api/v1/sessions/:id/prompts']);

const send = (token: string | null, method: string, path: string, body: unknown) => sendAs(cast, token, method, path, body);

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
    const idsFor = await ownersWorld(cast, owner);
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
    const idsFor = await ownersWorld(cast, owner);
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
        const allow = [...methods, ...(methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
        if (reply.status !== 405 || reply.code !== 'method_not_allowed' || reply.allow !== allow)
          wrong.push(
            `${method} ${path} → ${reply.status} ${reply.code}, Allow: ${reply.allow} (expected 405 method_not_allowed, Allow: ${allow})`,
          );
      }
    }
    expect(probed).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  });

  it('issue 38 item 13: answers OPTIONS 401 without a token, and with one 204 and the Allow of its path', async () => {
    const member = await cast.newMember();
    const byPath = new Map<string, string[]>();
    for (const route of cast.routes) byPath.set(route.path, [...(byPath.get(route.path) ?? []), route.method]);
    const wrong: string[] = [];
    for (const [path, methods] of byPath) {
      const filled = path.replace(/:\w+/g, 'x');
      const allow = [...methods, ...(methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
      const anonymous = await send(null, 'OPTIONS', filled, undefined);
      if (anonymous.status !== 401 || anonymous.code !== 'unauthorized')
        wrong.push(`OPTIONS ${path} without a token → ${anonymous.status}`);
      const signed = await send(member.token, 'OPTIONS', filled, undefined);
      if (signed.status !== 204 || signed.allow !== allow || signed.body !== '')
        wrong.push(`OPTIONS ${path} → ${signed.status}, Allow: ${signed.allow} (expected 204, Allow: ${allow})`);
    }
    expect(byPath.size).toBeGreaterThan(50);
    expect(wrong).toEqual([]);
  });
});
