/**
 * What the command line prints and how it exits: human text by default, exactly one JSON
 * object on stdout with `--json`, hints on stderr, and the exit codes agents branch on.
 */
export const Exit = {
  ok: 0,
  error: 1,
  usage: 2,
  /** The first answer stands, or the decision is no longer open. */
  conflict: 3,
  /** Not signed in, or not allowed (401, or 404 on the session). */
  notAllowed: 4,
  /** The decision was withdrawn or archived. */
  closed: 5,
  /** Cast is rate-limiting this token: its Retry-After was too long to wait, or the one retry met another 429. */
  rateLimited: 6,
  /** Cast refused the input itself (a 400 or 422 problem): it reached the server, and nothing changed. */
  refused: 7,
  /** `wait` timed out with the decision still pending. */
  pending: 8,
  /** Only a person may do this; the token is an agent's (403 `forbidden_for_agent`), and nothing changed. */
  personOnly: 9,
  interrupted: 130,
} as const;
export type ExitCode = (typeof Exit)[keyof typeof Exit];

const cliErrorBrand = Symbol.for('cast.cli-error');

/** A failure the CLI explains itself: the message for people, an optional JSON body for --json. */
export class CliError extends Error {
  readonly [cliErrorBrand] = true;

  constructor(
    message: string,
    readonly exitCode: ExitCode,
    readonly json: Record<string, unknown> = {},
    readonly code = 'error',
  ) {
    super(message);
  }
}

/**
 * A CliError from either copy of this module: the compiled CLI's entry (cast.cjs) reports
 * failures its actions (dist/actions/, a second build) throw, and `instanceof` there would
 * only know the entry's own class.
 */
export function isCliError(error: unknown): error is CliError {
  return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[cliErrorBrand] === true;
}

export const usageError = (message: string) => new CliError(message, Exit.usage, {}, 'usage');

const useColor = !process.env.NO_COLOR && Boolean(process.stdout.isTTY);
const paint = (code: string) => (text: string) => (useColor ? `\u001b[${code}m${text}\u001b[0m` : text);
export const bold = paint('1');
export const dim = paint('2');

/** One command's result: the lines a person reads, or the object an agent parses. */
export function emit(json: boolean, human: string[], body: Record<string, unknown>): void {
  process.stdout.write(json ? `${JSON.stringify(body)}\n` : `${human.join('\n')}\n`);
}

export function hint(message: string): void {
  process.stderr.write(`${message}\n`);
}

/** Prints a failure the way the command was asked to speak, and returns its exit code. */
export function report(error: CliError, json: boolean): ExitCode {
  hint(`cast: ${error.message}`);
  if (json) process.stdout.write(`${JSON.stringify({ ...error.json, error: { code: error.code, message: error.message } })}\n`);
  return error.exitCode;
}
