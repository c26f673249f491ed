/**
 * The UI's side of domain/app-routes.ts: the page a path shows, with its parameters decoded.
 * A path no route claims shows the queue, as the server's `/decisions/*rest` does.
 */
import { APP_ROUTES, type AppPage, type AppRoute } from '../../../domain/app-routes';

export type PageMatch = { page: AppPage; params: Record<string, string> };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `:name` is one segment, `*name` the rest, as Express reads them. */
function compile(route: AppRoute): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = route.path.replace(/([:*])(\w+)|[^:*]+/g, (part, kind?: string, name?: string) => {
    if (!kind || !name) return escape(part);
    names.push(name);
    return kind === ':' ? '([^/]+)' : '(.+)';
  });
  return { pattern: new RegExp(`^${source}$`), names };
}

const COMPILED = APP_ROUTES.map((route) => ({ route, ...compile(route) }));

function decoded(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

export function matchRoute(pathname: string): PageMatch {
  for (const { route, pattern, names } of COMPILED) {
    const found = pattern.exec(pathname);
    if (!found) continue;
    const params: Record<string, string> = {};
    const fits = names.every((name, index) => {
      const value = decoded(found[index + 1] ?? '');
      if (value === null || (route.params?.[name] && !route.params[name].test(value))) return false;
      params[name] = value;
      return true;
    });
    if (fits) return { page: route.page, params };
  }
  return { page: 'decisions', params: {} };
}

/** The sidebar entry a page belongs to: a decision's document and a stack are part of My Decisions. */
export function sectionOf(page: AppPage): AppPage {
  if (page === 'document' || page === 'stack') return 'decisions';
  if (page === 'task') return 'tasks';
  if (page === 'instructions') return 'agents';
  return page;
}
