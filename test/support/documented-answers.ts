/**
 * What the OpenAPI document says each operation answers: its statuses, and for each refusal
 * status the problem codes it lists. Keyed as the routers list a route (`POST /api/v1/decisions/:id`),
 * so a test that walks the mounted routes can hold every answer it gets to the document.
 */
import type { OpenApiDocument } from '../../api/openapi/document';

type DocumentedResponse = { content?: Record<string, { schema?: { allOf?: Array<{ properties?: { code?: { enum?: string[] } } }> } }> };

export type DocumentedAnswers = Map<string, Map<number, Set<string> | null>>;

/** Per route, each declared status with its codes (`null` for a success, which carries no code). */
export function documentedAnswers(document: OpenApiDocument): DocumentedAnswers {
  const byRoute: DocumentedAnswers = new Map();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const routerPath = path.replace(/\{(\w+)\}/g, ':$1');
    for (const [method, operation] of Object.entries(item as Record<string, { responses?: Record<string, DocumentedResponse> }>)) {
      const statuses = new Map<number, Set<string> | null>();
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const codes = response.content?.['application/problem+json']?.schema?.allOf?.[1]?.properties?.code?.enum;
        statuses.set(Number(status), codes ? new Set(codes) : null);
      }
      byRoute.set(`${method.toUpperCase()} ${routerPath}`, statuses);
    }
  }
  return byRoute;
}

/** Why an answer breaks the document, or null when the document lists it. */
export function undocumented(answers: DocumentedAnswers, route: string, status: number, code: string | null): string | null {
  const statuses = answers.get(route);
  if (!statuses) return `${route} is not in the document`;
  if (!statuses.has(status)) return `${route} → ${status} ${code ?? ''}: the document declares ${[...statuses.keys()].join(', ')}`;
  const codes = statuses.get(status);
  if (codes && (code === null || !codes.has(code)))
    return `${route} → ${status} ${code}: the document lists ${[...codes].join(', ')} for ${status}`;
  return null;
}
