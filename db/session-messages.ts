/**
 * A session's message log. Appends to one session are serialised by locking its row, so a
 * message's `seq` is committed in order within its session and `after=seq` never skips one.
 */
import { DomainError, notFound } from '../domain/errors';
import type { MessageKind, MessageRole, SessionMessage } from '../domain/session-message';
import { withTransaction, type Queryable } from './pool';

export type NewMessage = {
  workspaceId: string;
  sessionId: string;
  role: MessageRole;
  kind: MessageKind;
  body: string;
  decisionId?: string | null;
  dedupeKey?: string | null;
};

export type AppendedMessage = SessionMessage & { duplicate: boolean };

type MessageRow = {
  seq: number;
  session_id: string;
  role: MessageRole;
  kind: MessageKind;
  body: string;
  decision_id: string | null;
  dedupe_key: string | null;
  created_at: Date;
};

const MESSAGE_COLUMNS = 'seq, session_id, role, kind, body, decision_id, dedupe_key, created_at';

function toMessage(row: MessageRow): SessionMessage {
  return {
    seq: row.seq,
    sessionId: row.session_id,
    role: row.role,
    kind: row.kind,
    body: row.body,
    decisionId: row.decision_id,
    dedupeKey: row.dedupe_key,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * Appends a message and counts it on the session. With a `dedupeKey` already used in this
 * session, returns that message (`duplicate: true`) and changes nothing; a key used by another
 * session of the workspace is refused (the schema makes keys unique per workspace).
 */
export async function appendMessage(db: Queryable, message: NewMessage): Promise<AppendedMessage> {
  return withTransaction(db, async (client) => {
    // No key update: it serialises appends, yet rows that only reference the session (a new run) are not held up.
    const session = await client.query('select 1 from sessions where workspace_id = $1 and id = $2 for no key update', [
      message.workspaceId,
      message.sessionId,
    ]);
    if (session.rowCount === 0) throw notFound('session');
    const inserted = await client.query<MessageRow>(
      `insert into session_messages (workspace_id, session_id, role, kind, body, decision_id, dedupe_key)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (workspace_id, dedupe_key) do nothing
       returning ${MESSAGE_COLUMNS}`,
      [
        message.workspaceId,
        message.sessionId,
        message.role,
        message.kind,
        message.body,
        message.decisionId ?? null,
        message.dedupeKey ?? null,
      ],
    );
    if (inserted.rows[0]) {
      await client.query('update sessions set message_count = message_count + 1 where workspace_id = $1 and id = $2', [
        message.workspaceId,
        message.sessionId,
      ]);
      return { ...toMessage(inserted.rows[0]), duplicate: false };
    }
    const { rows } = await client.query<MessageRow>(
      `select ${MESSAGE_COLUMNS} from session_messages where workspace_id = $1 and dedupe_key = $2`,
      [message.workspaceId, message.dedupeKey],
    );
    const existing = rows[0]!;
    if (existing.session_id !== message.sessionId) {
      throw new DomainError(
        'dedupe_key_conflict',
        'That dedupe key was already used by another session; choose a key unique to this session.',
      );
    }
    return { ...toMessage(existing), duplicate: true };
  });
}

export type MessageListQuery = { after?: number; limit: number };

/** Oldest first, strictly after `after`. */
export async function listMessages(
  db: Queryable,
  workspaceId: string,
  sessionId: string,
  query: MessageListQuery,
): Promise<SessionMessage[]> {
  const { rows } = await db.query<MessageRow>(
    `select ${MESSAGE_COLUMNS} from session_messages
      where workspace_id = $1 and session_id = $2 and seq > $3
      order by seq limit $4`,
    [workspaceId, sessionId, query.after ?? 0, query.limit],
  );
  return rows.map(toMessage);
}

/** What the agent said last in the session: the card of a prompt with no authored payload shows it. */
export async function lastAssistantMessage(db: Queryable, workspaceId: string, sessionId: string): Promise<string | null> {
  const { rows } = await db.query<{ body: string }>(
    `select body from session_messages where workspace_id = $1 and session_id = $2 and role = 'assistant' order by seq desc limit 1`,
    [workspaceId, sessionId],
  );
  return rows[0]?.body ?? null;
}
