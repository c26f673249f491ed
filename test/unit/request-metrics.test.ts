/**
 * The `route` label of Cast's request metrics: every declared route, called with real-looking
 * ids, is labelled with its own template (a literal segment such as `archive-all` or
 * `needs-you` beats a parameter), and a path no declaration names is `unmatched`.
 */
import { describe, expect, it } from 'vitest';
import { apiTemplate } from '../../api/route-template';
import { API_ROUTES } from '../../domain/routes/index';

const concrete = (template: string) => template.replace(/:(\w+)/g, (_, name: string) => `${name}-4711`);

describe('request metrics: the route label', () => {
  it('names every declared route by its own template, never by its ids', () => {
    for (const route of API_ROUTES) {
      expect(apiTemplate(route.method.toUpperCase(), concrete(route.path)), `${route.method} ${route.path}`).toBe(route.path);
    }
  });

  it('prefers a literal segment to a parameter, and the method that is declared', () => {
    expect(apiTemplate('POST', '/decisions/archive-all')).toBe('/decisions/archive-all');
    expect(apiTemplate('GET', '/tasks/needs-you')).toBe('/tasks/needs-you');
    expect(apiTemplate('GET', '/decisions/sd-12')).toBe('/decisions/:id');
    // An undeclared method on a declared path (405) keeps the path's template.
    expect(apiTemplate('PUT', '/decisions/sd-12/asks/1/answer')).toBe('/decisions/:id/asks/:ask/answer');
  });

  it('gives null for a path nothing declares', () => {
    expect(apiTemplate('GET', '/decisions/sd-12/nothing-here')).toBeNull();
    expect(apiTemplate('GET', '/')).toBeNull();
  });
});
