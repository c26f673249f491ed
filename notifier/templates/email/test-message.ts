/** The test message a member asks for on the notifications page (issue 40 item 10), by email. */
import type { EmailContent } from './layout';
import { escapeHtml, paragraphHtml, wrapHtml, wrapText } from './layout';

export function testMessageEmail(input: { queueUrl: string; unsubscribeUrl: string }): EmailContent {
  const subject = 'Cast test message: email reaches you';
  const line = 'This is the test message you asked for. Email from Cast reaches you here.';
  return {
    subject,
    text: wrapText(`${line}\n\nOpen the queue: ${input.queueUrl}`, input.unsubscribeUrl),
    html: wrapHtml(
      subject,
      `${paragraphHtml(line)}<p style="margin:0 0 12px 0"><a href="${escapeHtml(input.queueUrl)}">Open the queue</a></p>`,
      input.unsubscribeUrl,
    ),
  };
}
