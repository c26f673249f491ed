/**
 * Email's settings (issue 40 item 3), read once at start from the environment: an SMTP server
 * (CAST_SMTP_URL, or CAST_SMTP_HOST with its port, user, password and TLS) and the sender
 * (CAST_MAIL_FROM). None set: email is off, and the notifications page says it is not
 * configured. Some set but not enough: the process stops, naming what is missing — a half
 * configured mailer would otherwise fail one message at a time, silently.
 */
import { z } from 'zod';

export const EMAIL_VARIABLES = [
  'CAST_SMTP_URL',
  'CAST_SMTP_HOST',
  'CAST_SMTP_PORT',
  'CAST_SMTP_USER',
  'CAST_SMTP_PASSWORD',
  'CAST_SMTP_SECURE',
  'CAST_MAIL_FROM',
] as const;

/** What nodemailer is given: a connection URL, or its parts. */
export type SmtpTarget = { url: string } | { host: string; port: number; secure: boolean; auth: { user: string; pass: string } | null };

export type EmailSettings = {
  smtp: SmtpTarget;
  /** `cast@example.com` or `Cast <cast@example.com>`. */
  from: string;
  /** CAST_PUBLIC_URL: every message's links (open, answer, unsubscribe) start with it. */
  publicUrl: string;
};

export class EmailSettingsError extends Error {
  override name = 'EmailSettingsError';
}

const address = z.email();
/** A bare address, or a display name and the address in angle brackets. */
function fromProblem(value: string): string | null {
  const named = /^\s*([^<>]+?)\s*<([^<>\s]+)>\s*$/.exec(value);
  const bare = named ? named[2]! : value.trim();
  return address.safeParse(bare).success ? null : `${value} is not an address; give cast@example.com or "Cast <cast@example.com>"`;
}

function smtpUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `is not a URL; give smtp://user:password@host:587 or smtps://user:password@host:465`;
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') return 'must start with smtp:// or smtps://';
  if (!url.hostname) return 'names no host';
  return null;
}

/**
 * The email settings in `source`, or null when none is set. Throws EmailSettingsError listing
 * every problem, each by its variable's name.
 */
export function loadEmailSettings(source: Record<string, string | undefined>, publicUrl: string | undefined): EmailSettings | null {
  const value = (name: (typeof EMAIL_VARIABLES)[number]) => {
    const text = source[name]?.trim();
    return text ? text : undefined;
  };
  const set = EMAIL_VARIABLES.filter((name) => value(name) !== undefined);
  if (set.length === 0) return null;
  const problems: string[] = [];
  const url = value('CAST_SMTP_URL');
  const host = value('CAST_SMTP_HOST');
  const from = value('CAST_MAIL_FROM');
  const parts = (['CAST_SMTP_HOST', 'CAST_SMTP_PORT', 'CAST_SMTP_USER', 'CAST_SMTP_PASSWORD', 'CAST_SMTP_SECURE'] as const).filter(
    (name) => value(name) !== undefined,
  );
  if (url && parts.length) problems.push(`CAST_SMTP_URL: set it or ${parts.join(', ')}, not both`);
  if (!url && !host)
    problems.push(`CAST_SMTP_URL: email needs an SMTP server (CAST_SMTP_URL, or CAST_SMTP_HOST); ${set.join(', ')} set without one`);
  if (url) {
    const problem = smtpUrlProblem(url);
    if (problem) problems.push(`CAST_SMTP_URL: ${problem}`);
  }
  const port = value('CAST_SMTP_PORT');
  if (port !== undefined && !(/^\d+$/.test(port) && Number(port) >= 1 && Number(port) <= 65535))
    problems.push('CAST_SMTP_PORT: must be a port, a whole number from 1 to 65535');
  const secure = value('CAST_SMTP_SECURE');
  if (secure !== undefined && secure !== 'on' && secure !== 'off')
    problems.push('CAST_SMTP_SECURE: must be on (TLS from the start, port 465) or off (STARTTLS when offered)');
  const user = value('CAST_SMTP_USER');
  const password = value('CAST_SMTP_PASSWORD');
  if (user && !password) problems.push('CAST_SMTP_PASSWORD: CAST_SMTP_USER is set without its password');
  if (password && !user) problems.push('CAST_SMTP_USER: CAST_SMTP_PASSWORD is set without a user');
  if (!from) problems.push('CAST_MAIL_FROM: email needs a sender address, such as "Cast <cast@example.com>"');
  else {
    const problem = fromProblem(from);
    if (problem) problems.push(`CAST_MAIL_FROM: ${problem}`);
  }
  if (!publicUrl) problems.push('CAST_PUBLIC_URL: email needs it — every message links to Cast (open, answer, unsubscribe)');
  if (problems.length) throw new EmailSettingsError(problems.join('\n'));
  const secureOn = secure === 'on';
  const smtp: SmtpTarget = url
    ? { url }
    : {
        host: host!,
        port: port ? Number(port) : secureOn ? 465 : 587,
        secure: secureOn,
        auth: user ? { user, pass: password! } : null,
      };
  return { smtp, from: from!, publicUrl: publicUrl! };
}
