/**
 * `/auth/oidc/…` (issue 41 item 6): signing in through the workspace's identity provider, beside
 * the token sign-in of api/routes/web-auth.ts. `GET /auth/oidc` tells the sign-in page whether
 * to offer it; `/start` sends the browser to the provider with PKCE, state and nonce kept in a
 * short-lived cookie; `/callback` has the client library check the answer, signs the person in
 * (db/oidc-sign-in.ts) and opens the same web session a token opens. Any refusal lands on the
 * sign-in page, which words its code from the catalogue: a browser never sees a 5xx here.
 */
import { Router, type Request, type Response } from 'express';
import { DomainError, isErrorCode, type ErrorCode } from '../../domain/errors';
import type { Pool } from '../../db/pool';
import { signInWithIdentity, signInWorkspace } from '../../db/oidc-sign-in';
import type { Logger } from '../../runtime/logger';
import type { OidcSettings } from '../../runtime/oidc-settings';
import { OidcClient, type PendingSignIn } from '../oidc/oidc-client';
import { isHttps, siteOrigin, type PublicSite } from '../public-site';
import { sessionCookieName, sessionCookieOptions } from '../session-cookie';
import { parse } from 'cookie';

/** Long enough to type a password and pass a second factor; the provider's code lives shorter still. */
const FLOW_MINUTES = 10;
const FLOW_COOKIE = 'cast_oidc';

/** `__Secure-`, not `__Host-`: the cookie is scoped to `/auth/oidc/`, and `__Host-` demands `Path=/`. */
function flowCookieName(req: Request, site: PublicSite): string {
  return isHttps(req, site) ? `__Secure-${FLOW_COOKIE}` : FLOW_COOKIE;
}

/**
 * Lax, not Strict: the provider sends the browser back with a top-level GET from its own site,
 * and a Strict cookie would stay behind. It holds this browser's own PKCE verifier, state and nonce.
 */
function flowCookieOptions(req: Request, site: PublicSite) {
  return { httpOnly: true, sameSite: 'lax' as const, secure: isHttps(req, site), path: '/auth/oidc/' };
}

function pendingOf(req: Request, site: PublicSite): PendingSignIn | null {
  const header = req.get('cookie');
  const value = header ? parse(header)[flowCookieName(req, site)] : undefined;
  if (!value) return null;
  try {
    const pending = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<PendingSignIn>;
    const { verifier, state, nonce } = pending;
    return typeof verifier === 'string' && typeof state === 'string' && typeof nonce === 'string' ? { verifier, state, nonce } : null;
  } catch {
    return null;
  }
}

/** The sign-in page, saying why: `/sign-in?refused=<code>`. */
function toSignInPage(res: Response, code: ErrorCode): void {
  res.redirect(303, `/sign-in?refused=${encodeURIComponent(code)}`);
}

export function oidcSignInRouter(deps: { pool: Pool; site: PublicSite; logger: Logger; oidc: OidcSettings | null }): Router {
  const router = Router();
  const settings = deps.oidc;
  const oidc = settings ? new OidcClient(settings) : null;
  const redirectUrlOf = (req: Request) => settings?.redirectUrl ?? `${siteOrigin(req, deps.site)}/auth/oidc/callback`;

  /** Whether the sign-in page offers the provider, and by what name. */
  router.get('/auth/oidc', (_req, res) => {
    res.set('cache-control', 'no-store');
    res.json(settings ? { enabled: true, name: settings.displayName } : { enabled: false, name: null });
  });

  router.get('/auth/oidc/start', async (req, res) => {
    res.set('cache-control', 'no-store');
    if (!oidc) return toSignInPage(res, 'oidc_not_configured');
    try {
      const { url, pending } = await oidc.start(redirectUrlOf(req));
      res.cookie(flowCookieName(req, deps.site), Buffer.from(JSON.stringify(pending)).toString('base64url'), {
        ...flowCookieOptions(req, deps.site),
        maxAge: FLOW_MINUTES * 60_000,
      });
      res.redirect(303, url.href);
    } catch (error) {
      refuse(req, res, error);
    }
  });

  router.get('/auth/oidc/callback', async (req, res) => {
    res.set('cache-control', 'no-store');
    if (!oidc || !settings) return toSignInPage(res, 'oidc_not_configured');
    const pending = pendingOf(req, deps.site);
    // Single use: whatever happens next, this browser's verifier, state and nonce are spent.
    res.clearCookie(flowCookieName(req, deps.site), flowCookieOptions(req, deps.site));
    try {
      if (!pending) throw new DomainError('oidc_expired', 'This sign-in was not started here, took too long or was already used.');
      const redirectUrl = redirectUrlOf(req);
      const identity = await oidc.finish(new URL(req.originalUrl, redirectUrl), redirectUrl, pending);
      const workspaceId = await signInWorkspace(deps.pool, settings.workspaceId);
      if (!workspaceId) throw new DomainError('oidc_not_configured', 'There is no workspace to sign in to: run admin init first.');
      const outcome = await signInWithIdentity(deps.pool, workspaceId, identity, settings);
      if (outcome.outcome === 'refused') throw new DomainError(outcome.code, outcome.message);
      res.cookie(sessionCookieName(req, deps.site), outcome.sessionId, {
        ...sessionCookieOptions(req, deps.site),
        expires: outcome.expiresAt,
      });
      req.log.info(
        { memberId: outcome.principal.memberId, linked: outcome.linked, created: outcome.created },
        'signed in with OpenID Connect',
      );
      res.redirect(303, '/');
    } catch (error) {
      refuse(req, res, error);
    }
  });

  function refuse(req: Request, res: Response, error: unknown): void {
    if (error instanceof DomainError && isErrorCode(error.code)) {
      req.log.warn({ code: error.code, reason: error.message }, 'OpenID Connect sign-in refused');
      return toSignInPage(res, error.code);
    }
    deps.logger.error({ err: error }, 'OpenID Connect sign-in failed');
    toSignInPage(res, 'internal');
  }

  return router;
}
