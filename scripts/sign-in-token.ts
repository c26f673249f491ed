/**
 * The token `npm start` prints. Tokens are stored hashed, so the plain value is kept in
 * `<data dir>/admin-token` (mode 0600, git-ignored) to print the same one on every start;
 * `CAST_ADMIN_TOKEN` replaces it so scripts can drive a fresh instance.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Pool } from '../db/pool';
import { issueToken, tokenBelongsTo } from '../db/tenancy';
import type { Principal } from '../domain/principal';

export async function signInToken(pool: Pool, principal: Principal, dataDir: string, fromEnv?: string): Promise<string> {
  if (fromEnv) {
    await issueToken(pool, principal, 'CAST_ADMIN_TOKEN', fromEnv);
    if (!(await tokenBelongsTo(pool, fromEnv, principal))) {
      throw new Error('CAST_ADMIN_TOKEN is already the token of another member; choose another value.');
    }
    return fromEnv;
  }
  const file = join(dataDir, 'admin-token');
  const kept = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  if (kept && (await tokenBelongsTo(pool, kept, principal))) return kept;
  const token = await issueToken(pool, principal, 'start-up');
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  return token;
}
