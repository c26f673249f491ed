/**
 * `/auth/session`, outside `/api/v1`: a token exchanged for the session cookie, who is signed
 * in, and signing out. The answer is parsed like any route's; a refusal is a `ProblemError`.
 */
import { z } from 'zod';
import { ProblemError } from '../../../client/request';
import { problemOf, readBody } from '../../../client/response-body';

const SESSION_PATH = '/auth/session';
const WebSession = z.object({ principal: z.object({ workspaceId: z.string(), memberId: z.string() }) });

async function send(method: 'GET' | 'POST' | 'DELETE', body?: unknown): Promise<unknown> {
  const response = await fetch(SESSION_PATH, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = await readBody(response);
  if (!response.ok) throw new ProblemError(problemOf(response.status, answer));
  return answer.json;
}

/** The member signed in on this browser, or null when no one is (or Cast cannot say). */
export async function signedInMember(): Promise<string | null> {
  try {
    return WebSession.parse(await send('GET')).principal.memberId;
  } catch {
    return null;
  }
}

/** Signs in with a token; resolves to the member it belongs to. */
export async function signIn(token: string): Promise<string> {
  return WebSession.parse(await send('POST', { token })).principal.memberId;
}

export async function signOut(): Promise<void> {
  await send('DELETE');
}
