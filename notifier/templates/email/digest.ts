/**
 * The digest (issue 40 item 3): what waits for the member, oldest blocking first, each line
 * with how long it has waited and the agent's summary, and a link to open it. Long queues are
 * cut to the first `shown` lines with a count of the rest: a digest is read, not searched.
 */
import type { EmailContent } from './layout';
import { escapeHtml, paragraphHtml, subjectLine, wrapHtml, wrapText } from './layout';

export type DigestLine = {
  id: string;
  question: string;
  summary: string | null;
  blocking: boolean;
  staleness: string;
  stale: boolean;
  url: string;
};

export type DigestInput = {
  /** "Daily" or "Hourly". */
  cadence: 'hourly' | 'daily';
  lines: DigestLine[];
  /** How many wait in all (more than `lines` when the digest is cut). */
  total: number;
  blocking: number;
  queueUrl: string;
  unsubscribeUrl: string;
};

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** The summary's first line, cut to a sentence's length: a digest line, not the whole context. */
function summaryLine(summary: string | null): string | null {
  if (!summary) return null;
  const line = summary.split('\n')[0]!.trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

export function digestEmail(input: DigestInput): EmailContent {
  const waiting = plural(input.total, 'decision waits', 'decisions wait');
  const blocking = input.blocking ? `, ${plural(input.blocking, 'blocks an agent', 'block agents')}` : '';
  const subject = subjectLine(`Cast ${input.cadence} digest: ${waiting}${blocking}`);
  const rest = input.total - input.lines.length;
  const text: string[] = [`${waiting} for you${blocking}. Oldest blocking first.`, ''];
  for (const line of input.lines) {
    text.push(`${line.blocking ? '[blocking] ' : ''}${line.question}`);
    text.push(`  ${line.id}, ${line.staleness}${line.stale ? ' (stale)' : ''}`);
    const summary = summaryLine(line.summary);
    if (summary) text.push(`  ${summary}`);
    text.push(`  ${line.url}`, '');
  }
  if (rest > 0) text.push(`And ${plural(rest, 'more', 'more')}.`, '');
  text.push(`Open the queue: ${input.queueUrl}`);

  const html: string[] = [
    `<h1 style="font-size:20px;margin:0 0 12px 0">${escapeHtml(`${waiting} for you${blocking}`)}</h1>`,
    paragraphHtml('Oldest blocking first.', 'color:#555555'),
    '<ol style="padding-left:20px;margin:0 0 12px 0">',
  ];
  for (const line of input.lines) {
    const summary = summaryLine(line.summary);
    html.push(
      `<li style="margin:0 0 12px 0"><a href="${escapeHtml(line.url)}" style="font-weight:600">${escapeHtml(line.question)}</a>` +
        `${line.blocking ? ' <span style="color:#a4262c">· blocking</span>' : ''}` +
        `<br><span style="color:#555555">${escapeHtml(`${line.id}, ${line.staleness}${line.stale ? ' (stale)' : ''}`)}</span>` +
        `${summary ? `<br>${escapeHtml(summary)}` : ''}</li>`,
    );
  }
  html.push('</ol>');
  if (rest > 0) html.push(paragraphHtml(`And ${plural(rest, 'more', 'more')}.`));
  html.push(`<p style="margin:0 0 12px 0"><a href="${escapeHtml(input.queueUrl)}">Open the queue</a></p>`);
  return { subject, text: wrapText(text.join('\n'), input.unsubscribeUrl), html: wrapHtml(subject, html.join('\n'), input.unsubscribeUrl) };
}
