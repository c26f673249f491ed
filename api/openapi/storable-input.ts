/**
 * What api/plain-text.ts refuses in every request, said where a client reads the request's
 * shape: each string a body or parameter carries gets the storable-text pattern (beside any
 * pattern of its own, through `allOf`), each object's keys too, and each fractional number
 * the smallest magnitude Postgres keeps. Schemas shared with answers keep the rule there as
 * well, which holds: what Cast answers with, it stored.
 */
import { SMALLEST_NUMBER, STORABLE_TEXT } from '../plain-text';
import type { OpenApiDocument } from './document';
import type { Schema } from './schema-fields';

const STORABLE: Schema = { pattern: STORABLE_TEXT };
/** Not 0 and closer to zero than `real` keeps. */
const TOO_CLOSE_TO_ZERO: Schema = {
  type: 'number',
  exclusiveMinimum: -SMALLEST_NUMBER,
  exclusiveMaximum: SMALLEST_NUMBER,
  not: { const: 0 },
};

const typesOf = (schema: Schema) => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);

function markText(schema: Schema): void {
  // An enum, a constant or a format (a date-time) already names what it takes.
  if (schema.enum || schema.const !== undefined || schema.format) return;
  if (!schema.pattern) schema.pattern = STORABLE_TEXT;
  else if (schema.pattern !== STORABLE_TEXT) schema.allOf = [...(schema.allOf ?? []), STORABLE];
}

export function withStorableInput(document: OpenApiDocument): OpenApiDocument {
  const components = (document.components?.schemas ?? {}) as Record<string, Schema>;
  const seen = new Set<Schema>();
  const walk = (schema: Schema | boolean | undefined): void => {
    if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
    seen.add(schema);
    if (schema.$ref) return walk(components[schema.$ref.split('/').pop()!]);
    const types = typesOf(schema);
    if (types.includes('string')) markText(schema);
    if (types.includes('number') && !schema.not) schema.not = TOO_CLOSE_TO_ZERO;
    if (types.includes('object') && schema.additionalProperties !== false) schema.propertyNames ??= { ...STORABLE };
    Object.values(schema.properties ?? {}).forEach(walk);
    walk(schema.additionalProperties);
    walk(schema.items);
    [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].forEach(walk);
  };
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item as Record<string, Record<string, unknown>>)) {
      const { parameters, requestBody } = operation as {
        parameters?: Array<{ schema?: Schema }>;
        requestBody?: { content?: Record<string, { schema?: Schema }> };
      };
      parameters?.forEach((parameter) => walk(parameter.schema));
      Object.values(requestBody?.content ?? {}).forEach((media) => walk(media.schema));
    }
  }
  return document;
}
