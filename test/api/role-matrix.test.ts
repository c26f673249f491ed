/**
 * Issue 38 item 1 — who may do what, held to the declarations: every `/api/v1` route, for
 * every role (owner, admin, member, viewer) and for an agent token. A caller whose role lacks
 * the route's permission gets 403 (`forbidden_for_role`, or `forbidden_for_agent` for an
 * agent) naming that permission — before any input is read (a malformed body and missing ids
 * still get the 403) and with nothing in the workspace changed. A caller who holds it is never
 * refused for it, and every answer is one the OpenAPI document lists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../api/openapi/document';
import { holds, type Permission, type Role } from '../../domain/permissions';
import { API_ROUTES } from '../../domain/routes/index';
import { documentedAnswers, undocumented, type DocumentedAnswers } from '../support/documented-answers';
import { agentTokenOf, colleagueOf } from '../support/members';
import { changedTables, rowDigest } from '../support/row-checksum';
import { BODIES, fill, LIST_BODIES, ownersWorld, send } from '../support/route-walk';
import { startTestCast, type TestCast } from '../support/test-cast';

let cast: TestCast;
let documented: DocumentedAnswers;
beforeAll(async () => {
  cast = await startTestCast();
  const reader = await cast.newMember();
  documented = documentedAnswers((await (await cast.request(reader.token, 'GET', '/api/v1/openapi.json')).json()) as OpenApiDocument);
});
afterAll(() => cast?.stop());

const permissionOf = new Map(API_ROUTES.map((route) => [`${route.method.toUpperCase()} /api/v1${route.path}`, route.permission]));

describe('the role × route matrix', () => {
  for (const holder of ['owner', 'admin', 'member', 'viewer', 'agent'] as const satisfies readonly (Role | 'agent')[]) {
    it(`holds ${holder}'s every answer to the route's declared permission`, async () => {
      // A founding owner builds one of everything; the caller is another principal of that workspace.
      const founder = await cast.newMember();
      const idsFor = await ownersWorld(cast, founder);
      const caller =
        holder === 'agent'
          ? await agentTokenOf(cast.pool, founder, 'Matrix agent')
          : await colleagueOf(cast.pool, founder, `Matrix ${holder}`, holder);
      const routes = cast.routes.map((route) => ({ ...route, key: `${route.method} ${route.path}` }));
      const wrong: string[] = [];
      const lacking = routes.filter((route) => !holds(holder, permissionOf.get(route.key)!));
      const holding = routes.filter((route) => holds(holder, permissionOf.get(route.key)!));
      expect(holding.length + lacking.length).toBe(routes.length);

      // Refused first, each with input that would be refused too if it were read: a body with an unknown field, missing ids.
      const before = await rowDigest(cast.pool, founder.workspaceId);
      for (const route of lacking) {
        const permission = permissionOf.get(route.key)!;
        const path = fill(route.path, idsFor(route.key), 'missing');
        const reply = await send(cast, caller.token, route.method, path, route.method === 'GET' ? undefined : { notAField: true });
        const expected = holder === 'agent' ? 'forbidden_for_agent' : 'forbidden_for_role';
        const named = reply.body ? (JSON.parse(reply.body) as { permission?: Permission }).permission : undefined;
        if (reply.status !== 403 || reply.code !== expected || named !== permission)
          wrong.push(
            `${holder} ${route.key} → ${reply.status} ${reply.code} naming ${named} (expected 403 ${expected} naming ${permission})`,
          );
        const offDocument = undocumented(documented, route.key, reply.status, reply.code);
        if (offDocument) wrong.push(`${holder} ${offDocument}`);
      }
      expect(changedTables(before, await rowDigest(cast.pool, founder.workspaceId))).toEqual([]);

      // Allowed: whatever else it answers, never a refusal for the permission the route declares.
      for (const route of holding) {
        const permission = permissionOf.get(route.key)!;
        const body = route.path.includes(':')
          ? route.key in BODIES
            ? BODIES[route.key]
            : route.method === 'GET'
              ? undefined
              : {}
          : LIST_BODIES[route.key];
        const path = fill(route.path, idsFor(route.key), 'foreign') + (route.key.endsWith('/wait') ? '?timeout=1' : '');
        const reply = await send(cast, caller.token, route.method, path, body);
        const named = reply.code ? (JSON.parse(reply.body) as { permission?: Permission }).permission : undefined;
        if (reply.status >= 500 || reply.status === 401 || (reply.status === 403 && named === permission))
          wrong.push(`${holder} ${route.key} → ${reply.status} ${reply.code} ${reply.body.slice(0, 200)}`);
        const offDocument = undocumented(documented, route.key, reply.status, reply.code);
        if (offDocument) wrong.push(`${holder} ${offDocument}`);
      }
      expect(wrong).toEqual([]);
    });
  }
});
