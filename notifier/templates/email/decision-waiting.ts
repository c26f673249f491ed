/**
 * The message for one decision that waits for the member (issue 40 item 3): a new blocking
 * decision, a reminder, or a deadline coming. It says the question, what the agent said
 * about it, how long it has waited, and offers a button per answer (each an answer-in-place
 * link: it opens a confirmation page, and only the press there answers) and a link to open it.
 */
import type { EmailContent } from './layout';
import { buttonHtml, escapeHtml, paragraphHtml, subjectLine, wrapHtml, wrapText } from './layout';

export type AskButtons = { prompt: string; buttons: { label: string; url: string }[] };

export type DecisionWaitingInput = {
  /** Why this message: "A blocking decision is waiting for you", "Reminder: …". */
  headline: string;
  /** The subject's opening words, before the question. */
  subjectPrefix: string;
  decisionId: string;
  question: string;
  /** The agent's summary of the decision (its context); null when it gave none. */
  context: string | null;
  /** "asked 5m ago, 0 messages since". */
  staleness: string;
  /** Extra line, e.g. what happens at the deadline. */
  note?: string | null;
  asks: AskButtons[];
  decisionUrl: string;
  unsubscribeUrl: string;
};

export function decisionWaitingEmail(input: DecisionWaitingInput): EmailContent {
  const subject = subjectLine(`${input.subjectPrefix}: ${input.question}`);
  const text: string[] = [input.headline, '', input.question, ''];
  if (input.context) text.push(input.context, '');
  text.push(`${input.decisionId}, ${input.staleness}.`);
  if (input.note) text.push(input.note);
  text.push('');
  for (const ask of input.asks) {
    if (ask.buttons.length === 0) continue;
    text.push(`${ask.prompt}`);
    for (const button of ask.buttons) text.push(`  ${button.label}: ${button.url}`);
    text.push('');
  }
  if (input.asks.some((ask) => ask.buttons.length > 0))
    text.push('Each answer link opens a page that asks you to confirm; nothing is answered until you press there.', '');
  text.push(`Open the decision: ${input.decisionUrl}`);

  const html: string[] = [
    paragraphHtml(input.headline, 'color:#555555'),
    `<h1 style="font-size:20px;margin:0 0 12px 0">${escapeHtml(input.question)}</h1>`,
  ];
  if (input.context) html.push(paragraphHtml(input.context));
  html.push(paragraphHtml(`${input.decisionId}, ${input.staleness}.`, 'color:#555555'));
  if (input.note) html.push(paragraphHtml(input.note, 'font-weight:600'));
  for (const ask of input.asks) {
    if (ask.buttons.length === 0) continue;
    html.push(
      paragraphHtml(ask.prompt, 'font-weight:600'),
      `<p style="margin:0 0 12px 0">${ask.buttons.map((b) => buttonHtml(b.label, b.url)).join('')}</p>`,
    );
  }
  if (input.asks.some((ask) => ask.buttons.length > 0))
    html.push(
      paragraphHtml(
        'Each button opens a page that asks you to confirm; nothing is answered until you press there.',
        'font-size:13px;color:#555555',
      ),
    );
  html.push(`<p style="margin:0 0 12px 0"><a href="${escapeHtml(input.decisionUrl)}">Open the decision</a></p>`);
  return { subject, text: wrapText(text.join('\n'), input.unsubscribeUrl), html: wrapHtml(subject, html.join('\n'), input.unsubscribeUrl) };
}
