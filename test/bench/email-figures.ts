/**
 * Email's rows of `npm run bench` (issue 40 item 3), over a real SMTP server on loopback:
 *   - decision filed → its message handed to the SMTP server (accepted), P95 ≤ 1 s: a member with
 *     email on, decisions filed one at a time through the API; a notifier of the bench's own reads
 *     the outbox and runs the email channel, as a worker's does;
 *   - 1,000 members' daily digests over 10,000 open decisions built (claimed, read, composed,
 *     links signed; not sent) in ≤ 10 s: the workspace's open decisions are read once for all.
 */
import { randomUUID } from 'node:crypto';
import type { Pool } from '../../db/pool';
import { ChangeListener } from '../../db/change-listener';
import { createMember } from '../../db/tenancy';
import { putNotificationSettings } from '../../db/notification-settings';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../domain/notifications/notification-settings';
import { emailTransport } from '../../notifier/channels/email';
import { buildDueDigests } from '../../notifier/email-digests';
import { memberChannel } from '../../notifier/member-channel';
import { Notifier } from '../../notifier/notifier';
import { smtpMailer, type Mailer } from '../../notifier/smtp-mailer';
import { decisionBody } from '../support/fixtures';
import { startSmtpInbox } from '../support/smtp-inbox';
import type { HttpClient } from './http-client';
import { summarize, type Summary } from './stats';

export type EmailFigures = { handOff: Summary; sent: number; digests: { members: number; open: number; built: number; ms: number } };

type Deps = {
  pool: Pool;
  apiUrl: string;
  /** The bench workspace's member and its API client. */
  member: { workspaceId: string; memberId: string };
  http: HttpClient;
  /** A workspace of its own with `open` open decisions seeded (run.ts's bulk seeding). */
  seededWorkspace: (open: number) => Promise<{ workspaceId: string }>;
  log: (line: string) => void;
  filings: number;
};

const DIGEST_MEMBERS = 1_000;
const DIGEST_OPEN = 10_000;

export async function emailFigures(deps: Deps): Promise<EmailFigures> {
  const inbox = await startSmtpInbox();
  const settings = inbox.settings(deps.apiUrl);
  const mailer = smtpMailer(settings);
  const handed = new Map<string, number>();
  // Handed to the transport: the moment the SMTP server accepted the message.
  const timed: Mailer = {
    async send(mail) {
      await mailer.send(mail);
      handed.set(mail.subject, performance.now());
    },
    close: () => mailer.close(),
  };
  const listener = ChangeListener.forPool(deps.pool);
  const notifier = new Notifier({
    pool: deps.pool,
    channels: [memberChannel(deps.pool, emailTransport({ pool: deps.pool, publicUrl: deps.apiUrl, mailer: timed }))],
    listener,
  });
  try {
    // A new channel's cursor starts at the outbox's beginning: caught up first, with email still off.
    listener.start();
    notifier.start();
    await notifier.settled();
    const address = `bench-${randomUUID().slice(0, 8)}@example.test`;
    await putNotificationSettings(deps.pool, deps.member.workspaceId, deps.member.memberId, {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      email: { enabled: true, address, immediate: true },
      digest: { cadence: 'off', hour: 9 },
    });
    deps.log(`  email: ${deps.filings} blocking decisions filed one at a time, each until its message is accepted by the SMTP server…`);
    const samples: number[] = [];
    for (let index = 0; index < deps.filings; index += 1) {
      const question = `Email hand-off ${index}: which tier?`;
      const started = performance.now();
      await deps.http.json('POST', '/api/v1/decisions', decisionBody(question));
      const subject = `Waiting on you: ${question}`;
      const deadline = started + 30_000;
      while (!handed.has(subject) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 2));
      if (handed.has(subject)) samples.push(handed.get(subject)! - started);
    }
    await putNotificationSettings(deps.pool, deps.member.workspaceId, deps.member.memberId, DEFAULT_NOTIFICATION_SETTINGS);

    deps.log(`  email: ${DIGEST_MEMBERS} members' daily digests over ${DIGEST_OPEN} open decisions, built…`);
    const { workspaceId } = await deps.seededWorkspace(DIGEST_OPEN);
    const members: string[] = [];
    for (let index = 0; index < DIGEST_MEMBERS; index += 1) members.push(await createMember(deps.pool, workspaceId, `Digest ${index}`, false, 'member'));
    const digestSettings = (index: number) => ({
      ...DEFAULT_NOTIFICATION_SETTINGS,
      email: { enabled: true, address: `digest-${index}@example.test`, immediate: false },
      digest: { cadence: 'daily', hour: 9 },
      timeZone: 'UTC',
    });
    await deps.pool.query(
      `insert into notification_settings (member_id, workspace_id, settings) select unnest($1::text[]), $2, unnest($3::jsonb[])`,
      [members, workspaceId, members.map((_, index) => JSON.stringify(digestSettings(index)))],
    );
    // A nine o'clock (UTC) no other bench member is due at, in a year of its own: every claim is new.
    const at = new Date(Date.UTC(2100 + Math.floor(Math.random() * 800), 0, 1, 9, 5));
    const started = performance.now();
    const built = await buildDueDigests({ pool: deps.pool, publicUrl: deps.apiUrl }, at);
    const ms = performance.now() - started;
    await deps.pool.query(`update notification_settings set settings = jsonb_set(settings, '{email,enabled}', 'false') where member_id = any($1)`, [
      members,
    ]);
    return {
      handOff: summarize(samples),
      sent: samples.length,
      digests: { members: DIGEST_MEMBERS, open: DIGEST_OPEN, built: built.filter((one) => one.member.workspaceId === workspaceId).length, ms },
    };
  } finally {
    await notifier.stop();
    await listener.stop();
    mailer.close();
    await inbox.stop();
  }
}

export function emailRows(figures: EmailFigures, filings: number, times: (summary: Summary) => string): string[] {
  const met = (ok: boolean) => (ok ? 'met' : 'missed');
  const { digests } = figures;
  return [
    `| email: decision filed → message accepted by the SMTP server (${figures.sent} of ${filings}, loopback) | ${times(figures.handOff)} | P95 ≤ 1 s | ${met(
      figures.sent === filings && figures.handOff.p95 <= 1000,
    )} |`,
    `| email: ${digests.members} members' daily digests over ${digests.open} open decisions, built (${digests.built} built) | | ${(digests.ms / 1000).toFixed(2)} s | | ≤ 10 s | ${met(
      digests.built === digests.members && digests.ms <= 10_000,
    )} |`,
  ];
}
