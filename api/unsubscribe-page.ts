/**
 * The pages of an email's unsubscribe link (issue 40 item 3): opened, a page with one button
 * (a mail scanner's GET turns nothing off); pressed, or POSTed by a mail client's one-click
 * unsubscribe (RFC 8058), email is off and the page says so and where to turn it back on.
 */
import { escape } from './openapi/schema-fields';
import { linkPage } from './answer-link-page';

export function unsubscribeConfirmPage(): string {
  return linkPage(
    'Turn email off',
    `<h1>Turn off email from Cast?</h1>
<p>You will get no more email from Cast — no messages for new decisions and no digests. Nothing else changes.</p>
<form method="post">
<button type="submit">Turn email off</button>
</form>
<p class="note">Nothing changes until you press the button.</p>`,
  );
}

export function unsubscribedPage(): string {
  return linkPage(
    'Email is off',
    `<h1>Email is off</h1>
<p class="done" role="status" data-testid="unsubscribed">Cast sends you no more email. You can turn it back on in your notifications.</p>
<p><a href="/decisions">Open Cast</a></p>`,
  );
}

export function unsubscribeRefusedPage(message: string): string {
  return linkPage(
    'This link does not work',
    `<h1>This link does not work</h1>
<p class="problem" data-testid="unsubscribe-refusal">${escape(message)}</p>
<p><a href="/decisions">Open Cast</a></p>`,
  );
}
