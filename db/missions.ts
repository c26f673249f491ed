/** Missions, scoped by workspace. They carry no history: the activity log has no mission subject. */
import type { CreateMissionBody, Mission, MissionStatus } from '../domain/mission';
import { newId } from './ids';
import type { Pool, Queryable } from './pool';

type MissionRow = { id: string; name: string; status: MissionStatus; created_at: Date };

const MISSION_COLUMNS = 'id, name, status, created_at';

function toMission(row: MissionRow): Mission {
  return { id: row.id, name: row.name, status: row.status, createdAt: row.created_at.toISOString() };
}

export async function createMission(db: Queryable, workspaceId: string, body: CreateMissionBody): Promise<Mission> {
  const { rows } = await db.query<MissionRow>(
    `insert into missions (id, workspace_id, name, status) values ($1, $2, $3, $4) returning ${MISSION_COLUMNS}`,
    [newId('mi'), workspaceId, body.name, body.status],
  );
  return toMission(rows[0]!);
}

export async function getMission(db: Queryable, workspaceId: string, id: string): Promise<Mission | null> {
  const { rows } = await db.query<MissionRow>(`select ${MISSION_COLUMNS} from missions where workspace_id = $1 and id = $2`, [
    workspaceId,
    id,
  ]);
  return rows[0] ? toMission(rows[0]) : null;
}

export type MissionListQuery = { status?: MissionStatus; limit: number };

/** Newest first. */
export async function listMissions(pool: Pool, workspaceId: string, query: MissionListQuery): Promise<Mission[]> {
  const { rows } = await pool.query<MissionRow>(
    `select ${MISSION_COLUMNS} from missions where workspace_id = $1 and ($2::text is null or status = $2)
      order by created_at desc, id limit $3`,
    [workspaceId, query.status ?? null, query.limit],
  );
  return rows.map(toMission);
}
