/**
 * Connects to Temporal with the settings of runtime/temporal-settings.ts, and says in words why
 * a connection was refused: a TLS handshake, a client certificate, an API key or a namespace
 * each fail with their own sentence, at start and in `/healthz`, instead of a gRPC status.
 */
import { NativeConnection } from '@temporalio/worker';
import type { TemporalConnectionOptions } from './temporal-settings';
import { diagnoseTls } from './tls-diagnosis';

/** Where a process's workflows run: the connection, the namespace and Cast's task queue. */
export type TemporalTarget = { connection: TemporalConnectionOptions; namespace: string; taskQueue: string };

/** A plain address: the dev servers of `npm start` and of the tests. */
export function plainTarget(address: string, taskQueue: string, namespace = 'default'): TemporalTarget {
  return { connection: { address }, namespace, taskQueue };
}

export class TemporalConnectionError extends Error {
  override name = 'TemporalConnectionError';
}

const CHECK_DEADLINE_MS = 10_000;

/**
 * Connects and proves the connection can use the namespace (a refused certificate or API key
 * only shows on the first call), so a process that cannot work stops at start and says why.
 */
export async function connectTemporal(target: TemporalTarget): Promise<NativeConnection> {
  let connection: NativeConnection | undefined;
  try {
    connection = await NativeConnection.connect(target.connection);
    const opened = connection;
    await opened.withDeadline(Date.now() + CHECK_DEADLINE_MS, () =>
      opened.workflowService.describeNamespace({ namespace: target.namespace }),
    );
    return opened;
  } catch (error) {
    await connection?.close().catch(() => {});
    throw new TemporalConnectionError(await explainTemporalFailure(error, target), { cause: error });
  }
}

/**
 * `temporalTrouble`, and for a failure below the gRPC layer over TLS, what a handshake of Node's
 * own says (the SDK's transport often knows only that the connection closed).
 */
export async function explainTemporalFailure(error: unknown, target: TemporalTarget): Promise<string> {
  const words = temporalTrouble(error, target);
  if (!target.connection.tls || !/^The TLS handshake|did not answer/.test(words)) return words;
  return (await diagnoseTls(target.connection)) ?? words;
}

/** gRPC status codes the words below tell apart. */
const NOT_FOUND = 5;
const PERMISSION_DENIED = 7;
const UNAVAILABLE = 14;
const UNAUTHENTICATED = 16;

/** One sentence naming the cause, and the setting to look at. */
export function temporalTrouble(error: unknown, target: TemporalTarget): string {
  const { address, apiKey, tls } = target.connection;
  const detail = messagesOf(error);
  const code = codeOf(error);
  const usesTls = Boolean(tls) || Boolean(apiKey);
  // Temporal's JWT authorizer answers an expired, foreign or unsigned key and a key without the
  // namespace alike: PermissionDenied, "Request unauthorized."
  const refused =
    code === UNAUTHENTICATED ||
    code === PERMISSION_DENIED ||
    /unauthenticated|unauthorized|does not have permission|permission ?denied/i.test(detail);
  if (refused && apiKey) {
    return `Temporal at ${address} refused the API key (TEMPORAL_API_KEY): it is expired, meant for another audience, not signed by a key the server trusts, or grants no access to namespace ${target.namespace} (${oneLine(detail)}).`;
  }
  if (refused) {
    return `Temporal at ${address} refused access to namespace ${target.namespace}: it wants credentials, an API key (TEMPORAL_API_KEY) or another client certificate (${oneLine(detail)}).`;
  }
  if (code === NOT_FOUND && /namespace/i.test(detail)) {
    return `Temporal at ${address} has no namespace ${target.namespace}: create it, or set TEMPORAL_NAMESPACE.`;
  }
  if (/certificate|handshake|tls|ssl|alert|UnknownIssuer|peer/i.test(detail)) {
    return `The TLS handshake with Temporal at ${address} failed: ${tlsHint(detail)} (${oneLine(detail)}).`;
  }
  if (code === UNAVAILABLE || /connect|refused|transport|dns|timed out|deadline/i.test(detail)) {
    return usesTls
      ? `Temporal at ${address} did not answer over TLS: is the address right, and does the server speak TLS there? (${oneLine(detail)}).`
      : `Temporal at ${address} did not answer: is it running, and does it want TLS (TEMPORAL_TLS, TEMPORAL_API_KEY or a client certificate)? (${oneLine(detail)}).`;
  }
  return `Temporal at ${address} refused the connection: ${oneLine(detail)}.`;
}

function tlsHint(detail: string): string {
  if (/UnknownIssuer|unknown ?ca|self.signed|not trusted|invalid peer certificate: (?!NotValidForName)/i.test(detail)) {
    return "the server's certificate is not signed by the CA Cast trusts (TEMPORAL_TLS_SERVER_CA_CERT_PATH)";
  }
  if (/NotValidForName|name|SAN|hostname/i.test(detail)) {
    return "the server's certificate is not for the name Cast checks (TEMPORAL_TLS_SERVER_NAME)";
  }
  if (/certificate ?required|bad ?certificate|certificate_required|handshake ?failure/i.test(detail)) {
    return 'the server refused the client certificate, or wants one (TEMPORAL_TLS_CLIENT_CERT_PATH and TEMPORAL_TLS_CLIENT_KEY_PATH)';
  }
  return 'check the CA (TEMPORAL_TLS_SERVER_CA_CERT_PATH), the server name (TEMPORAL_TLS_SERVER_NAME) and the client certificate';
}

function messagesOf(error: unknown): string {
  const parts: string[] = [];
  for (let current: unknown = error; current instanceof Error && parts.length < 5; current = current.cause) {
    parts.push(current.message);
  }
  return parts.join(' — ') || String(error);
}

function codeOf(error: unknown): number | undefined {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'number') return code;
  }
  return undefined;
}

// gRPC details can run to several lines of Rust error chain: one line, of a length a log shows whole.
function oneLine(detail: string): string {
  return detail.replace(/\s+/g, ' ').trim().slice(0, 300);
}
