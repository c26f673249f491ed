/**
 * The OpenAPI registry's front door for Cast's routes: one call per mounted route, written
 * the way the router spells it (`/decisions/:id`), with the domain schema it validates with
 * and the error codes it can answer. Every operation also gets the refusals every `/api/v1`
 * route shares, each status with the exact codes it carries.
 */
import { OpenAPIRegistry, type ResponseConfig, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import type { ErrorCode } from '../../domain/errors';
import type { RouteContract } from '../../domain/routes/route';
import { statusOf } from '../problem';
import { PROBLEM_TYPE } from './problem-schema';

export const API_PREFIX = '/api/v1';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type QuerySchema = z.ZodObject | z.ZodPipe;

export type Success = {
  status: 200 | 201 | 204;
  description: string;
  /** A JSON body's schema; absent for 204. */
  schema?: z.ZodType;
  /** Another media type than JSON (a document, an event stream); the schema describes it. */
  mediaType?: string;
};

export type Operation = {
  method: Method;
  /** As the router spells it, under `/api/v1`: `/decisions/:id/asks/:ask/answer`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  /** Path parameters by name; one not given here is a plain string. */
  params?: Record<string, z.ZodType>;
  query?: QuerySchema;
  headers?: z.ZodObject;
  body?: { schema: z.ZodType; required?: boolean; description?: string };
  ok: Success | [Success, ...Success[]];
  /** What this route can refuse with, beyond what every route can (see `sharedErrors`). */
  errors?: ErrorCode[];
};

/** Any route: a NUL in the URL or a parser failure, no credential, over FR-61's limits. */
const EVERY_ROUTE: ErrorCode[] = ['invalid_request', 'unauthorized', 'rate_limited'];
/**
 * Any write: a body that is not JSON, the session cookie from another origin, or FR-61's
 * counter store failing (a write is refused rather than let through unthrottled).
 */
const EVERY_WRITE: ErrorCode[] = ['malformed_json', 'cross_origin', 'rate_limit_unavailable'];
/** A route that goes through a decision's or a stack's workflow. */
export const WORKFLOW_ERRORS: ErrorCode[] = ['temporal_unavailable', 'request_expired'];

const RETRY_AFTER = z.object({
  'Retry-After': z.string().meta({ description: 'Seconds to wait before retrying.' }),
});

export function openApiPath(path: string): string {
  return `${API_PREFIX}${path}`.replace(/:(\w+)/g, '{$1}');
}

export function sharedErrors(method: Method): ErrorCode[] {
  return method === 'get' ? EVERY_ROUTE : [...EVERY_ROUTE, ...EVERY_WRITE];
}

function errorResponses(codes: ErrorCode[]): Record<string, ResponseConfig> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = statusOf(code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, ResponseConfig> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[status] = {
      description: `Refused: ${list.map((code) => `\`${code}\``).join(', ')}.`,
      ...(status === 429 || status === 503 ? { headers: RETRY_AFTER } : {}),
      content: {
        [PROBLEM_TYPE]: {
          schema: {
            allOf: [{ $ref: '#/components/schemas/Problem' }, { type: 'object', properties: { code: { type: 'string', enum: list } } }],
          },
        },
      },
    };
  }
  return responses;
}

function successResponse(ok: Success): ResponseConfig {
  if (!ok.schema) return { description: ok.description };
  return { description: ok.description, content: { [ok.mediaType ?? 'application/json']: { schema: ok.schema } } };
}

function pathParams(operation: Operation): z.ZodObject | undefined {
  const names = [...operation.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const unknown = Object.keys(operation.params ?? {}).filter((name) => !names.includes(name));
  if (unknown.length > 0) throw new Error(`${operation.operationId}: no path parameter ${unknown.join(', ')} in ${operation.path}`);
  if (names.length === 0) return undefined;
  return z.object(Object.fromEntries(names.map((name) => [name, operation.params?.[name] ?? z.string().min(1)])));
}

export class ApiDocs {
  readonly registry = new OpenAPIRegistry();

  /** A route declared once (domain/routes/): its operation, under its tag. */
  route(contract: RouteContract): void {
    const { tag, params, ok, errors, callers: _callers, ...operation } = contract;
    this.add(tag, {
      ...operation,
      ...(params ? { params: params.shape as Record<string, z.ZodType> } : {}),
      ok: ok as Operation['ok'],
      ...(errors ? { errors: [...errors] } : {}),
    });
  }

  /** A registrar for one resource: every operation it adds is tagged with its name. */
  resource(tag: string): (operation: Operation) => void {
    return (operation) => this.add(tag, operation);
  }

  private add(tag: string, operation: Operation): void {
    const successes = Array.isArray(operation.ok) ? operation.ok : [operation.ok];
    const params = pathParams(operation);
    const request: RouteConfig['request'] = {
      ...(params ? { params } : {}),
      ...(operation.query ? { query: operation.query } : {}),
      ...(operation.headers ? { headers: operation.headers } : {}),
      ...(operation.body
        ? {
            body: {
              required: operation.body.required ?? true,
              ...(operation.body.description ? { description: operation.body.description } : {}),
              content: { 'application/json': { schema: operation.body.schema } },
            },
          }
        : {}),
    };
    this.registry.registerPath({
      method: operation.method,
      path: openApiPath(operation.path),
      operationId: operation.operationId,
      summary: operation.summary,
      ...(operation.description ? { description: operation.description } : {}),
      tags: [tag],
      request,
      responses: {
        ...Object.fromEntries(successes.map((ok) => [String(ok.status), successResponse(ok)])),
        ...errorResponses([...sharedErrors(operation.method), ...(operation.errors ?? [])]),
      },
    });
  }
}
