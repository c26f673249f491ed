/** Web sign-in: a token becomes an httpOnly, SameSite=Strict session cookie; writes must come from Cast's origin. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../domain/permissions';
import { tierAsk } from '../support/agent-world';
import { colleagueOf } from '../support/members';
import { expectProblem } from '../support/problem';
import { startTestCast, type TestCast } from '../support/test-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(() => cast?.stop());

async function signIn(token: string, origin = cast.url): Promise<Response> {
  return fetch(`${cast.url}/auth/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ token }),
  });
}

function cookieOf(response: Response): string {
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

const decision = { question: 'From the browser?', context: 'Signed in with a cookie, not a token.', asks: [tierAsk()] };

describe('web sign-in', () => {
  it('turns a token into an httpOnly SameSite=Strict session cookie that reads the API', async () => {
    const member = await cast.newMember();
    const response = await signIn(member.token);
    expect(response.status).toBe(201);
    const setCookie = response.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^cast_session=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).not.toContain(member.token);

    const cookie = cookieOf(response);
    const me = await fetch(`${cast.url}/auth/session`, { headers: { cookie } });
    // The page learns the role and what it allows, from the one table: an owner holds every permission.
    expect(await me.json()).toEqual({
      principal: { workspaceId: member.workspaceId, memberId: member.memberId, role: 'owner', permissions: PERMISSIONS },
    });
    expect((await fetch(`${cast.url}/api/v1/decisions`, { headers: { cookie } })).status).toBe(200);
  });

  it("says a viewer's role and that it reads only: no decision.answer, no decision.archive", async () => {
    const owner = await cast.newMember();
    const viewer = await colleagueOf(cast.pool, owner, 'Vic', 'viewer');
    const signedIn = await signIn(viewer.token);
    expect(await signedIn.json()).toMatchObject({ principal: { memberId: viewer.memberId, role: 'viewer' } });
    const me = (await (await fetch(`${cast.url}/auth/session`, { headers: { cookie: cookieOf(signedIn) } })).json()) as {
      principal: { role: string; permissions: string[] };
    };
    expect(me.principal.role).toBe('viewer');
    expect(me.principal.permissions).toContain('decision.read');
    expect(me.principal.permissions).not.toContain('decision.answer');
    expect(me.principal.permissions).not.toContain('decision.archive');
  });

  it('refuses a state-changing cookie request from another origin, and accepts it from Cast', async () => {
    const member = await cast.newMember();
    const cookie = cookieOf(await signIn(member.token));
    const post = (headers: Record<string, string>) =>
      fetch(`${cast.url}/api/v1/decisions`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(decision),
      });
    await expectProblem(await post({ origin: 'https://evil.invalid' }), 403, 'cross_origin');
    await expectProblem(await post({}), 403, 'cross_origin');
    expect((await post({ origin: cast.url })).status).toBe(201);
  });

  it('refuses a bad token and a cross-origin sign-in; sign-out ends the session', async () => {
    const member = await cast.newMember();
    await expectProblem(await signIn('cast_nope'), 401, 'unauthorized');
    await expectProblem(await signIn(member.token, 'https://evil.invalid'), 403, 'cross_origin');
    const cookie = cookieOf(await signIn(member.token));
    const out = await fetch(`${cast.url}/auth/session`, { method: 'DELETE', headers: { cookie, origin: cast.url } });
    expect(out.status).toBe(204);
    await expectProblem(await fetch(`${cast.url}/api/v1/decisions`, { headers: { cookie } }), 401, 'unauthorized');
  });
});
