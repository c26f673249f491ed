/**
 * What every email Cast sends has in common (issue 40 item 3): a plain-text body and a simple
 * HTML one saying the same, in plain words, and at the foot a visible unsubscribe link (the
 * header carries the one-click one). Everything an agent or a person wrote is escaped: a
 * decision's text is plain text, never markup.
 */
export type EmailContent = { subject: string; text: string; html: string };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** One line of a subject: no line breaks (a header cannot hold them), at most 140 characters. */
export function subjectLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 140 ? `${line.slice(0, 139)}…` : line;
}

/** A button in the HTML body: a plain link styled to look pressable (mail clients run no scripts). */
export function buttonHtml(label: string, url: string): string {
  return `<a href="${escapeHtml(url)}" style="display:inline-block;margin:0 8px 8px 0;padding:8px 14px;border-radius:6px;background:#1f4fd1;color:#ffffff;text-decoration:none;font-weight:600">${escapeHtml(label)}</a>`;
}

export function paragraphHtml(text: string, style = ''): string {
  return `<p style="margin:0 0 12px 0;${style}">${escapeHtml(text).replace(/\n/g, '<br>')}</p>`;
}

const FOOTER_TEXT = (unsubscribeUrl: string) =>
  `You get this because email is on in your Cast notifications.\nTurn email off: ${unsubscribeUrl}`;

export function wrapText(body: string, unsubscribeUrl: string): string {
  return `${body.trimEnd()}\n\n-- \n${FOOTER_TEXT(unsubscribeUrl)}\n`;
}

export function wrapHtml(title: string, body: string, unsubscribeUrl: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:16px;font-family:system-ui,-apple-system,Segoe UI,sans-serif;font-size:15px;line-height:1.5;color:#1a1a1a;background:#ffffff">
<div style="max-width:600px">
${body}
<hr style="border:none;border-top:1px solid #dddddd;margin:24px 0 12px 0">
<p style="margin:0;font-size:13px;color:#555555">You get this because email is on in your Cast notifications. <a href="${escapeHtml(unsubscribeUrl)}" style="color:#555555">Turn email off</a>.</p>
</div>
</body>
</html>
`;
}
