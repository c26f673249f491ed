/** Bearer-token authentication for `/api/v1`: no token or an unknown one is a 401. */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { DomainError } from '../domain/errors';
import type { Pool } from '../db/pool';
import { findPrincipalByToken, type Principal } from '../db/tenancy';

declare module 'express-serve-static-core' {
  interface Locals {
    principal: Principal;
  }
}

export function requireToken(pool: Pool): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '');
    const principal = match?.[1] ? await findPrincipalByToken(pool, match[1]) : null;
    if (!principal) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="cast"');
      throw new DomainError('unauthorized', 'Send Authorization: Bearer <token> with a valid Cast token.');
    }
    res.locals.principal = principal;
    next();
  };
}
