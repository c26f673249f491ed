/** Document contents by hash (see domain/documents.ts). */
import { createHash } from 'node:crypto';
import type { Pool } from './pool';

export function contentHash(content: string): string {
  return createHash('sha256').update(content).digest('hex');
}

/** Stores each content once and returns its hash. */
export async function storeDocument(pool: Pool, workspaceId: string, content: string): Promise<string> {
  const hash = contentHash(content);
  await pool.query('insert into decision_documents (workspace_id, hash, content) values ($1, $2, $3) on conflict do nothing', [
    workspaceId,
    hash,
    content,
  ]);
  return hash;
}

export async function readDocument(pool: Pool, workspaceId: string, hash: string): Promise<string | null> {
  const { rows } = await pool.query<{ content: string }>('select content from decision_documents where workspace_id = $1 and hash = $2', [
    workspaceId,
    hash,
  ]);
  return rows[0]?.content ?? null;
}
