/**
 * A real SMTP server on loopback for email tests (issue 40 item 3): the `smtp-server` package
 * on a free port, every message it accepts parsed back with `mailparser`, so a test reads what
 * a mail client would — headers, text, HTML and links. Started and stopped by the test.
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { EmailSettings } from '../../runtime/email-settings';

export type ReceivedMail = { to: string[]; parsed: ParsedMail; raw: string };

export type SmtpInbox = {
  /** smtp://127.0.0.1:<port> */
  url: string;
  messages: ReceivedMail[];
  /** Cast's email settings pointing at this server. */
  settings(publicUrl: string): EmailSettings;
  /** The messages to `address`, waiting until there are at least `count`. */
  waitFor(address: string, count?: number): Promise<ReceivedMail[]>;
  to(address: string): ReceivedMail[];
  /** Refuses the next `times` messages to `address` as a busy server does (451, a temporary failure). */
  refuse(address: string, times: number): void;
  stop(): Promise<void>;
};

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const messages: ReceivedMail[] = [];
  const refusals = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const left = refusals.get(address.address.toLowerCase()) ?? 0;
      if (left === 0) return callback();
      refusals.set(address.address.toLowerCase(), left - 1);
      return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then((parsed) => {
            messages.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()), parsed, raw });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  const url = `smtp://127.0.0.1:${port}`;
  const to = (address: string) => messages.filter((message) => message.to.includes(address.toLowerCase()));
  return {
    url,
    messages,
    settings: (publicUrl) => ({ smtp: { url }, from: 'Cast <cast@example.test>', publicUrl }),
    to,
    refuse: (address, times) => void refusals.set(address.toLowerCase(), times),
    async waitFor(address, count = 1) {
      for (let attempt = 0; attempt < 600; attempt += 1) {
        if (to(address).length >= count) return to(address);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no ${count} message(s) to ${address} arrived; ${messages.length} in the inbox`);
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The answer-in-place links (`/a/…`) in a message's text, in order. */
export function answerLinks(mail: ReceivedMail): string[] {
  return [...(mail.parsed.text ?? '').matchAll(/https?:\/\/\S+\/a\/[A-Za-z0-9_.-]+/g)].map((match) => match[0]);
}

/** The link labelled `label` in the text body ("  Pro: http://…/a/…"). */
export function answerLinkFor(mail: ReceivedMail, label: string): string {
  const line = (mail.parsed.text ?? '').split('\n').find((one) => one.trim().startsWith(`${label}: `) && one.includes('/a/'));
  if (!line) throw new Error(`no answer link for ${label} in:\n${mail.parsed.text}`);
  return line.trim().slice(label.length + 2);
}
