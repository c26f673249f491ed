/**
 * `admin init`: the first workspace, its owner and the owner's first person token, for a
 * deployment started without `npm start` (migrate, init, workers, APIs). Idempotent: a second
 * run with the same names changes nothing and mints no token unless forced.
 */
import { withTransaction, type Pool } from './pool';
import { createMember, createWorkspace, hashToken, issueToken } from './tenancy';

export const INIT_TOKEN_LABEL = 'admin init';
// Any fixed number: two inits racing must not both create a workspace.
const INIT_LOCK = 7_400_002;

export type InitOutcome = {
  workspaceId: string;
  memberId: string;
  created: boolean;
  /** The new token's secret, shown once; null when none was minted (already initialised, or CAST_ADMIN_TOKEN). */
  token: string | null;
  /** A message for the operator when nothing new was minted. */
  note: string | null;
};

export class InitRefused extends Error {
  override name = 'InitRefused';
}

export async function initDeployment(
  pool: Pool,
  options: { workspace: string; owner: string; force?: boolean; adminToken?: string },
): Promise<InitOutcome> {
  return withTransaction(pool, async (client) => {
    await client.query('select pg_advisory_xact_lock($1)', [INIT_LOCK]);
    const { rows } = await client.query<{ workspace_id: string; workspace: string; member_id: string; owner: string }>(
      `select w.id as workspace_id, w.name as workspace, m.id as member_id, m.name as owner
         from members m join workspaces w on w.id = m.workspace_id
        where m.is_default order by m.created_at limit 1`,
    );
    const existing = rows[0];
    if (existing && (existing.workspace !== options.workspace || existing.owner !== options.owner)) {
      throw new InitRefused(
        `This deployment is already initialised: workspace "${existing.workspace}" with owner ${existing.owner}. Run init with those names, or add people with \`cast member add\`.`,
      );
    }
    const workspaceId = existing?.workspace_id ?? (await createWorkspace(client, options.workspace));
    const memberId = existing?.member_id ?? (await createMember(client, workspaceId, options.owner, true));
    const member = { workspaceId, memberId };
    const created = !existing;

    if (options.adminToken) {
      const holder = await client.query<{ member_id: string }>('select member_id from api_tokens where token_hash = $1', [
        hashToken(options.adminToken),
      ]);
      if (holder.rows[0] && holder.rows[0].member_id !== memberId) {
        throw new InitRefused('CAST_ADMIN_TOKEN is already the token of another member; choose another value.');
      }
      await issueToken(client, member, 'CAST_ADMIN_TOKEN', options.adminToken);
      return { workspaceId, memberId, created, token: null, note: "CAST_ADMIN_TOKEN is the owner's token." };
    }
    const minted = await client.query('select 1 from api_tokens where member_id = $1 and label = $2 and revoked_at is null', [
      memberId,
      INIT_TOKEN_LABEL,
    ]);
    if (minted.rowCount && !options.force) {
      return {
        workspaceId,
        memberId,
        created,
        token: null,
        note: 'The owner already has a token from init; none was minted. Pass --force to mint another (the first stays valid until revoked).',
      };
    }
    return { workspaceId, memberId, created, token: await issueToken(client, member, INIT_TOKEN_LABEL), note: null };
  });
}
