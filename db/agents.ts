/** Agents, scoped by workspace; their tool grants are rules (tool-grants.ts). */
import type { Actor } from '../domain/activity';
import type { Agent, CreateAgentBody, UpdateAgentBody } from '../domain/agent';
import { DomainError, notFound } from '../domain/errors';
import { recordBy } from './activity';
import { newId } from './ids';
import { isUniqueViolation } from './pg-errors';
import { withTransaction, type Pool, type Queryable } from './pool';

type AgentRow = { id: string; name: string; instructions: string; created_at: Date; updated_at: Date };

const AGENT_COLUMNS = 'id, name, instructions, created_at, updated_at';

function toAgent(row: AgentRow): Agent {
  return {
    id: row.id,
    name: row.name,
    instructions: row.instructions,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
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
