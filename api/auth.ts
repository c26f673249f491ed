/**
 * Authentication for `/api/v1`: a bearer token (agents, the CLI, scripts) or the web
 * session cookie (people in the browser). No credential, or an unknown one, is a 401. A
 * state-changing request made with the cookie must come from Cast's own origin, so another
 * site cannot act as the member (the cookie is also SameSite=Strict).
 */
import { parse } from 'cookie';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { DomainError } from '../domain/errors';
import type { Pool } from '../db/pool';
import { findPrincipalByToken } from '../db/tenancy';
import type { Principal } from '../domain/principal';
import { findWebSession } from '../db/web-sessions';

declare module 'express-serve-static-core' {
  interface Locals {
    principal: Principal;
  }
}

export const SESSION_COOKIE = 'cast_session';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function sessionCookieOf(req: Request): string | null {
  const header = req.get('cookie');
  return header ? (parse(header)[SESSION_COOKIE] ?? null) : null;
}

/** The request's Origin (or Referer) must be this server's own. */
export function isSameOrigin(req: Request): boolean {
  const source = req.get('origin') ?? req.get('referer');
  if (!source) return false;
  try {
    return new URL(source).host === req.get('host');
  } catch {
    return false;
  }
}

export function requireAuth(pool: Pool): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '')?.[1];
    const cookie = bearer ? null : sessionCookieOf(req);
    const principal = bearer ? await findPrincipalByToken(pool, bearer) : cookie ? await findWebSession(pool, cookie) : null;
    if (!principal) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="cast"');
      throw new DomainError('unauthorized', 'Send Authorization: Bearer <token> with a valid Cast token, or sign in.');
    }
    if (cookie && !SAFE_METHODS.has(req.method) && !isSameOrigin(req)) {
      throw new DomainError('cross_origin', 'This request did not come from Cast itself; nothing was changed.');
    }
    res.locals.principal = principal;
    next();
  };
}
