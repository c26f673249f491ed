/**
 * Issue 38 item 1 — the permission registry (domain/permissions.ts) and the words that describe
 * it. Roles nest (owner ⊇ admin ⊇ member ⊇ viewer); an agent may call exactly the routes it
 * could call before roles existed, and nothing a member cannot; every permission is needed by
 * some route or check; and docs/api.md's "Who may do what" table is the registry's, row for row.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GRANTS, holds, PERMISSIONS, ROLES } from '../../domain/permissions';
import { API_ROUTES } from '../../domain/routes/index';
import { permissionTable } from '../support/permission-table';

/** What agent tokens could call before roles existed (the routes declared `PEOPLE_AND_AGENTS`). */
const AGENT_ROUTES = [
  'fileDecision',
  'listQueue',
  'getDecision',
  'editDecision',
  'withdrawDecision',
  'getDecisionDocument',
  'waitForDecision',
  'listSessionDecisions',
  'putSession',
  'listSessions',
  'getSession',
  'sessionHeartbeat',
  'stopSession',
  'reportRun',
  'appendMessage',
  'readMessages',
  'streamMessages',
  'fileHostPrompt',
  'listRuns',
  'getRun',
  'updateRun',
  'claimRun',
  'proposeApproval',
  'raiseEscalation',
  'openApiDocument',
];

describe('the permission registry', () => {
  it('nests the roles: each holds everything the one below it holds', () => {
    for (let i = 1; i < ROLES.length; i += 1) {
      const [weaker, stronger] = [ROLES[i - 1]!, ROLES[i]!];
      expect(
        [...GRANTS[weaker]].filter((permission) => !holds(stronger, permission)),
        `${stronger} ⊇ ${weaker}`,
      ).toEqual([]);
      expect(GRANTS[stronger].size, `${stronger} holds more than ${weaker}`).toBeGreaterThan(GRANTS[weaker].size);
    }
  });

  it('lets an agent call exactly what it could before roles, and nothing a member cannot', () => {
    const agentMay = API_ROUTES.filter((route) => holds('agent', route.permission)).map((route) => route.operationId);
    expect(agentMay.sort()).toEqual([...AGENT_ROUTES].sort());
    expect([...GRANTS.agent].filter((permission) => !holds('member', permission))).toEqual([]);
    for (const decides of ['decision.answer', 'decision.archive'] as const) expect(holds('agent', decides)).toBe(false);
  });

  it('gives a viewer reads only: every route a viewer may call is a GET, or manages their own tokens and profile', () => {
    const writes = API_ROUTES.filter((route) => holds('viewer', route.permission) && route.method !== 'get');
    expect(new Set(writes.map((route) => route.permission))).toEqual(new Set(['token.own', 'profile.own']));
  });

  it('has no permission that nothing needs', () => {
    const needed = new Set<string>(API_ROUTES.map((route) => route.permission));
    // Checked in api/services/people.ts, where what is asked decides: making an owner or admin, another's token.
    for (const checked of ['owner.manage', 'token.manage']) needed.add(checked);
    expect(PERMISSIONS.filter((permission) => !needed.has(permission))).toEqual([]);
  });

  it("is what docs/api.md's Who may do what table says, row for row", () => {
    const doc = readFileSync(path.resolve(import.meta.dirname, '../../docs/api.md'), 'utf8');
    expect(doc).toContain(permissionTable());
  });
});
