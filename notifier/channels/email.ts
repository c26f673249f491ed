/**
 * Email as a member channel (issue 40 item 3): a MemberTransport, so routing (immediate, held
 * for the digest, skipped), the once-per-event claim and the delivery log are the shared ones
 * (notifier/member-channel.ts). This file only says what one message for one event is: the
 * question, the agent's summary, how long it has waited, a button per answer — each an
 * answer-in-place link bound to the decision's revision, opening a confirmation page — a link
 * to open the decision, and the member's one-click unsubscribe.
 */
import { mintAnswerLink } from '../../answer-links/mint-answer-link';
import { mintUnsubscribeLink } from '../../answer-links/unsubscribe-link';
import type { LinkKeySource } from '../../answer-links/link-key';
import { decisionPagePath } from '../../domain/answer-link';
import type { AskState, DecisionView } from '../../domain/decision-view-schema';
import type { OutboxEvent, OutboxKind } from '../../domain/outbox/event-kinds';
import { ago } from '../../domain/staleness';
import { Undeliverable, type MemberMessage, type MemberTransport } from '../member-channel';
import type { Mailer } from '../smtp-mailer';
import { decisionWaitingEmail, type AskButtons } from '../templates/email/decision-waiting';
import type { EmailContent } from '../templates/email/layout';
import { testMessageEmail } from '../templates/email/test-message';

export const EMAIL_KINDS = [
  'decision.opened',
  'reminder.due',
  'deadline.near',
  'notification.test',
] as const satisfies readonly OutboxKind[];

export type EmailDeps = LinkKeySource & {
  mailer: Mailer;
  /** CAST_PUBLIC_URL: where every link in a message points. */
  publicUrl: string;
  clock?: () => Date;
};

/** The buttons an ask gets: one per option of a single choice, approve and reject; the rest are answered on the page. */
async function askButtons(deps: EmailDeps, message: MemberMessage, decision: DecisionView, ask: AskState, now: Date): Promise<AskButtons> {
  const link = (answer: { option: number } | { value: { kind: 'approval'; decision: 'approve' | 'reject' } }) =>
    mintAnswerLink(deps, {
      workspace: message.workspaceId,
      member: message.member.id,
      decision: decision.id,
      ask: ask.position,
      revision: decision.revision,
      channel: 'email',
      now,
      ...answer,
    });
  if (ask.status !== 'open') return { prompt: ask.prompt, buttons: [] };
  if (ask.kind === 'decision' && !ask.multiple) {
    const buttons = await Promise.all(
      ask.options.map(async (option, index) => ({ label: option.label, url: await link({ option: index + 1 }) })),
    );
    return { prompt: ask.prompt, buttons };
  }
  if (ask.kind === 'approval') {
    return {
      prompt: `${ask.prompt} — ${ask.action.summary}`,
      buttons: [
        { label: 'Approve', url: await link({ value: { kind: 'approval', decision: 'approve' } }) },
        { label: 'Reject', url: await link({ value: { kind: 'approval', decision: 'reject' } }) },
      ],
    };
  }
  return { prompt: ask.prompt, buttons: [] };
}

function formatAt(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'medium', timeStyle: 'short', timeZoneName: 'short' }).format(
    new Date(iso),
  );
}

/** Why the message comes, in its headline and subject, for each kind. */
function framing(event: OutboxEvent, timeZone: string): { headline: string; subjectPrefix: string; note: string | null } {
  switch (event.kind) {
    case 'reminder.due':
      return { headline: 'Reminder: this decision still waits for your answer.', subjectPrefix: 'Reminder', note: null };
    case 'deadline.near': {
      const data = (event as OutboxEvent<'deadline.near'>).data;
      const at = formatAt(data.at, timeZone);
      const note = data.answersWith
        ? `It answers itself “${data.answersWith}” at ${at} unless you answer.`
        : `Its agent stops waiting at ${at}.`;
      return { headline: 'This decision is about to run out of time.', subjectPrefix: 'Answer soon', note };
    }
    default: {
      const blocking = (event as OutboxEvent<'decision.opened'>).data.blocking;
      return blocking
        ? {
            headline: 'A blocking decision waits for you: an agent is stopped until you answer.',
            subjectPrefix: 'Waiting on you',
            note: null,
          }
        : { headline: 'A new decision waits for you.', subjectPrefix: 'New decision', note: null };
    }
  }
}

export function emailTransport(deps: EmailDeps): MemberTransport {
  const base = deps.publicUrl.replace(/\/+$/, '');
  const clock = deps.clock ?? (() => new Date());
  return {
    channel: 'email',
    kinds: EMAIL_KINDS,
    async send(message) {
      const to = message.settings.email.address;
      if (!to) throw new Undeliverable('No email address is set in this member’s notifications.');
      const unsubscribeUrl = await mintUnsubscribeLink(deps, {
        workspaceId: message.workspaceId,
        memberId: message.member.id,
        channel: 'email',
      });
      let content: EmailContent;
      if (message.event.kind === 'notification.test') {
        content = testMessageEmail({ queueUrl: `${base}/decisions`, unsubscribeUrl });
      } else {
        const now = clock();
        const decision = (message.event as OutboxEvent<'decision.opened'>).data.decision;
        const timeZone = message.settings.timeZone ?? message.member.timeZone ?? 'UTC';
        const asks = await Promise.all(decision.asks.map((ask) => askButtons(deps, message, decision, ask, now)));
        content = decisionWaitingEmail({
          ...framing(message.event, timeZone),
          decisionId: decision.id,
          question: decision.question,
          context: decision.context,
          staleness: `asked ${ago(new Date(decision.createdAt), now)}`,
          asks,
          decisionUrl: `${base}${decisionPagePath(decision.id)}`,
          unsubscribeUrl,
        });
      }
      await deps.mailer.send({ ...content, to, unsubscribeUrl });
    },
  };
}
