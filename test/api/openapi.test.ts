/**
 * The OpenAPI document describes exactly the API that is mounted: every `/api/v1` route the
 * routers list appears in it and nothing else does (a new route without documentation fails
 * here), it holds together as OpenAPI 3.1, the query parameters it names are the ones the
 * routes read, and `/api/reference` shows every operation as a page without scripts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorCode } from '../../domain/errors';
import { holds, ROLES } from '../../domain/permissions';
import { API_ROUTES } from '../../domain/routes/index';
import { openApiPath } from '../../api/openapi/api-docs';
import { STORABLE_TEXT } from '../../api/plain-text';
import type { OpenApiDocument } from '../../api/openapi/document';
import type { Schema } from '../../api/openapi/schema-fields';
import { startTestCast, type Member, type TestCast } from '../support/test-cast';

type Parameter = { name: string; in: string; required?: boolean; schema?: Schema };
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
};

const METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options', 'trace'] as const;

let cast: TestCast;
let member: Member;
let document: OpenApiDocument;

beforeAll(async () => {
  cast = await startTestCast({ worker: false });
  member = await cast.newMember();
  const response = await cast.request(member.token, 'GET', '/api/v1/openapi.json');
  expect(response.status).toBe(200);
  document = (await response.json()) as OpenApiDocument;
});
afterAll(() => cast?.stop());

function operations(): Array<{ method: string; path: string; operation: Operation }> {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((method) => method in item).map((method) => ({ method, path, operation: (item as Record<string, Operation>)[method]! })),
  );
}

/** Every `$ref` anywhere in the document. */
function refs(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => refs(item, found));
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') found.push(child);
      else refs(child, found);
    }
  }
  return found;
}

describe('GET /api/v1/openapi.json', () => {
  it('sits behind the same authentication as the routes it describes', async () => {
    const response = await cast.request(null, 'GET', '/api/v1/openapi.json');
    expect(response.status).toBe(401);
  });

  it('is an OpenAPI 3.1 document that holds together', () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info.title).toBeTruthy();
    expect(document.info.version).toBeTruthy();
    expect(Object.keys(document.components?.securitySchemes ?? {}).sort()).toEqual(['bearerAuth', 'sessionCookie']);
    expect(document.components?.securitySchemes?.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.components?.securitySchemes?.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'cast_session' });
    expect(document.security).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }]);

    const wrong: string[] = [];
    const ids = new Set<string>();
    for (const { method, path, operation } of operations()) {
      const at = `${method.toUpperCase()} ${path}`;
      if (!path.startsWith('/api/v1/')) wrong.push(`${at}: outside /api/v1`);
      if (!operation.operationId) wrong.push(`${at}: no operationId`);
      else if (ids.has(operation.operationId)) wrong.push(`${at}: operationId ${operation.operationId} used twice`);
      else ids.add(operation.operationId);
      if (!operation.summary) wrong.push(`${at}: no summary`);
      if (!operation.tags?.length) wrong.push(`${at}: no tag`);

      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!).sort();
      const declared = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
      if (JSON.stringify(declared.map((parameter) => parameter.name).sort()) !== JSON.stringify(inPath))
        wrong.push(`${at}: path parameters ${JSON.stringify(declared.map((p) => p.name))} ≠ ${JSON.stringify(inPath)}`);
      if (declared.some((parameter) => parameter.required !== true)) wrong.push(`${at}: a path parameter is not required`);
      for (const parameter of operation.parameters ?? []) {
        if (!['path', 'query', 'header', 'cookie'].includes(parameter.in))
          wrong.push(`${at}: parameter ${parameter.name} in ${parameter.in}`);
      }

      const statuses = Object.keys(operation.responses ?? {});
      if (!statuses.some((status) => /^2\d\d$/.test(status))) wrong.push(`${at}: no success response`);
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (!/^[1-5]\d\d$/.test(status)) wrong.push(`${at}: response key ${status}`);
        if (!response.description) wrong.push(`${at} ${status}: no description`);
        if (Number(status) < 400) continue;
        // Each refusal is a problem document naming the codes that status carries.
        const schema = response.content?.['application/problem+json']?.schema;
        const codes = schema?.allOf?.[1]?.properties?.code?.enum ?? [];
        if (schema?.allOf?.[0]?.$ref !== '#/components/schemas/Problem') wrong.push(`${at} ${status}: not a Problem`);
        if (codes.length === 0 || !codes.every(isErrorCode)) wrong.push(`${at} ${status}: codes ${JSON.stringify(codes)}`);
      }
      if (method === 'get' && operation.requestBody) wrong.push(`${at}: a GET with a body`);
    }
    for (const ref of refs(document)) {
      const name = /^#\/components\/schemas\/(.+)$/.exec(ref)?.[1];
      if (!name || !(name in (document.components?.schemas ?? {}))) wrong.push(`unresolved $ref ${ref}`);
    }
    expect(wrong).toEqual([]);
  });

  it('documents every mounted route, and nothing that is not mounted', () => {
    const mounted = [...cast.routes, ...cast.linkRoutes]
      .map((route) => `${route.method} ${openApiPath(route.path.slice('/api/v1'.length))}`)
      .sort();
    const documented = operations()
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`)
      .sort();
    expect(mounted.length).toBeGreaterThan(70);
    expect({
      undocumented: mounted.filter((route) => !documented.includes(route)),
      notMounted: documented.filter((route) => !mounted.includes(route)),
    }).toEqual({
      undocumented: [],
      notMounted: [],
    });
    expect(new Set(mounted).size).toBe(mounted.length);
  });

  it('states the rules the server holds input to: storable text, bounded numbers, no empty PATCH, who may call', () => {
    const schemas = (document.components?.schemas ?? {}) as Record<string, Schema>;
    const resolve = (schema: Schema | undefined): Schema =>
      schema?.$ref ? resolve(schemas[schema.$ref.split('/').pop()!]) : (schema ?? {});
    const wrong: string[] = [];
    const seen = new Set<Schema>();
    // Every string a request carries says it must be storable text (api/plain-text.ts), every object its keys.
    const walk = (raw: Schema | boolean | undefined, at: string): void => {
      if (!raw || typeof raw !== 'object') return;
      const schema = resolve(raw);
      if (seen.has(schema)) return;
      seen.add(schema);
      const types = [schema.type ?? []].flat();
      const storable = schema.pattern === STORABLE_TEXT || schema.allOf?.some((part) => part.pattern === STORABLE_TEXT);
      if (types.includes('string') && !schema.enum && schema.const === undefined && !schema.format && !storable)
        wrong.push(`${at}: a string without the storable-text pattern`);
      if (types.includes('object') && schema.additionalProperties !== false && schema.propertyNames?.pattern !== STORABLE_TEXT)
        wrong.push(`${at}: an object whose keys may be anything`);
      for (const [name, property] of Object.entries(schema.properties ?? {})) walk(property, `${at}.${name}`);
      walk(schema.additionalProperties, `${at}[key]`);
      walk(schema.items, `${at}[]`);
      [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].forEach((part, index) => walk(part, `${at}|${index}`));
    };
    for (const { method, path, operation } of operations()) {
      const at = `${method.toUpperCase()} ${path}`;
      for (const parameter of operation.parameters ?? []) {
        walk(parameter.schema, `${at} ${parameter.in} ${parameter.name}`);
        const schema = parameter.schema ?? {};
        if (['integer', 'number'].includes(String(schema.type)) && (schema.minimum === undefined || schema.maximum === undefined))
          wrong.push(`${at} ?${parameter.name}: a number without minimum and maximum`);
      }
      const body = resolve(operation.requestBody?.content?.['application/json']?.schema);
      walk(body, `${at} body`);
      if (method === 'patch' && !(body.minProperties! >= 1) && !body.required?.length) wrong.push(`${at}: a PATCH body that may be {}`);
    }
    // Each operation names its permission, and declares the 403s of exactly the callers that permission leaves out.
    for (const route of API_ROUTES) {
      const operation = (document.paths?.[openApiPath(route.path)] as Record<string, Operation>)[route.method]!;
      const at = `${route.method.toUpperCase()} ${route.path}`;
      const codes = operation.responses?.['403']?.content?.['application/problem+json']?.schema?.allOf?.[1]?.properties?.code?.enum ?? [];
      if (codes.includes('forbidden_for_agent') === holds('agent', route.permission))
        wrong.push(
          `${at}: 403 lists ${JSON.stringify(codes)} for ${route.permission}, which agents ${holds('agent', route.permission) ? 'hold' : 'lack'}`,
        );
      const someRoleLacks = ROLES.some((role) => !holds(role, route.permission));
      if (someRoleLacks && !codes.includes('forbidden_for_role'))
        wrong.push(`${at}: 403 does not list forbidden_for_role for ${route.permission}`);
      const named = (operation as { 'x-cast-permission'?: string })['x-cast-permission'];
      if (named !== route.permission) wrong.push(`${at}: x-cast-permission is ${named}, the declaration says ${route.permission}`);
      if (!operation.description?.includes(`\`${route.permission}\``))
        wrong.push(`${at}: the description does not name ${route.permission}`);
    }
    expect(wrong).toEqual([]);
  });

  it('names only query parameters its routes read: a bad value for each is a 400 naming it', async () => {
    // Ids shaped like real ones, so a route that checks an id's shape first still reads the query.
    const idFor = (path: string) =>
      path.startsWith('/api/v1/decisions/') ? 'sd-1' : path.startsWith('/api/v1/stacks/') ? 'ds-1' : 'probe';
    const wrong: string[] = [];
    let probed = 0;
    for (const { method, path, operation } of operations()) {
      for (const parameter of (operation.parameters ?? []).filter((candidate) => candidate.in === 'query')) {
        const bad = badValue(parameter.schema ?? {});
        if (bad === null) {
          wrong.push(`${path} ?${parameter.name}: no value it refuses — give it a constraint`);
          continue;
        }
        // A numbered path parameter (an ask) gets a number, so the query is what is refused.
        const numbered = (name: string) =>
          (operation.parameters ?? []).some(
            (candidate) =>
              candidate.in === 'path' && candidate.name === name && ['integer', 'number'].includes(String(candidate.schema?.type)),
          );
        const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'id' ? idFor(path) : numbered(name) ? '1' : 'probe'));
        const response = await cast.request(member.token, method.toUpperCase(), `${filled}?${parameter.name}=${encodeURIComponent(bad)}`);
        const body = (await response.json()) as { code?: string; issues?: Array<{ path: string }> };
        probed += 1;
        if (response.status !== 400 || !body.issues?.some((issue) => issue.path === parameter.name)) {
          wrong.push(
            `${method.toUpperCase()} ${path} ?${parameter.name}=${bad} → ${response.status} ${JSON.stringify(body).slice(0, 160)}`,
          );
        }
      }
    }
    expect(probed).toBeGreaterThan(20);
    expect(wrong).toEqual([]);
  });
});

/** A value the parameter's schema refuses, or null when it refuses nothing. */
function badValue(schema: Schema): string | null {
  if (schema.enum) return 'not-one-of-them';
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number') return 'not-a-number';
  // Every string has a pattern (text Cast can store); `!` is a bad value only where it does not match.
  if (schema.pattern && !new RegExp(schema.pattern, 'u').test('!')) return '!';
  if (schema.minLength !== undefined && schema.minLength > 0) return '';
  if (schema.maxLength !== undefined) return 'x'.repeat(schema.maxLength + 1);
  return null;
}

describe('GET /api/reference', () => {
  it('lists every operation with its summary, parameters and body fields, on a page with no scripts', async () => {
    const response = await fetch(`${cast.url}/api/reference`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    const html = await response.text();
    expect(html).not.toMatch(/<script|\son\w+=|style=/i);
    expect(html).toContain('<link rel="stylesheet" href="/api/reference.css">');

    const missing: string[] = [];
    for (const { method, path, operation } of operations()) {
      const section = html.split(`<section class="operation" id="${operation.operationId}">`)[1]?.split('</section>')[0];
      if (!section) {
        missing.push(`${method} ${path}: no section`);
        continue;
      }
      if (!section.includes(`<code>${path}</code>`) || !section.includes(method.toUpperCase()))
        missing.push(`${method} ${path}: no heading`);
      if (operation.summary && !section.includes(operation.summary.replace(/'/g, '&#39;'))) missing.push(`${method} ${path}: no summary`);
      for (const parameter of operation.parameters ?? []) {
        if (!section.includes(`<code>${parameter.name}</code>`)) missing.push(`${method} ${path}: parameter ${parameter.name}`);
      }
      if (operation.requestBody && !section.includes('<caption>Body')) missing.push(`${method} ${path}: no body fields`);
    }
    expect(missing).toEqual([]);
    // Nested body fields are named by path.
    expect(html).toContain('<code>asks[].options[].label</code>');
  });

  it('serves its stylesheet as a file, as the Content-Security-Policy requires', async () => {
    const response = await fetch(`${cast.url}/api/reference.css`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/css/);
    expect(await response.text()).toContain('.operation');
  });
});
