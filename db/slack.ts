/**
 * Slack's rows (migration 0034): the links members made between their Slack user and themselves,
 * the messages Cast posted about decisions (to update them), and the workspace's channel.
 */
import { withTransaction, type Queryable } from './pool';

export type SlackLink = {
  memberId: string;
  slackUserId: string;
  /** Null until the Slack user confirmed the link from Slack. */
  teamId: string | null;
  requestedAt: string;
  linkedAt: string | null;
};

const LINK_COLUMNS = `member_id as "memberId", slack_user_id as "slackUserId", team_id as "teamId",
  to_char(requested_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "requestedAt",
  to_char(linked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "linkedAt"`;

export async function getSlackLink(db: Queryable, workspaceId: string, memberId: string): Promise<SlackLink | null> {
  const { rows } = await db.query<SlackLink>(`select ${LINK_COLUMNS} from slack_links where workspace_id = $1 and member_id = $2`, [
    workspaceId,
    memberId,
  ]);
  return rows[0] ?? null;
}

/** Starts (or starts again) a member's link: pending until the Slack user presses the button holding the code. */
export async function requestSlackLink(
  db: Queryable,
  link: { workspaceId: string; memberId: string; slackUserId: string; codeHash: string },
): Promise<SlackLink> {
  const { rows } = await db.query<SlackLink>(
    `insert into slack_links (member_id, workspace_id, slack_user_id, code_hash) values ($1, $2, $3, $4)
     on conflict (member_id) do update
       set slack_user_id = excluded.slack_user_id, code_hash = excluded.code_hash, team_id = null, linked_at = null, requested_at = now()
     returning ${LINK_COLUMNS}`,
    [link.memberId, link.workspaceId, link.slackUserId, link.codeHash],
  );
  return rows[0]!;
}

export type PendingSlackLink = { workspaceId: string; memberId: string; slackUserId: string; requestedAt: Date };

export async function pendingSlackLink(db: Queryable, codeHash: string): Promise<PendingSlackLink | null> {
  const { rows } = await db.query<PendingSlackLink>(
    `select workspace_id as "workspaceId", member_id as "memberId", slack_user_id as "slackUserId", requested_at as "requestedAt"
       from slack_links where code_hash = $1 and linked_at is null`,
    [codeHash],
  );
  return rows[0] ?? null;
}

/**
 * Confirms the pending link holding `codeHash`: the member's Slack user, in `teamId`, from now on.
 * Any other member of the workspace linked to the same Slack user loses that link (one person a
 * Slack user). False when the code is no longer pending.
 */
export async function confirmSlackLink(db: Queryable, codeHash: string, teamId: string): Promise<boolean> {
  return withTransaction(db, async (client) => {
    const { rows } = await client.query<{ memberId: string; workspaceId: string; slackUserId: string }>(
      `select member_id as "memberId", workspace_id as "workspaceId", slack_user_id as "slackUserId"
         from slack_links where code_hash = $1 and linked_at is null for update`,
      [codeHash],
    );
    const pending = rows[0];
    if (!pending) return false;
    await client.query('delete from slack_links where workspace_id = $1 and team_id = $2 and slack_user_id = $3 and member_id <> $4', [
      pending.workspaceId,
      teamId,
      pending.slackUserId,
      pending.memberId,
    ]);
    await client.query('update slack_links set team_id = $2, linked_at = now(), code_hash = null where member_id = $1', [
      pending.memberId,
      teamId,
    ]);
    return true;
  });
}

export async function removeSlackLink(db: Queryable, workspaceId: string, memberId: string): Promise<boolean> {
  const { rowCount } = await db.query('delete from slack_links where workspace_id = $1 and member_id = $2', [workspaceId, memberId]);
  return (rowCount ?? 0) > 0;
}

/** The member a Slack user is, in a workspace, through a confirmed link only; null for anyone else. */
export async function memberForSlackUser(db: Queryable, workspaceId: string, teamId: string, slackUserId: string): Promise<string | null> {
  const { rows } = await db.query<{ memberId: string }>(
    `select member_id as "memberId" from slack_links
      where workspace_id = $1 and team_id = $2 and slack_user_id = $3 and linked_at is not null`,
    [workspaceId, teamId, slackUserId],
  );
  return rows[0]?.memberId ?? null;
}

export type StoredSlackMessage = { decisionId: string; channelId: string; memberId: string | null; ts: string };

export async function recordSlackMessage(db: Queryable, workspaceId: string, message: StoredSlackMessage): Promise<void> {
  await db.query(
    `insert into slack_messages (workspace_id, decision_id, channel_id, member_id, ts) values ($1, $2, $3, $4, $5)
     on conflict (workspace_id, decision_id, channel_id) do update set ts = excluded.ts, member_id = excluded.member_id`,
    [workspaceId, message.decisionId, message.channelId, message.memberId, message.ts],
  );
}

export async function slackMessagesOf(db: Queryable, workspaceId: string, decisionId: string): Promise<StoredSlackMessage[]> {
  const { rows } = await db.query<StoredSlackMessage>(
    `select decision_id as "decisionId", channel_id as "channelId", member_id as "memberId", ts
       from slack_messages where workspace_id = $1 and decision_id = $2 order by created_at, channel_id`,
    [workspaceId, decisionId],
  );
  return rows;
}

/** The workspace's channel for decisions, or null: each member's DM. */
export async function slackWorkspaceChannel(db: Queryable, workspaceId: string): Promise<string | null> {
  const { rows } = await db.query<{ channelId: string | null }>(
    'select channel_id as "channelId" from slack_workspace_settings where workspace_id = $1',
    [workspaceId],
  );
  return rows[0]?.channelId ?? null;
}

export async function putSlackWorkspaceChannel(db: Queryable, workspaceId: string, channelId: string | null): Promise<void> {
  await db.query(
    `insert into slack_workspace_settings (workspace_id, channel_id) values ($1, $2)
     on conflict (workspace_id) do update set channel_id = excluded.channel_id, updated_at = now()`,
    [workspaceId, channelId],
  );
}
