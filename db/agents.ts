/** Agents and their tool grants, scoped by workspace. */
import type { Actor } from '../domain/activity';
import type { Agent, CreateAgentBody, UpdateAgentBody } from '../domain/agent';
import { DomainError, notFound } from '../domain/errors';
import type { AddGrantBody, GrantEffect, ToolGrant } from '../domain/tool-grant';
import { recordBy } from './activity';
import { newId } from './ids';
import { isUniqueViolation } from './pg-errors';
import { withTransaction, type Pool, type Queryable } from './pool';

type AgentRow = { id: string; name: string; instructions: string; created_at: Date; updated_at: Date };
type GrantRow = {
  id: string;
  agent_id: string;
  tool_pattern: string;
  effect: GrantEffect;
  created_by: string | null;
  created_at: Date;
};

const AGENT_COLUMNS = 'id, name, instructions, created_at, updated_at';
const GRANT_COLUMNS = 'id, agent_id, tool_pattern, effect, created_by, created_at';

function toAgent(row: AgentRow): Agent {
  return {
    id: row.id,
    name: row.name,
    instructions: row.instructions,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

function toGrant(row: GrantRow): ToolGrant {
  return {
    id: row.id,
    agentId: row.agent_id,
    toolPattern: row.tool_pattern,
    effect: row.effect,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
  };
}

function nameTaken(name: string): DomainError {
  return new DomainError('agent_name_taken', `An agent named "${name}" already exists in this workspace.`, { name });
}

export async function createAgent(db: Queryable, workspaceId: string, body: CreateAgentBody, actor: Actor): Promise<Agent> {
  try {
    return await withTransaction(db, async (client) => {
      const { rows } = await client.query<AgentRow>(
        // Whose agent it is: a member mints tokens for the agents they created (api/services/people.ts).
        `insert into agents (id, workspace_id, name, instructions, created_by) values ($1, $2, $3, $4, $5) returning ${AGENT_COLUMNS}`,
        [newId('ag'), workspaceId, body.name, body.instructions, actor.kind === 'member' ? actor.id : null],
      );
      const agent = toAgent(rows[0]!);
      await recordBy(client, actor, {
        workspaceId,
        subjectKind: 'agent',
        subjectId: agent.id,
        kind: 'created',
        detail: { name: agent.name },
      });
      return agent;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'agents_workspace_id_name_key')) throw nameTaken(body.name);
    throw error;
  }
}

export async function getAgent(db: Queryable, workspaceId: string, id: string): Promise<Agent | null> {
  const { rows } = await db.query<AgentRow>(`select ${AGENT_COLUMNS} from agents where workspace_id = $1 and id = $2`, [workspaceId, id]);
  return rows[0] ? toAgent(rows[0]) : null;
}

/** The member who created the agent, or null (created by no member). */
export async function agentCreator(db: Queryable, workspaceId: string, id: string): Promise<string | null> {
  const { rows } = await db.query<{ created_by: string | null }>('select created_by from agents where workspace_id = $1 and id = $2', [
    workspaceId,
    id,
  ]);
  return rows[0]?.created_by ?? null;
}

/** The workspace's agent by that exact name, or null. */
export async function getAgentByName(db: Queryable, workspaceId: string, name: string): Promise<Agent | null> {
  const { rows } = await db.query<AgentRow>(`select ${AGENT_COLUMNS} from agents where workspace_id = $1 and name = $2`, [
    workspaceId,
    name,
  ]);
  return rows[0] ? toAgent(rows[0]) : null;
}

export async function listAgents(pool: Pool, workspaceId: string, query: { limit: number }): Promise<Agent[]> {
  const { rows } = await pool.query<AgentRow>(`select ${AGENT_COLUMNS} from agents where workspace_id = $1 order by name, id limit $2`, [
    workspaceId,
    query.limit,
  ]);
  return rows.map(toAgent);
}

/** Renames an agent and/or replaces its instructions; the history notes which changed. */
export async function updateAgent(db: Queryable, workspaceId: string, id: string, body: UpdateAgentBody, actor: Actor): Promise<Agent> {
  try {
    return await withTransaction(db, async (client) => {
      const { rows } = await client.query<AgentRow>(
        `update agents set name = coalesce($3, name), instructions = coalesce($4, instructions), updated_at = now()
          where workspace_id = $1 and id = $2 returning ${AGENT_COLUMNS}`,
        [workspaceId, id, body.name ?? null, body.instructions ?? null],
      );
      if (!rows[0]) throw notFound('agent');
      const changed = [...(body.name !== undefined ? ['name'] : []), ...(body.instructions !== undefined ? ['instructions'] : [])];
      await recordBy(client, actor, { workspaceId, subjectKind: 'agent', subjectId: id, kind: 'updated', detail: { changed } });
      return toAgent(rows[0]);
    });
  } catch (error) {
    if (body.name !== undefined && isUniqueViolation(error, 'agents_workspace_id_name_key')) throw nameTaken(body.name);
    throw error;
  }
}

/** Every grant of the agent, for `evaluateToolAccess`. Throws when the agent is not here. */
export async function listGrants(db: Queryable, workspaceId: string, agentId: string): Promise<ToolGrant[]> {
  if (!(await getAgent(db, workspaceId, agentId))) throw notFound('agent');
  const { rows } = await db.query<GrantRow>(
    `select ${GRANT_COLUMNS} from agent_tool_grants where workspace_id = $1 and agent_id = $2 order by created_at, id`,
    [workspaceId, agentId],
  );
  return rows.map(toGrant);
}

/**
 * Grants or denies a tool pattern. A pattern appears once per agent, so adding it again sets
 * its effect; `created` says whether the grant is new. Re-adding the same grant changes nothing.
 */
export async function addGrant(
  db: Queryable,
  workspaceId: string,
  agentId: string,
  body: AddGrantBody,
  actor: Actor,
): Promise<{ grant: ToolGrant; created: boolean }> {
  return withTransaction(db, async (client) => {
    // Locking the agent serialises grant changes for it, so the checks below cannot race.
    const agent = await client.query('select 1 from agents where workspace_id = $1 and id = $2 for no key update', [workspaceId, agentId]);
    if (agent.rowCount === 0) throw notFound('agent');
    const inserted = await client.query<GrantRow>(
      `insert into agent_tool_grants (id, workspace_id, agent_id, tool_pattern, effect, created_by)
       values ($1, $2, $3, $4, $5, $6) on conflict (agent_id, tool_pattern) do nothing returning ${GRANT_COLUMNS}`,
      [newId('gr'), workspaceId, agentId, body.toolPattern, body.effect, actor.kind === 'member' ? actor.id : null],
    );
    const changed = inserted.rows[0]
      ? inserted
      : await client.query<GrantRow>(
          `update agent_tool_grants set effect = $3 where agent_id = $1 and tool_pattern = $2 and effect <> $3
           returning ${GRANT_COLUMNS}`,
          [agentId, body.toolPattern, body.effect],
        );
    const row = changed.rows[0];
    if (!row) {
      const { rows } = await client.query<GrantRow>(
        `select ${GRANT_COLUMNS} from agent_tool_grants where agent_id = $1 and tool_pattern = $2`,
        [agentId, body.toolPattern],
      );
      return { grant: toGrant(rows[0]!), created: false };
    }
    const created = inserted.rows[0] !== undefined;
    await recordBy(client, actor, {
      workspaceId,
      subjectKind: 'agent',
      subjectId: agentId,
      kind: created ? 'grant_added' : 'grant_changed',
      detail: { grantId: row.id, toolPattern: row.tool_pattern, effect: row.effect },
    });
    return { grant: toGrant(row), created };
  });
}

export async function removeGrant(db: Queryable, workspaceId: string, agentId: string, grantId: string, actor: Actor): Promise<void> {
  await withTransaction(db, async (client) => {
    if (!(await getAgent(client, workspaceId, agentId))) throw notFound('agent');
    const { rows } = await client.query<GrantRow>(
      `delete from agent_tool_grants where workspace_id = $1 and agent_id = $2 and id = $3 returning ${GRANT_COLUMNS}`,
      [workspaceId, agentId, grantId],
    );
    const row = rows[0];
    if (!row) throw new DomainError('grant_not_found', 'That agent has no tool grant with that id.');
    await recordBy(client, actor, {
      workspaceId,
      subjectKind: 'agent',
      subjectId: agentId,
      kind: 'grant_removed',
      detail: { grantId: row.id, toolPattern: row.tool_pattern, effect: row.effect },
    });
  });
}
