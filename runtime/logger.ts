import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * Credentials never reach a log: pino-http logs each request's headers, which carry the
 * bearer token and the web session cookie.
 */
const SECRETS = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];

/** Structured JSON logs on stdout; one logger per process, children per component. */
export function createLogger(level: string, name = 'cast', destination?: pino.DestinationStream): Logger {
  const options = { name, level, base: { pid: process.pid }, redact: { paths: SECRETS, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}
