/**
 * `/auth/session`: sign in by exchanging a token for an httpOnly, SameSite=Strict session
 * cookie (api/session-cookie.ts: Secure and `__Host-` over HTTPS); read who is signed in; sign out.
 */
import express, { Router } from 'express';
import { z } from 'zod';
import { DomainError } from '../../domain/errors';
import type { Pool } from '../../db/pool';
import { findPrincipalByToken } from '../../db/tenancy';
import { holds, PERMISSIONS, type Role } from '../../domain/permissions';
import { closeWebSession, findWebSession, openWebSession } from '../../db/web-sessions';
import { isSameOrigin, type PublicSite } from '../public-site';
import { sessionCookieName, sessionCookieOf, sessionCookieOptions } from '../session-cookie';
import { parseWith } from '../problem';
import { recordSignIn, recordSignOut } from '../../db/oidc-sign-in';

const SignIn = z.strictObject({ token: z.string().trim().min(1).max(200) });

function signedOut(): DomainError {
  return new DomainError('unauthorized', 'Not signed in.');
}

/**
 * Who the browser is signed in as: always a person, with their role and the permissions it
 * holds (from the one table, domain/permissions.ts), so the page offers only what the API
 * would accept. The token behind the session is not the page's business.
 */
function signedIn(principal: { workspaceId: string; memberId: string; role: Role }) {
  const permissions = PERMISSIONS.filter((permission) => holds(principal.role, permission));
  return { workspaceId: principal.workspaceId, memberId: principal.memberId, role: principal.role, permissions };
}

export function webAuthRouter(deps: { pool: Pool; site: PublicSite }): Router {
  const router = Router();

  // The body parser sits on this route only: the router is mounted before /api/v1's own.
  router.post('/auth/session', express.json({ limit: '4kb' }), async (req, res) => {
    if (!isSameOrigin(req, deps.site)) throw new DomainError('cross_origin', 'Sign in from Cast itself.');
    const { token } = parseWith(SignIn, req.body);
    const principal = await findPrincipalByToken(deps.pool, token);
    if (!principal) throw new DomainError('unauthorized', 'That token is not valid. Check it and try again.');
    // The web is where a person decides: an agent's token never opens it (DESIGN §8).
    if (principal.kind === 'agent') {
      throw new DomainError(
        'forbidden_for_agent',
        "That is an agent's token: it can file and wait on decisions, not answer them. Sign in with your own person token.",
      );
    }
    const session = await openWebSession(deps.pool, principal);
    await recordSignIn(deps.pool, principal, 'token');
    res.cookie(sessionCookieName(req, deps.site), session.id, { ...sessionCookieOptions(req, deps.site), expires: session.expiresAt });
    res.status(201).json({ principal: signedIn(principal) });
  });

  router.get('/auth/session', async (req, res) => {
    const cookie = sessionCookieOf(req, deps.site);
    const principal = cookie ? await findWebSession(deps.pool, cookie) : null;
    if (!principal) throw signedOut();
    res.json({ principal: signedIn(principal) });
  });

  router.delete('/auth/session', async (req, res) => {
    if (!isSameOrigin(req, deps.site)) throw new DomainError('cross_origin', 'Sign out from Cast itself.');
    const cookie = sessionCookieOf(req, deps.site);
    // Issue 41 item 8: a sign-out is in the history, with who and when (a session already ended records nothing).
    const principal = cookie ? await findWebSession(deps.pool, cookie) : null;
    if (cookie) await closeWebSession(deps.pool, cookie);
    if (principal) await recordSignOut(deps.pool, principal, 'web');
    res.clearCookie(sessionCookieName(req, deps.site), sessionCookieOptions(req, deps.site));
    res.status(204).end();
  });

  return router;
}
