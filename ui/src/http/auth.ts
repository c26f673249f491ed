/**
 * `/auth/session`, outside `/api/v1`: a token exchanged for the session cookie, who is signed
 * in, and signing out. The answer is parsed like any route's; a refusal is a `ProblemError`.
 */
import { z } from 'zod';
import { ProblemError } from '../../../client/request';
import { problemOf, readBody } from '../../../client/response-body';

const SESSION_PATH = '/auth/session';
/** Who is signed in, their role and what it lets them do (the API's one table, never a copy here). */
const SignedIn = z.object({ memberId: z.string(), role: z.string(), permissions: z.array(z.string()) });
export type SignedIn = z.infer<typeof SignedIn>;
const WebSession = z.object({ principal: SignedIn });

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
export async function signedInMember(): Promise<SignedIn | null> {
  try {
    return WebSession.parse(await send('GET')).principal;
  } catch {
    return null;
  }
}

/** Signs in with a token; resolves to the member it belongs to, with their role. */
export async function signIn(token: string): Promise<SignedIn> {
  return WebSession.parse(await send('POST', { token })).principal;
}

export async function signOut(): Promise<void> {
  await send('DELETE');
}

/** Whether this Cast offers sign-in with the workspace's identity provider, and its name (issue 41 item 6). */
const OidcOffer = z.object({ enabled: z.boolean(), name: z.string().nullable() });
export type OidcOffer = z.infer<typeof OidcOffer>;

/** Where the browser goes to sign in with the provider: Cast sends it on, and it comes back signed in or refused. */
export const OIDC_START_PATH = '/auth/oidc/start';

export async function oidcOffer(): Promise<OidcOffer> {
  const response = await fetch('/auth/oidc', { credentials: 'same-origin', headers: { accept: 'application/json' } });
  const answer = await readBody(response);
  if (!response.ok) throw new ProblemError(problemOf(response.status, answer));
  return OidcOffer.parse(answer.json);
}
