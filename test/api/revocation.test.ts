/**
 * Issue 38 item 2 — revocation ends what is already open. An event stream, a message
 * long-poll (`messages?wait=`) and a decision wait (`decisions/:id/wait`), each held by a
 * second API process before its credential ends, end when it does — the token revoked, the
 * token expiring, the member removed, a cookie session signed out, or the token a cookie
 * session was opened with revoked. The ending is made through the first API (or by the clock),
 * and the second API re-reads only every ten minutes on its own, so what ends a hold is the
 * credential's notification or its expiry timer, never a poll. A wait answers 401, a stream
 * sends a last `event: revoked` and ends, and nothing written after the credential ended
 * reaches either.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApi } from '../../api/server';
import { appendMessage } from '../../db/session-messages';
import { mintToken } from '../../db/tenancy';
import { tierAsk, world } from '../support/agent-world';
import { colleagueOf } from '../support/members';
import { startSecondApi } from '../support/second-api';
import { startTestCast, type Member, type TestCast } from '../support/test-cast';
import { until } from '../support/until';

const SLOW_FALLBACK_MS = 600_000;
/** Long enough for a hold to be set up with the token before it expires. */
const SHORT_LIFE_MS = 6_000;

let cast: TestCast;
let second: RunningApi;
beforeAll(async () => {
  cast = await startTestCast();
  second = await startSecondApi(cast, { waitFallbackMs: SLOW_FALLBACK_MS });
  await until(async () => second.changes.connected, Boolean);
});
afterAll(async () => {
  await second?.stop();
  await cast?.stop();
});

type Scene = {
  founder: Member;
  held: Member;
  /** The headers the held request goes with: a bearer token or a session cookie. */
  credential: Record<string, string>;
  expiresAt: number | null;
};

type Ending = {
  name: string;
  setUp: (scene: Omit<Scene, 'credential' | 'expiresAt'>) => Promise<Pick<Scene, 'credential' | 'expiresAt'>>;
  end: (scene: Scene) => Promise<void>;
};

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function signInOnSecond(token: string): Promise<string> {
  const response = await fetch(`${second.url}/auth/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: second.url },
    body: JSON.stringify({ token }),
  });
  expect(response.status).toBe(201);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

async function ok(member: Member, method: string, path: string, body?: unknown) {
  const response = await cast.request(member.token, method, path, body);
  expect(response.status, await response.clone().text()).toBeLessThan(300);
}

const ENDINGS: Ending[] = [
  {
    name: 'revoking the token',
    setUp: async ({ held }) => ({ credential: bearer(held.token), expiresAt: null }),
    end: ({ founder, held }) => ok(founder, 'DELETE', `/api/v1/tokens/${held.tokenId}`),
  },
  {
    name: 'the token expiring',
    setUp: async ({ held }) => {
      const { secret } = await mintToken(cast.pool, held, { kind: 'person', label: 'short-lived', expiresInMs: SHORT_LIFE_MS });
      return { credential: bearer(secret), expiresAt: Date.now() + SHORT_LIFE_MS };
    },
    // Nothing to do but let it pass; what is written afterwards must not reach the hold.
    end: async ({ expiresAt }) => new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt! - Date.now()) + 200)),
  },
  {
    name: 'removing the member',
    setUp: async ({ held }) => ({ credential: bearer(held.token), expiresAt: null }),
    end: ({ founder, held }) => ok(founder, 'DELETE', `/api/v1/members/${held.memberId}`),
  },
  {
    name: 'signing out',
    setUp: async ({ held }) => ({ credential: { cookie: await signInOnSecond(held.token) }, expiresAt: null }),
    end: async ({ credential }) => {
      const out = await fetch(`${cast.url}/auth/session`, { method: 'DELETE', headers: { ...credential, origin: cast.url } });
      expect(out.status).toBe(204);
    },
  },
  {
    name: 'revoking the token a cookie session was opened with',
    setUp: async ({ held }) => ({ credential: { cookie: await signInOnSecond(held.token) }, expiresAt: null }),
    end: ({ founder, held }) => ok(founder, 'DELETE', `/api/v1/tokens/${held.tokenId}`),
  },
];

/** A member of the founder's workspace who holds something open, and a second token of theirs that files what is held. */
async function scene(ending: Ending): Promise<Scene & { filer: Member }> {
  const founder = await cast.newMember();
  const held = await colleagueOf(cast.pool, founder, 'Held open');
  const { secret, id } = await mintToken(cast.pool, held, { kind: 'person', label: 'filer' });
  return { founder, held, filer: { ...held, token: secret, tokenId: id }, ...(await ending.setUp({ founder, held })) };
}

/** Resolves once at least `n` more waiters than `before` listen on the second API. */
async function holding(before: number, n = 2) {
  expect(
    await until(
      async () => second.changes.waiters,
      (now) => now >= before + n,
    ),
  ).toBeGreaterThanOrEqual(before + n);
}

describe('a credential ending ends what it holds open', () => {
  for (const ending of ENDINGS) {
    describe(ending.name, () => {
      it('ends an event stream with a last `event: revoked`, and sends nothing written after', async () => {
        const s = await scene(ending);
        const session = await world(cast, s.filer).session();
        const before = second.changes.waiters;
        const controller = new AbortController();
        const response = await fetch(`${second.url}/api/v1/sessions/${session}/events`, {
          headers: s.credential,
          signal: controller.signal,
        });
        try {
          expect(response.status).toBe(200);
          await holding(before);
          await appendMessage(cast.pool, {
            workspaceId: s.founder.workspaceId,
            sessionId: session,
            role: 'user',
            kind: 'message',
            body: 'before the end',
          });
          await ending.end(s);
          await appendMessage(cast.pool, {
            workspaceId: s.founder.workspaceId,
            sessionId: session,
            role: 'user',
            kind: 'message',
            body: 'after the end',
          });
          // The stream ends by itself: reading to its end is the proof.
          const text = await response.text();
          expect(text).toContain('event: revoked\n');
          expect(text).not.toContain('after the end');
        } finally {
          controller.abort();
        }
      });

      it('answers a held `messages?wait=` 401, not a message written after', async () => {
        const s = await scene(ending);
        const session = await world(cast, s.filer).session();
        const before = second.changes.waiters;
        const held = fetch(`${second.url}/api/v1/sessions/${session}/messages?wait=25`, { headers: s.credential });
        await holding(before);
        await ending.end(s);
        await appendMessage(cast.pool, {
          workspaceId: s.founder.workspaceId,
          sessionId: session,
          role: 'user',
          kind: 'message',
          body: 'after the end',
        });
        const response = await held;
        const body = await response.text();
        expect(response.status, body).toBe(401);
        expect(JSON.parse(body)).toMatchObject({ code: 'unauthorized' });
        expect(body).not.toContain('after the end');
      });

      it('answers a held `decisions/:id/wait` 401, not an answer given after', async () => {
        const s = await scene(ending);
        const filed = await world(cast, s.filer).file({
          question: 'Held open?',
          context: 'Enough context for a person to answer without opening the session.',
          asks: [tierAsk()],
        });
        const id = filed.body.decision.id;
        const before = second.changes.waiters;
        const held = fetch(`${second.url}/api/v1/decisions/${id}/wait?timeout=25`, { headers: s.credential });
        await holding(before);
        await ending.end(s);
        await ok(s.founder, 'POST', `/api/v1/decisions/${id}/asks/1/answer`, { answer: { kind: 'decision', selected: [2] } });
        const response = await held;
        const body = await response.text();
        expect(response.status, body).toBe(401);
        expect(JSON.parse(body)).toMatchObject({ code: 'unauthorized' });
      });
    });
  }
});
