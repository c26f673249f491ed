/** This deployment's id and where its own workflow ids begin (migration 0018). */
import type { Deployment } from '../domain/deployment';
import type { Queryable } from './pool';

export async function readDeployment(db: Queryable): Promise<Deployment> {
  const { rows } = await db.query<{ id: string; decisions_from: number; stacks_from: number }>(
    'select id, decisions_from, stacks_from from deployment',
  );
  const row = rows[0];
  if (!row) throw new Error('The database has no deployment row: run migrate.');
  return { id: row.id, decisionsFrom: row.decisions_from, stacksFrom: row.stacks_from };
}
