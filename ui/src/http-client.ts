/** The web queue's HTTP client: same-origin, with the session cookie. */
export type Problem = { code: string; detail: string; status: number };

export class ApiError extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail);
  }
}

export async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(path, {
    credentials: 'same-origin',
    ...init,
    headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
  });
  if (response.status === 204) return undefined as T;
  const body = (await response.json()) as T | Problem;
  if (!response.ok) throw new ApiError(body as Problem);
  return body as T;
}
