/**
 * Reads the document's JSON Schemas the way a person reads a body: one row per field,
 * nested fields named by path (`asks[].options[].label`), each with its type in words and
 * its limits. The reference page renders these rows; the rows know nothing of HTML but
 * the `<code>` they wrap around values.
 */
import { SAYS_SOMETHING } from '../../domain/text-fields';
import { STORABLE_TEXT } from '../plain-text';
import type { OpenApiDocument } from './document';

export type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  not?: Schema;
  additionalProperties?: boolean | Schema;
  propertyNames?: Schema;
  minProperties?: number;
  description?: string;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
};

export type Field = { name: string; type: string; required: boolean; notes: string };

/** Deep enough for an ask's options inside a filing's asks; deeper shapes are in the JSON document. */
const MAX_DEPTH = 3;

export function escape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Backticks in the document's prose become code. */
export function prose(text: string | undefined): string {
  return escape(text ?? '').replace(/`([^`]+)`/g, '<code>$1</code>');
}

/** A pattern in words where it has some; the storable-text rule is said once, atop the page. */
function patternNote(pattern: string | undefined): string | null {
  if (!pattern || pattern === STORABLE_TEXT) return null;
  return pattern === SAYS_SOMETHING ? 'not blank' : `matches <code>${escape(pattern)}</code>`;
}

function range(low: number | undefined, high: number | undefined, unit: string): string | null {
  if (low === undefined && high === undefined) return null;
  if (low !== undefined && high !== undefined) return `${low}–${high}${unit}`;
  return low !== undefined ? `at least ${low}${unit}` : `at most ${high}${unit}`;
}

export class SchemaFields {
  constructor(private readonly document: OpenApiDocument) {}

  /** The schema a `$ref` names, followed to the end. */
  resolve(schema: Schema | undefined): Schema {
    let current = schema ?? {};
    for (let hops = 0; current.$ref && hops < 10; hops += 1) {
      const name = current.$ref.split('/').pop()!;
      current = ((this.document.components?.schemas ?? {}) as Record<string, Schema>)[name] ?? {};
    }
    return current;
  }

  typeOf(raw: Schema | undefined): string {
    const schema = this.resolve(raw);
    const named = raw?.$ref ? raw.$ref.split('/').pop()! : null;
    if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
    if (schema.const !== undefined) return JSON.stringify(schema.const);
    const variants = schema.oneOf ?? schema.anyOf;
    if (variants) return named ?? this.unionType(variants);
    if (schema.type === 'array') return `array of ${this.typeOf(schema.items)}`;
    const type = Array.isArray(schema.type) ? schema.type.join(' or ') : (schema.type ?? 'any');
    return named && type === 'object' ? named : type;
  }

  /** Its description and limits, as HTML. */
  notes(raw: Schema | undefined): string {
    const schema = this.resolve(raw);
    const parts = [
      schema.description ? prose(schema.description.replace(/\.$/, '')) : null,
      range(schema.minLength, schema.maxLength, ' characters'),
      range(schema.minimum, schema.maximum, ''),
      range(schema.minItems, schema.maxItems, ' items'),
      patternNote(schema.pattern),
      schema.format ? escape(schema.format) : null,
      schema.default !== undefined ? `default <code>${escape(JSON.stringify(schema.default))}</code>` : null,
    ];
    return parts.filter(Boolean).join('; ');
  }

  /** One row per field; a union's fields are labelled with the form they belong to. */
  fields(raw: Schema | undefined, prefix = '', depth = 0, label = ''): Field[] {
    const schema = this.resolve(raw);
    if (depth > MAX_DEPTH) return [];
    const variants = schema.oneOf ?? schema.anyOf;
    if (variants) return variants.flatMap((variant, index) => this.fields(variant, prefix, depth, this.variantLabel(variant, index)));
    if (schema.type === 'array' && prefix) return this.fields(schema.items, `${prefix}[]`, depth, label);
    if (schema.type !== 'object' || !schema.properties) return [];
    return Object.entries(schema.properties).flatMap(([key, property]) => {
      const name = prefix ? `${prefix}.${key}` : key;
      const row: Field = {
        name,
        type: this.typeOf(property),
        required: schema.required?.includes(key) ?? false,
        notes: [label ? `<em>${escape(label)}</em>` : '', this.notes(property)].filter(Boolean).join(' — '),
      };
      return [row, ...this.fields(property, name, depth + 1, label)];
    });
  }

  /** `object by kind: "decision", "fact"` for a discriminated union; else its members' types. */
  private unionType(variants: Schema[]): string {
    const labels = variants.map((variant, index) => this.variantLabel(variant, index));
    const key = /^when (\w+) = /.exec(labels[0] ?? '')?.[1];
    if (key && labels.every((label) => label.startsWith(`when ${key} = `))) {
      return `object by ${key}: ${labels.map((label) => label.slice(`when ${key} = `.length)).join(', ')}`;
    }
    return [...new Set(variants.map((variant) => this.typeOf(variant)))].join(' or ');
  }

  /** A union member named by its discriminator (`when kind = "fact"`), else by its position. */
  private variantLabel(raw: Schema, index: number): string {
    const schema = this.resolve(raw);
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      const values = this.resolve(property).enum;
      if (values?.length === 1 && schema.required?.includes(key)) return `when ${key} = ${JSON.stringify(values[0])}`;
    }
    return `form ${index + 1}`;
  }
}
