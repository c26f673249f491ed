/**
 * Issue 42 item 1: migration 0045 moves each tool grant into the rules, where the one engine
 * evaluates it. A database at 0044 with grants (one by a member who has since left) migrates to
 * rules whose Cedar is exactly what the rule compiler writes, listed again as the agent's grants;
 * an id kept from before still removes its grant, and the re-check of an access ask reads them.
 * A real PostgreSQL (a fresh database on the run's server).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadMigrations, migrate } from '../../db/migrate';
import { createPool, type Pool } from '../../db/pool';
import { listGrants, grantRuleFields, removeGrant } from '../../db/tool-grants';
import { listRules } from '../../db/rules';
import { toolAccess } from '../../api/services/rules/tool-access';
import { freshDatabase } from '../support/fresh-database';

let pool: Pool;
const ws = 'ws_grants';
const owner = 'mb_owner';
const left = 'mb_left';
const agent = 'ag_0123456789abcdef0123456789abcdef';

beforeAll(async () => {
  pool = createPool(await freshDatabase(inject('databaseUrl'), 'cast_grants'), 2);
  const all = await loadMigrations();
  await migrate(
    pool,
    all.filter((migration) => migration.version <= 44),
  );
  await pool.query(`insert into workspaces (id, name) values ($1, 'Grants')`, [ws]);
  await pool.query(
    `insert into members (id, workspace_id, name, role, removed_at, created_at)
     values ($2, $1, 'Owner', 'owner', null, now() - interval '1 day'), ($3, $1, 'Left', 'admin', now(), now())`,
    [ws, owner, left],
  );
  await pool.query(`insert into agents (id, workspace_id, name) values ($1, $2, 'Analyst')`, [agent, ws]);
  await pool.query(
    `insert into agent_tool_grants (id, workspace_id, agent_id, tool_pattern, effect, created_by, created_at) values
       ('gr_allow', $1, $2, 'mcp__analytics__*', 'allow', $3, now() - interval '2 hours'),
       ('gr_deny', $1, $2, 'mcp__analytics__drop', 'deny', $4, now() - interval '1 hour')`,
    [ws, agent, owner, left],
  );
  await migrate(pool, all);
});
afterAll(() => pool?.end());

describe('migration 0045: tool grants become rules', () => {
  it('each grant is a rule the compiler would write, by its author or, when they left, the owner', async () => {
    const rules = await listRules(pool, ws);
    expect(rules).toHaveLength(2);
    const [allow, deny] = rules;
    const allowFields = grantRuleFields(agent, { toolPattern: 'mcp__analytics__*', effect: 'allow' });
    const denyFields = grantRuleFields(agent, { toolPattern: 'mcp__analytics__drop', effect: 'deny' });
    expect(allow).toMatchObject({ ...allowFields, author: owner, authorRole: 'owner', revision: 1 });
    expect(deny).toMatchObject({ ...denyFields, author: owner, authorRole: 'owner', revision: 1 });
    expect(allow!.cedar).toBe(allowFields.cedar);
    expect(deny!.cedar).toBe(denyFields.cedar);
    const { rows } = await pool.query(`select to_regclass('agent_tool_grants') as still`);
    expect(rows[0].still).toBeNull();
  });

  it('the agent lists them as its grants, the engine re-checks access with them, and an old grant id still removes one', async () => {
    const grants = await listGrants(pool, ws, agent);
    expect(grants.map((grant) => [grant.toolPattern, grant.effect])).toEqual([
      ['mcp__analytics__*', 'allow'],
      ['mcp__analytics__drop', 'deny'],
    ]);
    expect(await toolAccess(pool, ws, agent, 'mcp__analytics__query')).toBe('verified');
    // A deny beats an allow, as it did among grants.
    expect(await toolAccess(pool, ws, agent, 'mcp__analytics__drop')).toBe('denied');
    expect(await toolAccess(pool, ws, agent, 'Bash')).toBe('denied');

    await removeGrant(pool, ws, agent, 'gr_allow', { kind: 'member', id: owner });
    expect((await listGrants(pool, ws, agent)).map((grant) => grant.toolPattern)).toEqual(['mcp__analytics__drop']);
    expect(await toolAccess(pool, ws, agent, 'mcp__analytics__query')).toBe('denied');
  });
});
