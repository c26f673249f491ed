/**
 * The pages an answer-in-place link opens (issue 40 item 5), rendered on the server: plain HTML,
 * one form, no scripts (the app's CSP), readable at a phone's width. The confirmation page says
 * exactly what pressing will answer — the decision's question, the ask, the answer — and its
 * one button POSTs; a refusal says why in words and opens the decision.
 */
import { channelPhrase } from '../domain/channel-words';
import type { AnswerLinkView, AnsweredByLink } from '../domain/answer-link-schema';
import { ERRORS, type DomainError } from '../domain/errors';
import { REASON_MAX } from '../domain/ask';
import { readFileSync } from 'node:fs';
import { escape } from './openapi/schema-fields';

export const ANSWER_LINK_STYLESHEET_PATH = '/answer-link.css';
/** Beside this file, and beside dist/api.js in the build (scripts/build.mjs copies it). */
export const ANSWER_LINK_STYLESHEET = readFileSync(new URL('./answer-link-page.css', import.meta.url), 'utf8');

/** The link pages' frame: the answer links' and the unsubscribe link's. */
export function linkPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escape(title)} · Cast</title>
<link rel="stylesheet" href="${ANSWER_LINK_STYLESHEET_PATH}">
</head>
<body>
<main class="link-page">
<p class="brand">Cast</p>
${body}
</main>
</body>
</html>
`;
}

const when = (iso: string) => new Date(iso).toUTCString().replace(/:\d\d GMT$/, ' UTC');

/** The button says what it does: "Answer “Pro”", "Approve", "Reject". */
function buttonWords(link: AnswerLinkView): string {
  const answer = link.answer;
  switch (answer.kind) {
    case 'approval':
      return answer.decision === 'approve' ? 'Approve' : 'Reject';
    case 'access':
      return 'Say access is granted';
    case 'action':
      return 'Mark it done';
    default:
      return `Answer “${link.answerText}”`;
  }
}

/** What the button will answer, and the button. `problem`: why the last press answered nothing (a missing reason). */
export function confirmationPage(link: AnswerLinkView, problem: string | null = null): string {
  const verb = buttonWords(link);
  const via = channelPhrase(link.channel);
  const reason = link.reasonRequired
    ? `<label for="reason">Why? (required) — one sentence is enough; it is what the agent learns from.</label>
<textarea id="reason" name="reason" required maxlength="${REASON_MAX}" rows="3"></textarea>`
    : '';
  return linkPage(
    `Answer ${link.decision.id}`,
    `<h1>Answer ${escape(link.decision.id)}?</h1>
<p class="question" data-testid="link-question">${escape(link.decision.question)}</p>
<dl>
<dt>Ask ${link.ask.position}</dt><dd data-testid="link-ask">${escape(link.ask.prompt)}</dd>
<dt>Your answer</dt><dd><strong data-testid="link-answer">${escape(link.answerText)}</strong></dd>
<dt>Answering as</dt><dd>${escape(link.member.name)}${via ? `, ${escape(via)}` : ''}</dd>
</dl>
${problem ? `<p class="problem" role="alert">${escape(problem)}</p>` : ''}
<form method="post">
${reason}
<button type="submit">${escape(verb)}</button>
</form>
<p class="note">Nothing is answered until you press the button. This link answers once, until ${escape(when(link.expiresAt))}.</p>
<p><a href="${escape(link.decision.path)}">Open the decision instead</a></p>`,
  );
}

/** After the press: what was recorded. */
export function answeredPage(result: AnsweredByLink): string {
  const id = result.decision.id;
  return linkPage(
    `Answered ${id}`,
    `<h1>Answered</h1>
<p class="question">${escape(result.decision.question)}</p>
<p class="done" role="status" data-testid="link-answered">You answered “${escape(result.answerText)}”. The agent is told.</p>
<p><a href="/decisions/${escape(id)}">Open the decision</a></p>`,
  );
}

/** The heading each refusal reads under; the problem's own sentence follows it. */
const HEADINGS: Partial<Record<DomainError['code'], string>> = {
  link_not_found: 'This link does not work',
  link_expired: 'This link has expired',
  link_used: 'This link was already used',
  link_decision_changed: 'This decision changed since this link was sent',
  link_answered_elsewhere: 'Already answered',
  link_member_not_allowed: 'This link cannot answer for you now',
  rate_limited: 'Too many tries',
};

export function refusalPage(error: DomainError): string {
  const heading = HEADINGS[error.code] ?? ERRORS[error.code].title.replace(/\.$/, '');
  const decisionPath = typeof error.details?.decisionPath === 'string' ? error.details.decisionPath : null;
  const open = decisionPath
    ? `<p><a href="${escape(decisionPath)}">Open the decision</a></p>`
    : `<p><a href="/decisions">Open Cast</a></p>`;
  const retry = ERRORS[error.code].status >= 500 ? ' Nothing was answered; try the link again in a moment.' : '';
  return linkPage(
    heading,
    `<h1>${escape(heading)}</h1>
<p class="problem" data-testid="link-refusal" data-code="${escape(error.code)}">${escape(error.message)}${retry}</p>
${open}`,
  );
}
