/** Recognising the Postgres errors Cast turns into domain errors (by SQLSTATE and constraint). */
type PgError = Error & { code?: string; constraint?: string };

export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const pgError = error as PgError;
  return pgError?.code === '23505' && pgError.constraint === constraint;
}

/** Socket codes of a server that is not there, or went away mid-conversation. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** SQLSTATEs of a server shutting down or starting (57P01–57P03), and class 08: connection exceptions. */
const SERVER_GONE = /^(57P0[123]|08...)$/;
/** What node-postgres says, with no code, when the socket closes or the pool cannot connect in time. */
const DRIVER_WORDS =
  /^Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection terminated due to connection timeout/;

/**
 * Whether the database could not be reached, rather than refusing the statement: the one case
 * a request fails for reasons of the server's own and should be retried, not reported as a bug.
 * Looks through an AggregateError (every address refused) and the cause chain.
 */
export function isDatabaseUnreachable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as PgError).code;
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SERVER_GONE.test(code))) return true;
  if (DRIVER_WORDS.test(error.message)) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnreachable(inner, depth + 1))) return true;
  return isDatabaseUnreachable(error.cause, depth + 1);
}
