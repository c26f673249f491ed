/**
 * The environment, parsed once at start-up. Nothing else in Cast reads `process.env`:
 * entry points call `loadEnv()` and pass the typed result down. A `CAST_*` variable Cast does
 * not know stops the process (a misspelt setting would otherwise be silently ignored); the
 * Temporal connection comes from runtime/temporal-settings.ts.
 */
import { z } from 'zod';
import { LongPollMaxSeconds, PublicUrl, TrustProxy } from './proxy-settings';
import { loadTemporalSettings, TemporalSettingsError, type TemporalSettings } from './temporal-settings';
import { EmailSettingsError, loadEmailSettings, type EmailSettings } from './email-settings';
import { SlackEnv, slackSettings, type SlackSettings } from './slack-settings';
import { OidcEnv, oidcSettings, type OidcSettings } from './oidc-settings';

const port = z.coerce.number().int().min(0).max(65535);
/** A port to listen on, or unset (an empty value too). */
const optionalPort = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  port.min(1).optional(),
);
const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const otlpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL (OTLP/HTTP)' });

/** The OTel spec's header list: comma-separated `key=value`, values percent-encoded. */
const otlpHeaders = z.string().transform((text, ctx) => {
  const headers: Record<string, string> = {};
  for (const pair of text.split(',')) {
    const at = pair.indexOf('=');
    const key = pair.slice(0, at).trim();
    const value = decoded(pair.slice(at + 1).trim());
    if (at < 1 || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(key) || value === null) {
      ctx.addIssue({ code: 'custom', message: 'must be comma-separated key=value pairs, values percent-encoded' });
      return z.NEVER;
    }
    headers[key] = value;
  }
  return headers;
});

function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}
/** Blank is unset. */
const unsetIfBlank = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
/** A whole number in [min, max], or unset (the built-in default); anything else is refused saying so. */
const wholeNumber = (min: number, max: number) =>
  z.preprocess(
    unsetIfBlank,
    z
      .string()
      .trim()
      .regex(/^\d+$/, `must be a whole number from ${min} to ${max}`)
      .transform(Number)
      .pipe(z.number().min(min, `must be a whole number from ${min} to ${max}`).max(max, `must be a whole number from ${min} to ${max}`))
      .optional(),
  );

export const Env = z.object({
  PORT: port.default(7400),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATABASE_URL: optionalText.pipe(z.url().optional()),
  CAST_DATA_DIR: z.string().trim().min(1).default('.data'),
  /** The embedded PostgreSQL's port; unset → a free port on every start. */
  CAST_PG_PORT: optionalPort,
  TEMPORAL_TASK_QUEUE: z.string().trim().min(1).default('cast'),
  /** The port of the dev server `npm start` runs when no address is configured. */
  TEMPORAL_PORT: port.default(7233),
  CAST_ADMIN_TOKEN: optionalText.pipe(z.string().min(16, 'CAST_ADMIN_TOKEN must be at least 16 characters').optional()),
  /** Where the Temporal CLI is cached between clones (`$XDG_CACHE_HOME/cast`, else `~/.cache/cast`). */
  XDG_CACHE_HOME: optionalText,
  /** FR-61's per-member limits; `off` only for load and fault tests that drive one member hard. */
  CAST_RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  /** FR-61: reads a member may make a minute; unset → 60 (api/rate-limit.ts FR61_LIMITS). */
  CAST_RATE_LIMIT_READS: wholeNumber(1, 1_000_000),
  /** FR-61: writes a member may make a minute; unset → 30. */
  CAST_RATE_LIMIT_WRITES: wholeNumber(1, 1_000_000),
  /** FR-61: Archive all requests a member may make a minute; unset → 5. */
  CAST_RATE_LIMIT_ARCHIVE_ALL: wholeNumber(1, 1_000_000),
  /** Issue 31: a host's permission prompts and terminal questions a member may file a minute, apart from writes; unset → 120. */
  CAST_RATE_LIMIT_PROMPTS: wholeNumber(1, 1_000_000),
  /** Connections each process keeps to PostgreSQL; unset → 10 (db/pool.ts). */
  CAST_PG_POOL_MAX: wholeNumber(1, 1000),
  /**
   * Writes that reach Temporal in flight in one API process before the next is refused 503
   * `overloaded`; unset → the default api/write-admission.ts derives from the measured ceiling.
   */
  CAST_MAX_WRITES_IN_FLIGHT: wholeNumber(1, 100_000),
  /** Parse every answer with its route's declared schema; the test suite turns it on. */
  CAST_CHECK_RESPONSES: z.enum(['on', 'off']).default('off'),
  /** Let webhooks reach loopback, private and link-local addresses: development, and the test suite's receivers. */
  CAST_WEBHOOK_ALLOW_PRIVATE: z.enum(['on', 'off']).default('off'),
  /** The origin people and hosts reach Cast at behind a proxy: the Origin check's and every link's; unset → the request's own host. */
  CAST_PUBLIC_URL: PublicUrl,
  /**
   * The key answer-in-place links are signed with (issue 40 item 5), at least 32 characters; the
   * same on every API and worker. Unset → the key Cast generates once and keeps in PostgreSQL.
   * Changing it voids every link already sent.
   */
  CAST_ANSWER_LINK_KEY: optionalText.pipe(z.string().min(32, 'CAST_ANSWER_LINK_KEY must be at least 32 characters').optional()),
  /** Issue 40 item 3: email's SMTP server as one URL (smtp:// or smtps://, user and password in it); or the five below. Read by runtime/email-settings.ts. */
  CAST_SMTP_URL: optionalText,
  CAST_SMTP_HOST: optionalText,
  CAST_SMTP_PORT: optionalText,
  CAST_SMTP_USER: optionalText,
  CAST_SMTP_PASSWORD: optionalText,
  /** `on`: TLS from the start (port 465); `off` (the default): STARTTLS when the server offers it. */
  CAST_SMTP_SECURE: optionalText,
  /** The sender of Cast's email: `cast@example.com` or `Cast <cast@example.com>`. */
  CAST_MAIL_FROM: optionalText,
  /**
   * Web Push (issue 40 item 2): the VAPID key pair pushes are signed with, base64url as
   * `npx web-push generate-vapid-keys` prints them; both or neither, the same on every API and
   * worker. Unset → the pair Cast generates once and keeps in PostgreSQL. Changing it voids
   * every browser's subscription.
   */
  CAST_VAPID_PUBLIC_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'CAST_VAPID_PUBLIC_KEY is an uncompressed P-256 public key in base64url (87 characters)')
      .optional(),
  ),
  CAST_VAPID_PRIVATE_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'CAST_VAPID_PRIVATE_KEY is a P-256 private key in base64url (43 characters)')
      .optional(),
  ),
  /** Whom push services may contact about Cast's pushes: a `mailto:` or `https:` URL; unset → CAST_PUBLIC_URL when it is https. */
  CAST_VAPID_SUBJECT: optionalText.pipe(
    z.url({ protocol: /^(mailto|https)$/, error: 'CAST_VAPID_SUBJECT is a mailto: or https: URL' }).optional(),
  ),
  /** Slack (issue 40 item 4): the bot token and signing secret, both or neither; the Web API's URL (runtime/slack-settings.ts). */
  ...SlackEnv,
  /** OpenID Connect sign-in (issue 41 item 6): issuer and client id together, or none (runtime/oidc-settings.ts). */
  ...OidcEnv,
  /** Express's `trust proxy`: a hop count or the proxies' addresses; unset → `X-Forwarded-*` is ignored. */
  CAST_TRUST_PROXY: TrustProxy,
  /** The longest a decision wait or a message long-poll holds a request, in seconds. */
  CAST_LONG_POLL_MAX_SECONDS: LongPollMaxSeconds,
  /**
   * How long SIGTERM's drain lets in-flight requests (and the worker's activities) finish before
   * cutting them. 20 s fits Kubernetes' default 30 s terminationGracePeriodSeconds with room to close up.
   */
  CAST_DRAIN_SECONDS: z.coerce.number().int('CAST_DRAIN_SECONDS must be whole seconds').min(1).max(600).default(20),
  /**
   * The port of this process's Prometheus `/metrics` (9464, the exporters' customary port): `0`
   * picks a free one (logged), `off` serves none. A second Cast process on one machine sets its own.
   */
  CAST_METRICS_PORT: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || undefined : value),
    z.union([z.literal('off'), port], { error: 'CAST_METRICS_PORT is a port (0 picks a free one) or off' }).default(9464),
  ),
  /** Where `/metrics` listens: loopback unless a scraper on another machine must reach it. */
  CAST_METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  /**
   * The worker's probe port (`/livez`, `/readyz`); unset → none. Off by default: a worker has no
   * other listening socket, and two on one machine would fight over a fixed port.
   */
  CAST_PROBE_PORT: optionalPort,
  /** Where the probe port listens: every interface, since a kubelet probes the pod's address from outside it. */
  CAST_PROBE_HOST: z.string().trim().min(1).default('0.0.0.0'),
  /**
   * Where the API's one listening connection goes, when DATABASE_URL is a transaction-pooling
   * PgBouncer: LISTEN needs a session of its own (PostgreSQL itself, or session pooling).
   */
  CAST_LISTEN_DATABASE_URL: optionalText.pipe(z.url().optional()),
  /**
   * How often a waiting request re-reads while the change listener is up: the bound on a change
   * whose notification went astray (docs/operations.md, "Waking waiters").
   */
  CAST_WAIT_FALLBACK_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** OTLP/HTTP base URL (traces go to `<url>/v1/traces`); unset → no tracing at all (runtime/tracing.ts). */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalText.pipe(otlpUrl.optional()),
  /** The traces URL itself, as the OTel spec allows; wins over OTEL_EXPORTER_OTLP_ENDPOINT. */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optionalText.pipe(otlpUrl.optional()),
  /** `key=value,key=value` sent with every export: a tracing vendor's API key. */
  OTEL_EXPORTER_OTLP_HEADERS: optionalText.pipe(otlpHeaders.optional()),
  /** Cast's exporter speaks OTLP/HTTP (JSON); gRPC is refused rather than silently sent nowhere. */
  OTEL_EXPORTER_OTLP_PROTOCOL: optionalText.pipe(
    z.enum(['http/json', 'http/protobuf'], "Cast exports traces over OTLP/HTTP: set 'http/json' (or leave unset)").optional(),
  ),
  /** The service name spans carry; unset → `cast-api` and `cast-worker` (`npm start` traces each under its own). */
  OTEL_SERVICE_NAME: optionalText.pipe(z.string().max(200).optional()),
});
export type Env = z.infer<typeof Env> & {
  temporal: TemporalSettings;
  /** Email's transport (issue 40 item 3); null when no CAST_SMTP_* / CAST_MAIL_FROM is set: email is off. */
  email: EmailSettings | null;
  /** Slack's settings, null when Slack is off. */
  slack: SlackSettings | null;
  /** OpenID Connect sign-in's settings, null when it is off. */
  oidc: OidcSettings | null;
  /** Settings that are ignored, for the entry point to log. */
  warnings: string[];
};

/**
 * `CAST_*` variables that other parts of Cast read: the `cast` CLI's (an operator's shell may
 * carry them), and the test tooling's.
 */
const CAST_ELSEWHERE = ['CAST_URL', 'CAST_TOKEN', 'CAST_SESSION', 'CAST_CONFIG', 'CAST_CHROMIUM', 'CAST_RECORD_HISTORIES'];

export class EnvError extends Error {
  override name = 'EnvError';
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = Env.safeParse(source);
  const lines = parsed.success ? [] : parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  const slack = parsed.success ? slackSettings(parsed.data) : null;
  if (slack && 'missing' in slack) lines.push(`  ${slack.missing}`);
  const oidc = parsed.success ? oidcSettings(parsed.data) : null;
  if (oidc && 'missing' in oidc) lines.push(...oidc.missing.map((line) => `  ${line}`));
  const known = new Set([...Object.keys(Env.shape), ...CAST_ELSEWHERE]);
  for (const name of Object.keys(source).sort()) {
    if (name.startsWith('CAST_') && !known.has(name))
      lines.push(`  ${name}: Cast has no such setting (see the README's configuration table)`);
  }
  let email: EmailSettings | null = null;
  try {
    email = loadEmailSettings(source, parsed.success ? parsed.data.CAST_PUBLIC_URL : source.CAST_PUBLIC_URL);
  } catch (error) {
    if (!(error instanceof EmailSettingsError)) throw error;
    lines.push(...error.message.split('\n').map((line) => `  ${line}`));
  }
  if (parsed.success && !parsed.data.CAST_VAPID_PUBLIC_KEY !== !parsed.data.CAST_VAPID_PRIVATE_KEY) {
    const missing = parsed.data.CAST_VAPID_PUBLIC_KEY ? 'CAST_VAPID_PRIVATE_KEY' : 'CAST_VAPID_PUBLIC_KEY';
    lines.push(`  ${missing}: set both CAST_VAPID_PUBLIC_KEY and CAST_VAPID_PRIVATE_KEY, or neither`);
  }
  if (!parsed.success || lines.length) throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  try {
    const { settings, warnings } = loadTemporalSettings(source, {
      address: `127.0.0.1:${parsed.data.TEMPORAL_PORT}`,
      namespace: 'default',
      taskQueue: parsed.data.TEMPORAL_TASK_QUEUE,
    });
    if (parsed.data.OTEL_EXPORTER_OTLP_PROTOCOL === 'http/protobuf')
      warnings.push(
        'OTEL_EXPORTER_OTLP_PROTOCOL=http/protobuf: Cast sends http/json, which every OTLP/HTTP receiver accepts on the same path.',
      );
    return {
      ...parsed.data,
      temporal: settings,
      email,
      slack: slack && !('missing' in slack) ? slack : null,
      oidc: oidc && !('missing' in oidc) ? oidc : null,
      warnings,
    };
  } catch (error) {
    if (error instanceof TemporalSettingsError) throw new EnvError(`Invalid environment:\n  ${error.message}`);
    throw error;
  }
}
