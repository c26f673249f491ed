/**
 * One route of the HTTP API, declared once: method, path, inputs, what it answers, what it
 * can refuse with, and the permission a caller needs. The API mounts its handler from this declaration and
 * registers its OpenAPI operation from it; every client sends its requests through it and
 * parses the answer with its schema. Pure data over zod: no I/O, no Express.
 */
import type { z } from 'zod';
import type { ErrorCode } from '../errors';
import type { Permission } from '../permissions';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export type Success = {
  status: 200 | 201 | 204;
  description: string;
  /** A JSON body's schema; absent for 204. */
  schema?: z.ZodType;
  /** Another media type than JSON (a document, an event stream); the schema describes it. */
  mediaType?: string;
};

export type RouteContract = {
  /** The OpenAPI tag: the resource it belongs to. */
  tag: string;
  method: Method;
  /** Under `/api/v1`, spelled as Express spells it: `/decisions/:id/asks/:ask/answer`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  /** Every path parameter by name. */
  params?: z.ZodObject;
  /** An object of query parameters (a pipe when it refines across them). */
  query?: z.ZodObject | z.ZodPipe;
  headers?: z.ZodObject;
  body?: { schema: z.ZodType; required?: boolean; description?: string };
  ok: Success | readonly [Success, ...Success[]];
  /** What this route can refuse with, beyond what every route can. */
  errors?: readonly ErrorCode[];
  /**
   * The one permission (domain/permissions.ts) a caller needs, checked where routes are
   * mounted before the input is read: who may call it follows from the roles that hold it,
   * and whether agents may from their fixed set. Everything that decides is a person's alone.
   */
  permission: Permission;
  /**
   * What the caller proves who they are with: a token or the web session (the default), or an
   * answer-in-place link in the path (issue 40 item 5), which stands for the member it was sent
   * to — `permission` is then checked against that member, and no token or cookie is read.
   */
  credential?: 'answer-link';
};

/** Declares a route, keeping its literal types for the handler and the client. */
export function route<const C extends RouteContract>(contract: C): C {
  return contract;
}

/**
 * What a route that goes through a decision's or a stack's workflow can also refuse with; a
 * write route declaring `overloaded` is the one admission control counts (api/write-admission.ts).
 */
export const WORKFLOW_ERRORS = [
  'temporal_unavailable',
  'temporal_busy',
  'request_expired',
  'overloaded',
] as const satisfies readonly ErrorCode[];

type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;
type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
type Successes<C extends RouteContract> = Extract<C['ok'] extends readonly Success[] ? C['ok'][number] : C['ok'], Success>;

/** What a handler receives, parsed. */
export type RouteInput<C extends RouteContract> = {
  params: OutputOf<C['params']>;
  query: OutputOf<C['query']>;
  headers: OutputOf<C['headers']>;
  body: C['body'] extends { schema: infer S } ? OutputOf<S> : undefined;
};

/** What a client sends, before parsing. */
export type RouteRequest<C extends RouteContract> = (C['params'] extends z.ZodType
  ? { params: z.input<C['params']> }
  : { params?: undefined }) &
  (C['query'] extends z.ZodType ? { query?: z.input<C['query']> } : { query?: undefined }) &
  (C['headers'] extends z.ZodType ? { headers?: Partial<z.input<C['headers']>> } : { headers?: undefined }) &
  (C['body'] extends { schema: infer S } ? { body: InputOf<S> } : { body?: undefined });

/** A success as the handler gives it: any declared status with its body (one per status). */
export type RouteReply<C extends RouteContract> =
  Successes<C> extends infer S ? (S extends Success ? { status: S['status']; body: InputOf<S['schema']> } : never) : never;

/** A success as the client receives it, parsed with its schema. */
export type RouteResponse<C extends RouteContract> =
  Successes<C> extends infer S ? (S extends Success ? { status: S['status']; body: OutputOf<S['schema']> } : never) : never;

export function successesOf(contract: RouteContract): readonly Success[] {
  return Array.isArray(contract.ok) ? contract.ok : [contract.ok as Success];
}

/** The path with its parameters filled in, each encoded. */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
