/**
 * Routes are listed once (domain/routes/index.ts): the API mounts a handler for each
 * declaration by walking that list, and will not start when the two disagree.
 */
import express from 'express';
import { describe, expect, it } from 'vitest';
import { API_RESOURCES, API_ROUTES } from '../../domain/routes/index';
import { mountRoutes, type ApiHandlers } from '../../api/mount-routes';
import { listApiRoutes } from '../../api/route-list';

/** A handler for every declaration (none runs here: mounting is what is under test). */
function everyHandler(): Record<string, Record<string, () => Promise<object>>> {
  return Object.fromEntries(
    Object.entries(API_RESOURCES).map(([resource, routes]) => [
      resource,
      Object.fromEntries(Object.keys(routes).map((name) => [name, async () => ({})])),
    ]),
  );
}

describe('the mount walks the route declarations', () => {
  it('mounts every declaration once, in the declared order', () => {
    const router = express.Router();
    mountRoutes(router, everyHandler() as unknown as ApiHandlers);
    expect(listApiRoutes(router)).toEqual(
      API_ROUTES.map((route) => ({ method: route.method.toUpperCase(), path: `/api/v1${route.path}` })),
    );
  });

  it('refuses to start when a declaration has no handler', () => {
    const handlers = everyHandler();
    delete handlers.decisionRoutes!.answerAsk;
    expect(() => mountRoutes(express.Router(), handlers as unknown as ApiHandlers)).toThrow(
      'decisionRoutes.answerAsk is declared but has no handler',
    );
  });

  it('refuses to start when a handler has no declaration', () => {
    const handlers = everyHandler();
    handlers.webhookRoutes!.pingWebhookTwice = async () => ({});
    expect(() => mountRoutes(express.Router(), handlers as unknown as ApiHandlers)).toThrow(
      'webhookRoutes.pingWebhookTwice has a handler but no declaration',
    );
  });
});
