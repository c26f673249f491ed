/**
 * Every `/api/v1` route, read from the mounted routers themselves (Express 5's router layers
 * keep their mount path in `rawPath`), so a test that walks them cannot miss a new route.
 */
import type { Router } from 'express';

export type ApiRoute = { method: string; path: string };

type Layer = {
  rawPath?: string;
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
};

export function listApiRoutes(api: Router, prefix = '/api/v1'): ApiRoute[] {
  const routes: ApiRoute[] = [];
  const walk = (stack: Layer[], base: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods)) {
          // `all` and `options` are the answers every path gives (api/method-not-allowed.ts), not routes.
          if (method !== '_all' && method !== 'options')
            routes.push({ method: method.toUpperCase(), path: `${base}${layer.route.path === '/' ? '' : layer.route.path}` });
        }
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack, `${base}${layer.rawPath && layer.rawPath !== '/' ? layer.rawPath : ''}`);
      }
    }
  };
  walk((api as unknown as { stack: Layer[] }).stack, prefix);
  return routes;
}
