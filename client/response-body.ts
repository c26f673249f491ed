/**
 * A response's body as Cast's clients read it: its text, its JSON when it is JSON, and for a
 * refusal the problem it carries — or, for a body that is not a problem (a proxy's HTML
 * page), one said with what came.
 */
import { Problem } from '../domain/problem';
import { abortable } from './abortable';

export type ResponseBody = { text: string; json: unknown };

/** `signal`: the request's; the body's read gives way to it even where fetch leaves the read hanging. */
export async function readBody(response: Response, signal?: AbortSignal): Promise<ResponseBody> {
  const text = await abortable(response.text(), signal);
  try {
    return { text, json: text ? JSON.parse(text) : undefined };
  } catch {
    return { text, json: undefined };
  }
}

export function problemOf(status: number, { text, json }: ResponseBody): Problem {
  const problem = Problem.safeParse(json);
  if (problem.success) return problem.data;
  const detail = typeof json === 'object' && json && 'detail' in json && typeof json.detail === 'string' ? json.detail : text.slice(0, 200);
  return { status, code: `http_${status}`, detail: detail || `Cast answered ${status}.` };
}
