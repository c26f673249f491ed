/**
 * The OpenAPI registry's entrance for Cast's routes: one call per mounted route, written
 * the way the router spells it (`/decisions/:id`), with the domain schema it validates with
 * and the error codes it can answer. Every operation also gets the refusals every `/api/v1`
 * route shares and the 403 its permission answers (`forbidden_for_role` where a role lacks it,
 * `forbidden_for_agent` where an agent does); each status lists the exact codes it carries. The
 * permission itself is named in `x-cast-permission` and in a sentence of the description.
 */
import { OpenAPIRegistry, type ResponseConfig, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import type { ErrorCode } from '../../domain/errors';
import { holds, ROLES, type Permission } from '../../domain/permissions';
import { successesOf, type Method, type RouteContract, type Success } from '../../domain/routes/route';
import { statusOf } from '../problem';
import { PROBLEM_TYPE } from '../../domain/problem';

export const API_PREFIX = '/api/v1';

/** Any route: a NUL in the URL or a parser failure, no credential, a channel a token cannot claim, over FR-61's limits, the database away. */
const EVERY_ROUTE: ErrorCode[] = ['invalid_request', 'unauthorized', 'channel_not_allowed', 'rate_limited', 'database_unavailable'];
/**
 * Any write: a body that is not JSON (or not UTF-8), the session cookie from another origin, or FR-61's
 * counter store failing (a write is refused rather than let through unthrottled).
 */
const EVERY_WRITE: ErrorCode[] = ['malformed_json', 'invalid_utf8', 'cross_origin', 'rate_limit_unavailable'];
const RETRY_AFTER = z.object({
  'Retry-After': z.string().meta({ description: 'Seconds to wait before retrying.' }),
});

export function openApiPath(path: string): string {
  return `${API_PREFIX}${path}`.replace(/:(\w+)/g, '{$1}');
}

function sharedErrors(method: Method): ErrorCode[] {
  return method === 'get' ? EVERY_ROUTE : [...EVERY_ROUTE, ...EVERY_WRITE];
}

/**
 * What an answer-link route shares with every route: no credential is read, so neither
 * `unauthorized`, `channel_not_allowed` nor `cross_origin`; its own refusals say the rest.
 */
function sharedLinkErrors(method: Method): ErrorCode[] {
  const every: ErrorCode[] = ['invalid_request', 'rate_limited', 'database_unavailable'];
  return method === 'get' ? every : [...every, 'malformed_json', 'invalid_utf8', 'rate_limit_unavailable'];
}

/** What a route can refuse with: its own codes, every route's, and the 403s of the callers its permission leaves out. */
function refusalsOf(contract: RouteContract): ErrorCode[] {
  if (contract.credential === 'answer-link') return [...sharedLinkErrors(contract.method), ...(contract.errors ?? [])];
  const forbidden: ErrorCode[] = [
    ...(ROLES.every((role) => holds(role, contract.permission)) ? [] : (['forbidden_for_role'] as const)),
    ...(holds('agent', contract.permission) ? [] : (['forbidden_for_agent'] as const)),
  ];
  return [...sharedErrors(contract.method), ...forbidden, ...(contract.errors ?? [])];
}

/** Who may call it, in a sentence: the roles that hold its permission, and whether agents do. */
export function whoMay(permission: Permission, credential?: RouteContract['credential']): string {
  if (credential === 'answer-link') {
    return `No token or cookie: the link is the credential, and acts as the member it was sent to, who must still hold \`${permission}\`.`;
  }
  const roles = ROLES.filter((role) => holds(role, permission));
  return `Needs \`${permission}\`: ${roles.join(', ')}${holds('agent', permission) ? ', and agent tokens' : '; never an agent token'}.`;
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

/** Every path parameter, as declared (a route that declares none of them gets plain strings). */
function pathParams(contract: RouteContract): z.ZodObject | undefined {
  const names = [...contract.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const declared = contract.params?.shape ?? {};
  const unknown = Object.keys(declared).filter((name) => !names.includes(name));
  if (unknown.length > 0) throw new Error(`${contract.operationId}: no path parameter ${unknown.join(', ')} in ${contract.path}`);
  if (names.length === 0) return undefined;
  return z.object(Object.fromEntries(names.map((name) => [name, (declared[name] as z.ZodType | undefined) ?? z.string().min(1)])));
}

export class ApiDocs {
  readonly registry = new OpenAPIRegistry();

  /** A route declared once (domain/routes/): its operation, under its tag, with every refusal it can answer. */
  route(contract: RouteContract): void {
    const params = pathParams(contract);
    const request: RouteConfig['request'] = {
      ...(params ? { params } : {}),
      ...(contract.query ? { query: contract.query } : {}),
      ...(contract.headers ? { headers: contract.headers } : {}),
      ...(contract.body
        ? {
            body: {
              required: contract.body.required ?? true,
              ...(contract.body.description ? { description: contract.body.description } : {}),
              content: { 'application/json': { schema: contract.body.schema } },
            },
          }
        : {}),
    };
    this.registry.registerPath({
      method: contract.method,
      path: openApiPath(contract.path),
      operationId: contract.operationId,
      summary: contract.summary,
      description: [contract.description, whoMay(contract.permission, contract.credential)].filter(Boolean).join('\n\n'),
      // An answer link needs no token or session: the signed link in the path is the credential.
      ...(contract.credential === 'answer-link' ? { security: [] } : {}),
      'x-cast-permission': contract.permission,
      tags: [contract.tag],
      request,
      responses: {
        ...Object.fromEntries(successesOf(contract).map((ok) => [String(ok.status), successResponse(ok)])),
        ...errorResponses(refusalsOf(contract)),
      },
    });
  }
}
