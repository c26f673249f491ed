/**
 * What one push says (issue 40 item 2). Content-free by default: a lock screen is read by whoever
 * holds the phone, so the push says only that something waits, and the page shows what once its
 * person is signed in. A member who opts into titles (`push.showTitles`) gets the decision's
 * question. The service worker (ui/public/sw.js) shows `title` and `body` and opens `url` on a
 * tap; `tag` makes a later push about the same decision replace the earlier notification.
 */
import type { OutboxEvent } from '../outbox/event-kinds';
import type { NotificationSettings } from './notification-settings';

/** A notification button: `url` is an answer-in-place link's path on Cast's origin (push-actions.ts). */
export type PushAction = { action: string; title: string; url: string };

export type PushPayload = { title: string; body: string; url: string; tag: string; actions?: PushAction[] };

export const PUSH_WORDS = {
  title: 'Cast',
  opened: 'Something waits for you in Cast',
  reminder: 'Something still waits for you in Cast',
  deadline: 'Something in Cast answers itself soon unless you answer',
  test: 'This is a test push from Cast. Pushes reach you here.',
} as const;

/** The longest question a push carries: lock screens show two or three lines of it at most. */
const TITLE_MAX = 120;

function clipped(text: string): string {
  return text.length <= TITLE_MAX ? text : `${text.slice(0, TITLE_MAX - 1).trimEnd()}…`;
}

export function pushPayload(event: OutboxEvent, settings: NotificationSettings): PushPayload {
  if (event.kind === 'notification.test') return { title: PUSH_WORDS.title, body: PUSH_WORDS.test, url: '/decisions', tag: 'cast-test' };
  const decisionId = event.subject.kind === 'decision' ? event.subject.id : null;
  const url = decisionId ? `/decisions/${encodeURIComponent(decisionId)}` : '/decisions';
  const tag = decisionId ?? 'cast';
  const data = event.data as { decision?: { question?: string } };
  const question = settings.push.showTitles ? data.decision?.question : undefined;
  const words =
    event.kind === 'reminder.due' ? PUSH_WORDS.reminder : event.kind === 'deadline.near' ? PUSH_WORDS.deadline : PUSH_WORDS.opened;
  if (!question) return { title: PUSH_WORDS.title, body: words, url, tag };
  // With titles on, the question is the headline and the plain words say why it came.
  return { title: clipped(question), body: words, url, tag };
}
