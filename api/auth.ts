/**
 * Authentication for `/api/v1`: a bearer token (agents, the CLI, scripts) or the web
 * session cookie (people in the browser). No credential, or an unknown one, is a 401. A
 * state-changing request made with the cookie must come from Cast's own origin (api/public-site.ts),
 * so another site cannot act as the member (the cookie is also SameSite=Strict). The request's
 * channel (api/request-channel.ts) is settled here too, for the provenance of what it does.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { DomainError } from '../domain/errors';
import type { Pool } from '../db/pool';
import { findPrincipalByToken } from '../db/tenancy';
import type { Principal } from '../domain/principal';
import { findWebSession } from '../db/web-sessions';
import { isSameOrigin, type PublicSite } from './public-site';
import { requestChannel } from './request-channel';
import { sessionCookieOf } from './session-cookie';

declare module 'express-serve-static-core' {
  interface Locals {
    principal: Principal;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function requireAuth(pool: Pool, site: PublicSite): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '')?.[1];
    const cookie = bearer ? null : sessionCookieOf(req, site);
    const principal = bearer ? await findPrincipalByToken(pool, bearer) : cookie ? await findWebSession(pool, cookie) : null;
    if (!principal) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="cast"');
      throw new DomainError('unauthorized', 'Send Authorization: Bearer <token> with a valid Cast token, or sign in.');
    }
    if (cookie && !SAFE_METHODS.has(req.method) && !isSameOrigin(req, site)) {
      throw new DomainError('cross_origin', 'This request did not come from Cast itself; nothing was changed.');
    }
    res.locals.principal = principal;
    res.locals.channel = requestChannel(req, bearer ? 'token' : 'cookie');
    next();
  };
}
