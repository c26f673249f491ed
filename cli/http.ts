/**
 * The CLI's one HTTP client: bearer token, `X-Cast-Agent: cast-cli` (so an agent's reads
 * never count as a person's first view), and problem+json turned into a typed error.
 */
import type { Connection } from './config';
import { CliError, Exit, type ExitCode } from './output';

export type Problem = { status: number; code: string; detail: string; [field: string]: unknown };

export class ApiError extends CliError {
  constructor(readonly problem: Problem) {
    super(problem.detail, exitCodeOf(problem), { status: problem.status }, problem.code);
  }
}

function exitCodeOf(problem: Problem): ExitCode {
  if (problem.status === 401 || problem.status === 403 || problem.code === 'session_not_found') return Exit.notAllowed;
  if (problem.code === 'decision_archived') return Exit.closed;
  if (problem.status === 409) return Exit.conflict;
  if (problem.status === 400 || problem.status === 422) return Exit.usage;
  return Exit.error;
}

export type Client = {
  request<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T>;
  /** The same, with the status (filing answers 201 for new, 200 for a rewrite). */
  exchange<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<{ status: number; body: T }>;
};

export function client({ url, token }: Connection): Client {
  async function exchange<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<{ status: number; body: T }> {
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'x-cast-agent': 'cast-cli' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(`${url}${path}`, {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new CliError(`Cannot reach Cast at ${url}: ${(error as Error).cause ?? (error as Error).message}`, Exit.error, {}, 'unreachable');
    }
    const text = await response.text();
    const parsed: unknown = text ? safeJson(text) : {};
    if (response.ok) return { status: response.status, body: parsed as T };
    const problem = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Partial<Problem>;
    throw new ApiError({
      ...problem,
      status: response.status,
      code: problem.code ?? `http_${response.status}`,
      detail:
        response.status === 401
          ? `${problem.detail ?? 'The token was refused.'} Sign in again: cast login --url ${url} --token -`
          : (problem.detail ?? `Cast answered ${response.status}.`),
    });
  }
  return {
    exchange,
    async request<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
      return (await exchange<T>(method, path, body, signal)).body;
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { detail: text.slice(0, 200) };
  }
}
