/**
 * Email digests (issue 40 item 3): at each tick, the members whose digest is due now (hourly,
 * or daily at their local hour in their time zone) get one message of what waits, oldest
 * blocking first, each line with its staleness and the agent's summary. Each (member, period)
 * is claimed before anything is built, so two workers ticking at once send it once. A
 * workspace's open decisions are read once for all its members. Held immediate messages
 * (quiet hours, presence, not urgent) are marked as carried by the digest.
 *
 * At most once: a worker that stops between the claim and the send loses that period's
 * digest (the next period's carries the same decisions); a refused send is logged as failed.
 */
import { mintUnsubscribeLink } from '../answer-links/unsubscribe-link';
import type { LinkKeySource } from '../answer-links/link-key';
import { claimDigests, digestMembers, settleHeldEmail, waitingDecisions, type DigestMember, type WaitingDecision } from '../db/digest-runs';
import { recordDelivery, updateDelivery } from '../db/notification-deliveries';
import type { Pool } from '../db/pool';
import { decisionPagePath } from '../domain/answer-link';
import { digestPeriod } from '../domain/notifications/digest-period';
import { readNotificationSettings, type NotificationSettings } from '../domain/notifications/notification-settings';
import { staleness } from '../domain/staleness';
import type { Logger } from '../runtime/logger';
import { failureDetail } from './member-channel';
import type { Mailer, OutgoingEmail } from './smtp-mailer';
import { digestEmail } from './templates/email/digest';

/** Lines a digest lists; the rest are counted ("And 120 more"). */
export const DIGEST_LINES = 50;

export type DigestDeps = LinkKeySource & { pool: Pool; publicUrl: string; logger?: Logger };

export type BuiltDigest = { member: DigestMember; period: string; cadence: 'hourly' | 'daily'; mail: OutgoingEmail };

type Due = { member: DigestMember; settings: NotificationSettings; period: string };

function lineOf(decision: WaitingDecision, base: string, now: Date) {
  const count = decision.sessionMessages ?? decision.messagesAtAsk ?? 0;
  const state = staleness(decision.createdAt, decision.messagesAtAsk ?? count, count, now);
  return {
    id: decision.id,
    question: decision.question,
    summary: decision.context,
    blocking: decision.blocking,
    staleness: state.line,
    stale: state.stale,
    url: `${base}${decisionPagePath(decision.id)}`,
  };
}

/**
 * Claims and builds every digest due at `now`, without sending: what `sendDueDigests` sends, and
 * what the benchmark times. A member whose digest another worker claimed is not built.
 */
export async function buildDueDigests(deps: DigestDeps, now: Date): Promise<BuiltDigest[]> {
  const due: Due[] = [];
  for (const member of await digestMembers(deps.pool)) {
    const settings = readNotificationSettings(member.settings);
    const period = digestPeriod(settings.digest, settings.timeZone ?? member.timeZone ?? 'UTC', now);
    if (period) due.push({ member, settings, period });
  }
  const claimed = await claimDigests(
    deps.pool,
    due.map(({ member, period }) => ({ memberId: member.id, workspaceId: member.workspaceId, period })),
  );
  const byWorkspace = new Map<string, Due[]>();
  for (const one of due) {
    if (!claimed.has(one.member.id)) continue;
    byWorkspace.set(one.member.workspaceId, [...(byWorkspace.get(one.member.workspaceId) ?? []), one]);
  }
  const base = deps.publicUrl.replace(/\/+$/, '');
  const built: BuiltDigest[] = [];
  for (const [workspaceId, members] of byWorkspace) {
    const waiting = await waitingDecisions(deps.pool, workspaceId, DIGEST_LINES);
    // Nothing waits: no message (an empty digest teaches people to ignore the next one).
    if (waiting.total === 0) continue;
    const lines = waiting.decisions.map((decision) => lineOf(decision, base, now));
    for (const { member, settings, period } of members) {
      const cadence = settings.digest.cadence === 'hourly' ? 'hourly' : 'daily';
      const unsubscribeUrl = await mintUnsubscribeLink(deps, { workspaceId, memberId: member.id, channel: 'email' });
      const content = digestEmail({
        cadence,
        lines,
        total: waiting.total,
        blocking: waiting.blocking,
        queueUrl: `${base}/decisions`,
        unsubscribeUrl,
      });
      built.push({ member, period, cadence, mail: { ...content, to: settings.email.address!, unsubscribeUrl } });
    }
  }
  return built;
}

/** Sends every digest due at `now`; each is written to the member's delivery log. Returns how many were handed on. */
export async function sendDueDigests(deps: DigestDeps & { mailer: Mailer }, now: Date): Promise<number> {
  let sent = 0;
  for (const digest of await buildDueDigests(deps, now)) {
    const { member } = digest;
    const id = await recordDelivery(deps.pool, {
      workspaceId: member.workspaceId,
      memberId: member.id,
      channel: 'email',
      kind: 'digest',
      eventId: null,
      decisionId: null,
      status: 'pending',
      detail: digest.period,
    });
    try {
      await deps.mailer.send(digest.mail);
      await updateDelivery(deps.pool, id!, 'sent', digest.period);
      await settleHeldEmail(deps.pool, member.workspaceId, member.id, `${digest.cadence} digest`);
      sent += 1;
    } catch (error) {
      deps.logger?.warn({ err: error, member: member.id, period: digest.period }, 'an email digest was refused by the SMTP server');
      await updateDelivery(deps.pool, id!, 'failed', failureDetail(error));
    }
  }
  return sent;
}
