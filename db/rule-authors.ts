/**
 * Each rule author's standing now (issue 42): what they may answer, as `mayAnswer` reads it. A
 * removed member is left out, so their rules do nothing until someone else saves them again.
 */
import type { ForMe } from '../domain/assignment';
import type { Role } from '../domain/permissions';
import { person } from '../domain/principal';
import { forMeOf } from './assignments';
import type { Queryable } from './pool';

export async function authorsOf(db: Queryable, workspaceId: string, memberIds: readonly string[]): Promise<Record<string, ForMe>> {
  const ids = [...new Set(memberIds)];
  if (ids.length === 0) return {};
  const { rows } = await db.query<{ id: string; role: Role }>(
    'select id, role from members where workspace_id = $1 and id = any($2::text[]) and removed_at is null',
    [workspaceId, ids],
  );
  const entries = await Promise.all(rows.map(async (row) => [row.id, await forMeOf(db, person(workspaceId, row.id, row.role))] as const));
  return Object.fromEntries(entries);
}
