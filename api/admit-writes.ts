/**
 * Mounts admission control (api/write-admission.ts) on the write routes that reach Temporal:
 * those whose declaration lists `overloaded`. It runs first in `/api/v1`, before the token is
 * looked up or the body read, so a refusal costs no query and changes nothing. Reads, the probes
 * and every other route are never refused by it.
 */
import express, { type RequestHandler } from 'express';
import { DomainError } from '../domain/errors';
import type { RouteContract } from '../domain/routes/route';
import type { WriteAdmission } from './write-admission';

/** The routes admission control counts: writes that go through a workflow. */
export function admittedRoutes(routes: readonly RouteContract[]): RouteContract[] {
  return routes.filter((route) => route.method !== 'get' && (route.errors ?? []).includes('overloaded'));
}

/** Admission for one path outside `/api/v1` that writes through a workflow: an answer link's page button (issue 40 item 5). */
export function admitWritesAt(admission: WriteAdmission, path: string, route: RouteContract): RequestHandler {
  return admitWrites(admission, [{ ...route, path }]);
}

export function admitWrites(admission: WriteAdmission, routes: readonly RouteContract[]): RequestHandler {
  // A router only to match the declared paths as the mount does; wrapped in a plain handler so
  // the route list (api/route-list.ts) sees each route once, where it is served.
  const router = express.Router();
  for (const route of admittedRoutes(routes)) {
    router[route.method](route.path, (_req, res, next) => {
      // A URL that matches two declared paths still takes one slot.
      if (res.locals.admitted) return next();
      const release = admission.tryEnter();
      if (!release) {
        const seconds = admission.retryAfterSeconds();
        res.set('Retry-After', String(seconds));
        throw new DomainError(
          'overloaded',
          `Cast is handling as many writes as it can (${admission.bound} at once); nothing was changed. Try again in ${seconds} s.`,
          { retryAfterSeconds: seconds },
        );
      }
      res.locals.admitted = true;
      // 'close' fires when the response is sent and when the client goes away first.
      res.once('close', release);
      next();
    });
  }
  // Not for OPTIONS: a router answers it by itself (200, `Allow` naming only the admitted
  // methods) before authentication; the mount answers it with the path's whole `Allow`.
  return (req, res, next) => (req.method === 'OPTIONS' ? next() : router(req, res, next));
}
