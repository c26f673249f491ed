/**
 * Mounts route handlers by their declarations (domain/routes/): the declaration's schemas
 * parse the path, query, headers and body before the handler runs, and the handler gives
 * back a body of the declared shape. With `checkResponses` (the test suite) every answer is
 * also parsed with its declared schema, so a handler that drifts from its contract fails. Each
 * route's declared permission is checked here, once, before its input is read: an agent token
 * without it gets 403 `forbidden_for_agent`, a person whose role lacks it 403 `forbidden_for_role`.
 */
import type { Request, Response, Router } from 'express';
import type { z } from 'zod';
import { requirePermission } from '../domain/authorize';
import { DomainError } from '../domain/errors';
import { API_RESOURCES, LINK_RESOURCES, type ApiResources, type LinkResources } from '../domain/routes/index';
import { successesOf, type RouteContract, type RouteInput, type RouteReply } from '../domain/routes/route';
import type { Principal } from '../domain/principal';
import { parseWith } from './problem';

/** A success with its status and headers (for a route with more than one, or a Location). */
export class Reply<C extends RouteContract = RouteContract> {
  constructor(
    readonly reply: RouteReply<C>,
    readonly headers: Record<string, string> = {},
  ) {}
}

/** The handler wrote the response itself (a document, an event stream, a long poll). */
export const WROTE = Symbol('wrote');

type FirstBody<C extends RouteContract> = RouteReply<C>['body'];

/** A route whose credential is an answer link has no principal: its handler acts for the link's member. */
type PrincipalOf<C extends RouteContract> = C['credential'] extends 'answer-link' ? undefined : Principal;

export type Handler<C extends RouteContract> = (
  input: RouteInput<C>,
  context: { principal: PrincipalOf<C>; req: Request; res: Response },
) => Promise<FirstBody<C> | Reply<C> | typeof WROTE>;

/** A resource's handlers, keyed as its declarations are (`decisionRoutes.answerAsk` → `answerAsk`). */
export type Handlers<R extends Record<string, RouteContract>> = { [K in keyof R]: Handler<R[K]> };

/** Every resource's handlers, keyed as `API_RESOURCES` is: the type proves none is missing or extra. */
export type ApiHandlers = { [R in keyof ApiResources]: Handlers<ApiResources[R]> };

/** The answer-link routes' handlers, keyed as `LINK_RESOURCES` is. */
export type LinkHandlers = { [R in keyof LinkResources]: Handlers<LinkResources[R]> };

/** Parses, runs and answers one request to `contract` with its handler. */
async function serve(
  contract: RouteContract,
  handler: Handler<RouteContract>,
  req: Request,
  res: Response,
  options: { checkResponses: boolean },
): Promise<void> {
  const principal = res.locals.principal;
  // Before the input is read: a caller learns nothing from a route that is not theirs, and nothing changes.
  // A link's member is checked against the permission once the link is verified (api/services/answer-by-link.ts).
  if (contract.credential !== 'answer-link') requirePermission(principal, contract.permission, contract.summary);
  const result = await handler(parseInput(contract, req), { principal, req, res });
  if (result === WROTE) return;
  const { status, body } = result instanceof Reply ? result.reply : { status: successesOf(contract)[0]!.status, body: result };
  if (options.checkResponses) checkResponse(contract, status, body);
  if (result instanceof Reply) res.set(result.headers);
  if (status === 204) res.status(204).end();
  else res.status(status).json(body);
}

export function reply<C extends RouteContract>(_contract: C, success: RouteReply<C>, headers?: Record<string, string>): Reply<C> {
  return new Reply<C>(success, headers);
}

function headersOf(req: Request, schema: z.ZodObject): Record<string, string | undefined> {
  return Object.fromEntries(Object.keys(schema.shape).map((name) => [name, req.get(name)]));
}

function parseInput<C extends RouteContract>(contract: C, req: Request): RouteInput<C> {
  return {
    params: contract.params ? parseWith(contract.params, req.params) : undefined,
    query: contract.query ? parseWith(contract.query, req.query) : undefined,
    headers: contract.headers ? parseWith(contract.headers, headersOf(req, contract.headers)) : undefined,
    // A body-less action accepts no body at all, as it accepts `{}`.
    body: contract.body ? parseWith(contract.body.schema, req.body ?? (contract.body.required === false ? {} : undefined)) : undefined,
  } as RouteInput<C>;
}

function checkResponse(contract: RouteContract, status: number, body: unknown): void {
  const success = successesOf(contract).find((candidate) => candidate.status === status);
  if (!success) throw new DomainError('internal', `${contract.operationId} answered ${status}, which it does not declare.`);
  if (!success.schema || success.mediaType) return;
  // What the client will read: the JSON on the wire (a Date is its ISO string there).
  const parsed = success.schema.safeParse(JSON.parse(JSON.stringify(body)));
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`).join('; ');
    throw new DomainError('internal', `${contract.operationId}'s response breaks its declared schema: ${issues}`);
  }
}

/**
 * Mounts every declared route in `API_RESOURCES` order with its handler, and refuses to start
 * when a declaration has no handler or a handler no declaration (a plain object can slip past
 * the type, say through a spread).
 */
export function mountRoutes(router: Router, handlers: ApiHandlers, options: { checkResponses?: boolean } = {}): void {
  mountResources(router, API_RESOURCES, handlers, options);
}

/** Mounts the answer-link routes, whose credential is the link itself, on a router of their own. */
export function mountLinkRoutes(router: Router, handlers: LinkHandlers, options: { checkResponses?: boolean } = {}): void {
  mountResources(router, LINK_RESOURCES, handlers, options);
}

function mountResources(
  router: Router,
  resources: Record<string, Record<string, RouteContract>>,
  handlers: Record<string, unknown>,
  options: { checkResponses?: boolean },
): void {
  const serving = { checkResponses: options.checkResponses ?? false };
  const unpaired: string[] = [];
  for (const [resource, declarations] of Object.entries(resources)) {
    const own = (handlers[resource] ?? {}) as Record<string, Handler<RouteContract> | undefined>;
    for (const name of Object.keys(own)) if (!(name in declarations)) unpaired.push(`${resource}.${name} has a handler but no declaration`);
    for (const [name, contract] of Object.entries(declarations)) {
      const handler = own[name];
      if (!handler) unpaired.push(`${resource}.${name} is declared but has no handler`);
      else router[contract.method](contract.path, (req: Request, res: Response) => serve(contract, handler, req, res, serving));
    }
  }
  if (unpaired.length) throw new Error(`The API's routes and handlers disagree: ${unpaired.join('; ')}.`);
}
