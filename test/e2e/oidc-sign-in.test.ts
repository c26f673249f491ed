/**
 * Issue 41 item 6 with the real parts: a real OpenID provider (the certified `oidc-provider`
 * package, its own process on loopback, test/support/oidc-provider.ts) and the real Chromium
 * going through its login and consent pages. An invited email signs in and links the subject;
 * the subject alone signs in afterwards; a groups claim puts the person in the mapped team and
 * takes them out again; sign-out ends Cast's session. ID tokens with a wrong audience, a wrong
 * nonce or an expiry in the past — signed with the provider's own key, so only that claim is
 * wrong — are refused by the client library in Cast's code path, and nobody is signed in.
 * Leaving the required group refuses the sign-in and revokes the person's tokens and sessions
 * (item 7); each sign-in event is in the activity history with actor and time (item 8).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createMember, createWorkspace, mintToken } from '../../db/tenancy';
import type { Pool } from '../../db/pool';
import { activityRoutes } from '../../domain/routes/activity';
import { signInRoutes } from '../../domain/routes/sign-in';
import { teamRoutes } from '../../domain/routes/teams';
import { launchBrowser, screenshot, signIn, SLOW } from '../support/browser';
import { axeViolations } from '../support/axe';
import { reserveOidcProvider, startOidcProvider, type OidcProvider } from '../support/oidc-provider';
import { startTestCast, type Member, type TestCast } from '../support/test-cast';
import { testPool } from '../support/test-pool';
import { colleagueOf } from '../support/members';
import { createLogger } from '../../runtime/logger';

const SCENARIO = 120_000;

let pool: Pool;
let cast: TestCast;
let provider: OidcProvider;
let browser: Browser;
let owner: Member;
/** A Cast whose provider never runs: discovery fails at the first sign-in. */
let orphan: TestCast;
/** What the Cast logged: a refusal names the library's reason. */
const logLines: string[] = [];

beforeAll(async () => {
  // The workspace first: Cast's settings name the one sign-ins join.
  pool = testPool();
  const workspaceId = await createWorkspace(pool, `oidc ${randomUUID()}`);
  const memberId = await createMember(pool, workspaceId, 'Olive');
  const { secret, id } = await mintToken(pool, { workspaceId, memberId }, { kind: 'person', label: 'owner' });
  owner = { kind: 'person', workspaceId, memberId, tokenId: id, role: 'owner', token: secret };
  const reserved = await reserveOidcProvider({
    workspaceId,
    requiredGroup: 'cast-users',
    teamMap: [{ group: 'platform-eng', team: 'infra' }],
  });
  cast = await startTestCast({
    worker: false,
    oidc: reserved.settings,
    logger: createLogger('info', 'cast-api', { write: (line: string) => void logLines.push(line) }),
  });
  provider = await startOidcProvider(reserved.port, cast.url);
  browser = await launchBrowser();
  orphan = await startTestCast({ worker: false, oidc: (await reserveOidcProvider({ workspaceId })).settings });
});

afterAll(async () => {
  await browser?.close();
  await provider?.stop();
  await cast?.stop();
  await orphan?.stop();
  await pool?.end();
});

/** From Cast's sign-in page through the provider's login and consent, as a person does it. */
async function signInWithProvider(context: BrowserContext, login: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${cast.url}/decisions`);
  await page.getByRole('link', { name: 'Sign in with Test IdP' }).click();
  await page.locator('input[name="login"]').fill(login, SLOW);
  await page.locator('input[name="password"]').fill('any password');
  await page.locator('button[type="submit"]').click();
  // The consent page: the provider asks before it hands Cast the claims.
  await page.locator('button[type="submit"]').click(SLOW);
  await page.waitForURL((url) => url.origin === cast.url, SLOW);
  return page;
}

async function sessionStatus(page: Page): Promise<number> {
  return page.evaluate(() => fetch('/auth/session').then((response) => response.status));
}

async function memberKinds(memberId: string): Promise<string[]> {
  const { activity } = await cast.send(owner.token, activityRoutes.listActivity, {
    query: { subject_kind: 'member', subject_id: memberId },
  });
  return activity.map((entry) => entry.kind).reverse();
}

async function refusedWith(page: Page, code: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/sign-in' && url.searchParams.get('refused') === code, SLOW);
  await page.getByRole('alert').waitFor(SLOW);
  expect(await sessionStatus(page)).toBe(401);
}

describe('issue 41 item 6: signing in with the identity provider', () => {
  it(
    'an invited, verified email signs in and links the subject; the subject signs in again after the email changes; the groups claim keeps the mapped team; sign-out ends the session',
    async () => {
      const dana = await colleagueOf(cast.pool, owner, 'Dana');
      const infra = (await cast.send(owner.token, teamRoutes.createTeam, { body: { name: 'infra', members: [] } })).team;
      // The owner invites her in Settings, by the email the provider verifies for her.
      const admin = await browser.newContext();
      try {
        const settings = await signIn(await admin.newPage(), cast.url, owner.token, '/settings', 'signed-in');
        const invite = settings.getByRole('form', { name: 'Invite to sign in with Test IdP' });
        await invite.getByLabel('Member').selectOption({ label: 'Dana' }, SLOW);
        await invite.getByLabel('Email at the identity provider').fill('Dana@Example.com');
        await invite.getByRole('button', { name: 'Invite' }).click();
        await invite.getByText('Dana is invited as dana@example.com.').waitFor(SLOW);
        expect(await axeViolations(settings)).toEqual([]);
        await screenshot(settings, 'oidc-settings-invite');
      } finally {
        await admin.close();
      }
      await provider.setAccounts({
        'dana-sub': { email: 'dana@example.com', email_verified: true, name: 'Dana D', groups: ['cast-users', 'platform-eng'] },
      });

      const first = await browser.newContext();
      try {
        const page = await signInWithProvider(first, 'dana-sub');
        await page.getByRole('heading', { name: 'My Decisions' }).waitFor(SLOW);
        const me = (await page.evaluate(() => fetch('/auth/session').then((response) => response.json()))) as {
          principal: { memberId: string; role: string };
        };
        expect(me.principal).toMatchObject({ memberId: dana.memberId, role: 'member' });
        await screenshot(page, 'oidc-signed-in');
        const linked = await cast.send(owner.token, signInRoutes.getMemberSignIn, { params: { id: dana.memberId } });
        expect(linked.signIn).toMatchObject({ email: null, identity: { issuer: provider.issuer, subject: 'dana-sub' } });
        // The groups claim put her in the mapped team.
        expect((await cast.send(owner.token, teamRoutes.getTeam, { params: { id: infra.id } })).team.members).toEqual([dana.memberId]);

        // Sign-out ends Cast's session.
        await page.getByRole('button', { name: 'Sign out' }).click();
        await page.getByRole('link', { name: 'Sign in with Test IdP' }).waitFor(SLOW);
        expect(await sessionStatus(page)).toBe(401);
      } finally {
        await first.close();
      }

      // The provider now says another email and no longer the mapped group: the subject still finds
      // her (the invitation is used up), and she leaves the mapped team.
      await provider.setAccounts({ 'dana-sub': { email: 'dana@elsewhere.example', email_verified: true, groups: ['cast-users'] } });
      const second = await browser.newContext();
      try {
        const page = await signInWithProvider(second, 'dana-sub');
        await page.getByRole('heading', { name: 'My Decisions' }).waitFor(SLOW);
        expect(await sessionStatus(page)).toBe(200);
      } finally {
        await second.close();
      }
      expect((await cast.send(owner.token, teamRoutes.getTeam, { params: { id: infra.id } })).team.members).toEqual([]);
      expect(await memberKinds(dana.memberId)).toEqual(['sign_in_invited', 'sign_in_linked', 'signed_in', 'signed_out', 'signed_in']);
      // Her token, for agents and scripts, works as before.
      expect((await cast.request(dana.token, 'GET', '/api/v1/profile')).status).toBe(200);
    },
    SCENARIO,
  );

  for (const [defect, what, claim] of [
    ['audience', 'an ID token for another client (wrong audience)', '"aud"'],
    ['nonce', 'an ID token with another nonce', '"nonce"'],
    ['expired', 'an expired ID token', '"exp"'],
  ] as const) {
    it(
      `${what} is refused: nobody is signed in and the sign-in page says why`,
      async () => {
        const eve = await colleagueOf(cast.pool, owner, `Eve ${defect}`);
        await cast.send(owner.token, signInRoutes.inviteMemberSignIn, {
          params: { id: eve.memberId },
          body: { email: `eve-${defect}@example.com` },
        });
        await provider.setAccounts({
          [`eve-${defect}`]: { email: `eve-${defect}@example.com`, email_verified: true, groups: ['cast-users'] },
        });
        await provider.setDefect(defect);
        const context = await browser.newContext();
        try {
          const page = await signInWithProvider(context, `eve-${defect}`);
          await refusedWith(page, 'oidc_refused');
          expect(await page.getByRole('alert').textContent()).toContain("did not pass Cast's checks");
          // openid-client's own check of that claim is what refused it, and said so.
          const refusal = logLines
            .map((line) => JSON.parse(line) as { msg?: string; reason?: string })
            .findLast((line) => line.msg === 'OpenID Connect sign-in refused');
          expect(refusal?.reason).toContain(claim);
        } finally {
          await context.close();
          await provider.setDefect(null);
        }
        // Nothing was linked, nothing signed in.
        const signIn = await cast.send(owner.token, signInRoutes.getMemberSignIn, { params: { id: eve.memberId } });
        expect(signIn.signIn).toMatchObject({ email: `eve-${defect}@example.com`, identity: null });
        expect(await memberKinds(eve.memberId)).toEqual(['sign_in_invited']);
      },
      SCENARIO,
    );
  }

  it(
    'an identity nobody invited is refused, and so is one whose email the provider has not verified',
    async () => {
      const finn = await colleagueOf(cast.pool, owner, 'Finn');
      await cast.send(owner.token, signInRoutes.inviteMemberSignIn, { params: { id: finn.memberId }, body: { email: 'finn@example.com' } });
      await provider.setAccounts({
        stranger: { email: 'stranger@example.com', email_verified: true, groups: ['cast-users'] },
        'finn-sub': { email: 'finn@example.com', email_verified: false, groups: ['cast-users'] },
      });
      for (const [login, code] of [
        ['stranger', 'oidc_not_invited'],
        ['finn-sub', 'oidc_email_unverified'],
      ] as const) {
        const context = await browser.newContext();
        try {
          await refusedWith(await signInWithProvider(context, login), code);
        } finally {
          await context.close();
        }
      }
      expect((await cast.send(owner.token, signInRoutes.getMemberSignIn, { params: { id: finn.memberId } })).signIn.identity).toBeNull();
    },
    SCENARIO,
  );

  it(
    'item 7: a linked member who left the required group is refused, and their tokens and sessions end at once',
    async () => {
      const gus = await colleagueOf(cast.pool, owner, 'Gus');
      await cast.send(owner.token, signInRoutes.inviteMemberSignIn, { params: { id: gus.memberId }, body: { email: 'gus@example.com' } });
      await provider.setAccounts({ 'gus-sub': { email: 'gus@example.com', email_verified: true, groups: ['cast-users'] } });
      const before = await browser.newContext();
      const kept = await signInWithProvider(before, 'gus-sub');
      await kept.getByRole('heading', { name: 'My Decisions' }).waitFor(SLOW);
      expect(await sessionStatus(kept)).toBe(200);

      await provider.setAccounts({ 'gus-sub': { email: 'gus@example.com', email_verified: true, groups: [] } });
      const after = await browser.newContext();
      try {
        await refusedWith(await signInWithProvider(after, 'gus-sub'), 'oidc_group_missing');
        // The session opened earlier in another browser, and his token, are over.
        expect(await sessionStatus(kept)).toBe(401);
        expect((await cast.request(gus.token, 'GET', '/api/v1/profile')).status).toBe(401);
      } finally {
        await after.close();
        await before.close();
      }
      const kinds = await memberKinds(gus.memberId);
      expect(kinds.at(-1)).toBe('sign_in_refused');
    },
    SCENARIO,
  );

  it(
    'the provider down: the sign-in page says so, never a 5xx',
    async () => {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        await page.goto(`${orphan.url}/sign-in`);
        const start = await page.request.get(`${orphan.url}/auth/oidc/start`, { maxRedirects: 0 });
        expect(start.status()).toBe(303);
        expect(start.headers()['location']).toBe('/sign-in?refused=oidc_unavailable');
        await page.getByRole('link', { name: 'Sign in with Test IdP' }).click();
        await refusedWith(page, 'oidc_unavailable');
        expect(await page.getByRole('alert').textContent()).toBe(
          'Cast cannot reach your identity provider right now. Try again in a moment, or sign in with a token.',
        );
        // The token sign-in is still there.
        await page.getByLabel('Token').waitFor(SLOW);
        expect(await axeViolations(page)).toEqual([]);
        await screenshot(page, 'oidc-provider-unreachable');
      } finally {
        await context.close();
      }
    },
    SCENARIO,
  );
});
