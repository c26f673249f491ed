/**
 * Sessions: an agent's conversation, named by its host (the host's own conversation id) and
 * owned by the member whose token registered it. Liveness is derived from heartbeats, never stored.
 */
import { z } from 'zod';
import { characters, filledText } from './text-fields';
import { orNull } from './or-null';
import { Run } from './run';

export const SessionId = characters(200).min(1);

/** `PUT /sessions/:id`: omitted fields stay as they are; `null` clears them. */
export const PutSessionBody = z.strictObject({
  scope: filledText(200).nullable().optional(),
  agentId: filledText(100).nullable().optional(),
});
export type PutSessionBody = z.infer<typeof PutSessionBody>;

/** `waiting`: blocked on a person — a host prompt of the session is open and its host still waits on it (issue 31 item 7). */
export const Liveness = ['live', 'stopped', 'unresponsive', 'waiting'] as const;
export type Liveness = (typeof Liveness)[number];

/** A host that has not sent a heartbeat for this long is unresponsive. */
export const HEARTBEAT_TIMEOUT_MS = 60_000;

/**
 * A host blocked on its permission prompt sends no heartbeat (Claude Code's hook only waits), yet
 * it is not unresponsive: it waits on a person, and says so.
 */
export function livenessOf(
  session: { stoppedAt: Date | string | null; lastHeartbeatAt: Date | string | null; waitingOnPerson?: boolean },
  now: Date,
): Liveness {
  if (session.stoppedAt !== null) return 'stopped';
  if (session.waitingOnPerson) return 'waiting';
  if (session.lastHeartbeatAt === null) return 'unresponsive';
  const silentFor = now.getTime() - new Date(session.lastHeartbeatAt).getTime();
  return silentFor <= HEARTBEAT_TIMEOUT_MS ? 'live' : 'unresponsive';
}

export const Session = z
  .object({
    id: SessionId,
    ownerMemberId: z.string(),
    agentId: z.string().nullable(),
    scope: z.string().nullable(),
    liveness: z.enum(Liveness),
    messageCount: z.number().int(),
    lastHeartbeatAt: z.iso.datetime().nullable(),
    stoppedAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Session' });
export type Session = z.infer<typeof Session>;

/** `GET /sessions/:id` adds the session's newest run. */
export const SessionDetail = Session.extend({ latestRun: orNull(Run) }).meta({ id: 'SessionDetail' });
export type SessionDetail = z.infer<typeof SessionDetail>;
