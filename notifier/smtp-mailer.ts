/**
 * The one place Cast talks SMTP (issue 40 item 3): nodemailer over the operator's server
 * (runtime/email-settings.ts). A pooled connection, so a burst of messages does not open one
 * connection each; every message carries RFC 8058's one-click unsubscribe headers.
 */
import nodemailer from 'nodemailer';
import type { EmailSettings } from '../runtime/email-settings';
import type { EmailContent } from './templates/email/layout';

export type OutgoingEmail = EmailContent & { to: string; unsubscribeUrl: string };

export interface Mailer {
  /** Hands one message to the SMTP server; throws with the server's words when it refuses. */
  send(mail: OutgoingEmail): Promise<void>;
  close(): void;
}

export function smtpMailer(settings: Pick<EmailSettings, 'smtp' | 'from'>): Mailer {
  const smtp = settings.smtp;
  const transport =
    'url' in smtp
      ? nodemailer.createTransport({ url: smtp.url, pool: true })
      : nodemailer.createTransport({
          pool: true,
          host: smtp.host,
          port: smtp.port,
          secure: smtp.secure,
          ...(smtp.auth ? { auth: smtp.auth } : {}),
        });
  return {
    async send(mail) {
      await transport.sendMail({
        from: settings.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: {
          // RFC 8058: a mail client's one-click unsubscribe POSTs `List-Unsubscribe=One-Click` to this URL.
          'List-Unsubscribe': `<${mail.unsubscribeUrl}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          // No auto-replies ("out of office") back to Cast's sender.
          'Auto-Submitted': 'auto-generated',
        },
      });
    },
    close() {
      transport.close();
    },
  };
}
