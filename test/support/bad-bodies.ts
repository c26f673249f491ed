/**
 * fast-check arbitraries for requests a careless or hostile client sends: a valid body with
 * a thing or two wrong (a field dropped or added, a wrong type, another record's id, a huge,
 * NUL-bearing or unpaired-surrogate string, an out-of-range number, deep nesting), any JSON
 * at all, and transport faults — malformed JSON text, the wrong content type or encoding, a
 * body over the 256 kB limit — with odd query strings and headers on top.
 */
import fc from 'fast-check';

export type Probe = {
  /** What kind of bad input this is, for a failure message. */
  kind: string;
  /** The raw body text; absent sends none. */
  body?: string;
  contentType?: string;
  headers?: Record<string, string>;
  query?: string;
};

type Path = Array<string | number>;
type Json = unknown;

const BODY_LIMIT = 256 * 1024;

/**
 * Nesting stands in the value as a marker and is written out only in the body's text, so
 * the test never builds (or JSON.stringifies) a value thousands of levels deep itself.
 */
function deepMarker(depth: number, arrays: boolean): string {
  return `\u0001deep:${depth}:${arrays ? 'a' : 'o'}\u0001`;
}

function bodyText(value: Json): string {
  return JSON.stringify(value).replace(/"\\u0001deep:(\d+):([ao])\\u0001"/g, (_, depth: string, kind: string) => {
    const levels = Number(depth);
    return kind === 'a' ? `${'['.repeat(levels)}1${']'.repeat(levels)}` : `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
  });
}

const weirdString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ maxLength: 20 }).map((text) => `${text}\u0000${text}`),
  fc.integer({ min: 1_001, max: 120_000 }).map((length) => 'x'.repeat(length)),
  fc.integer({ min: 10, max: 3_000 }).map((length) => '𝕏é\u200b'.repeat(length)),
  fc.constantFrom(
    '',
    ' ',
    '\t\n',
    '\u0000',
    '\ud800',
    '\udfff\ud800',
    '\u202eevil',
    '\ufeff',
    '<script>alert(1)</script>',
    "'; drop table decisions; --",
    '%00',
    'null',
    '__proto__',
    'sd-0',
    'sd-99999999999999999',
    'ds-1',
    'task_',
    '*',
    '../../etc/passwd',
  ),
);

const weirdNumber = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.5, 1.5, 11, 26, 91, 101, 2 ** 31, 2 ** 53 + 2, 1e21, 1e308, -1e308, 5e-324, Number.MAX_SAFE_INTEGER),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** A value of the wrong kind, or the right kind with a wrong size, for any field. */
export const weirdValue: fc.Arbitrary<Json> = fc.oneof(
  { arbitrary: weirdString, weight: 4 },
  { arbitrary: weirdNumber, weight: 3 },
  { arbitrary: fc.constantFrom<Json>(null, true, false, [], {}, [null], { '': null }), weight: 2 },
  { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 2 },
  {
    arbitrary: fc
      .tuple(fc.oneof(fc.integer({ min: 50, max: 200 }), fc.integer({ min: 3_000, max: 20_000 })), fc.boolean())
      .map(([depth, arrays]) => deepMarker(depth, arrays)),
    weight: 2,
  },
);

const extraKey = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'id',
    'workspaceId',
    'status',
    'source',
    'filedBy',
    'answeredBy',
    'revision',
    '',
  ),
);

type Mutation =
  | { op: 'drop'; at: number }
  | { op: 'extra'; at: number; key: string; value: Json }
  | { op: 'replace'; at: number; value: Json }
  | { op: 'grow'; at: number; times: number }
  /** A value of the same JSON type: another string (often another record's id), number, list. */
  | { op: 'retype'; at: number; text: string; number: number; list: 'empty' | 'double' | 'reverse' | 'tail' };

function mutation(ids: readonly string[]): fc.Arbitrary<Mutation> {
  const text = fc.oneof(
    { arbitrary: weirdString, weight: 2 },
    { arbitrary: ids.length > 0 ? fc.constantFrom(...ids) : fc.constant('sd-1'), weight: 2 },
    { arbitrary: fc.string({ maxLength: 30 }), weight: 1 },
  );
  const number = fc.oneof({ arbitrary: fc.integer({ min: -2, max: 30 }), weight: 3 }, { arbitrary: weirdNumber, weight: 1 });
  return fc.oneof(
    {
      arbitrary: fc.record({
        op: fc.constant('retype' as const),
        at: fc.nat(),
        text,
        number,
        list: fc.constantFrom('empty' as const, 'double' as const, 'reverse' as const, 'tail' as const),
      }),
      weight: 4,
    },
    { arbitrary: fc.record({ op: fc.constant('replace' as const), at: fc.nat(), value: weirdValue }), weight: 2 },
    { arbitrary: fc.record({ op: fc.constant('drop' as const), at: fc.nat() }), weight: 2 },
    { arbitrary: fc.record({ op: fc.constant('extra' as const), at: fc.nat(), key: extraKey, value: weirdValue }), weight: 1 },
    { arbitrary: fc.record({ op: fc.constant('grow' as const), at: fc.nat(), times: fc.integer({ min: 1, max: 40 }) }), weight: 1 },
  );
}

/** Where a mutation can land: every value down to a modest depth (a deep nest is one value). */
function pathsOf(root: Json): Path[] {
  const paths: Path[] = [];
  const pending: Array<[Json, Path]> = [[root, []]];
  while (pending.length > 0) {
    const [value, path] = pending.shift()!;
    paths.push(path);
    if (path.length >= 8 || value === null || typeof value !== 'object') continue;
    for (const [key, child] of Object.entries(value)) pending.push([child, [...path, Array.isArray(value) ? Number(key) : key]]);
  }
  return paths;
}

/** Sets an own property, even one named `__proto__`, so it survives JSON.stringify. */
function own(target: Record<string, Json>, key: string, value: Json): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function shallowCopy(value: Json): Json {
  if (Array.isArray(value)) return [...value];
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, Json> = {};
  for (const [key, child] of Object.entries(value)) own(copy, key, child);
  return copy;
}

/** `root` with the value at `path` replaced by `change(value)` (undefined removes it); only the path is copied. */
function update(root: Json, path: Path, change: (value: Json) => Json): Json {
  if (path.length === 0) return change(root);
  const [key, ...rest] = path;
  const copy = shallowCopy(root) as Record<string | number, Json> & Json[];
  const next = update(copy[key!], rest, change);
  if (next === undefined) {
    if (Array.isArray(copy)) copy.splice(key as number, 1);
    else delete copy[key!];
  } else if (Array.isArray(copy)) copy[key as number] = next;
  else own(copy, String(key), next);
  return copy;
}

function apply(root: Json, change: Mutation): Json {
  const paths = pathsOf(root);
  const path = paths[change.at % paths.length]!;
  return update(root, path, (current) => {
    switch (change.op) {
      case 'drop':
        return undefined;
      case 'replace':
        return change.value;
      case 'extra': {
        if (current !== null && typeof current === 'object' && !Array.isArray(current)) {
          const copy = shallowCopy(current) as Record<string, Json>;
          own(copy, change.key, change.value);
          return copy;
        }
        if (Array.isArray(current)) return [...current, change.value];
        const wrapped: Record<string, Json> = {};
        own(wrapped, change.key, change.value);
        return wrapped;
      }
      case 'retype':
        if (typeof current === 'string') return change.text;
        if (typeof current === 'number') return change.number;
        if (typeof current === 'boolean') return !current;
        if (Array.isArray(current)) {
          return { empty: [], double: [...current, ...current], reverse: [...current].reverse(), tail: current.slice(1) }[change.list];
        }
        return change.text;
      case 'grow':
        return Array.isArray(current) && current.length > 0
          ? [...current, ...Array.from({ length: change.times }, () => current[0])]
          : Array.from({ length: change.times }, () => current);
    }
  });
}

/** A valid body with one or two things wrong with it; `ids` are the world's, for a field that names the wrong record. */
export function mutated(valid: fc.Arbitrary<Json>, ids: readonly string[] = []): fc.Arbitrary<Json> {
  return fc.tuple(valid, fc.array(mutation(ids), { minLength: 1, maxLength: 2 })).map(([base, changes]) => changes.reduce(apply, base));
}

export function jsonProbe(kind: string, value: Json): Probe {
  return value === undefined ? { kind } : { kind, body: bodyText(value), contentType: 'application/json' };
}

const MALFORMED = [
  '{',
  '}',
  '{"a":}',
  "{'a':1}",
  '[1,2',
  '{"a":1,}',
  '{"a" 1}',
  'nul',
  'NaN',
  '{"a":NaN}',
  '{"a":1e999999}',
  '"\\x"',
  '\u0000',
  '\ufeff{}',
  '{"a":"\\u00"}',
  '',
  ' ',
  '<xml/>',
  'true',
  '"text"',
  '1',
];
const WRONG_TYPES = [
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=cast',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/json; charset=nonsense',
  'application/vnd.api+json',
  'application/jsonx',
  'application/json;;;',
];

/** Faults below the JSON value: the text, its declared type and encoding, its size. */
export function transportProbe(valid: fc.Arbitrary<Json>): fc.Arbitrary<Probe> {
  const text = valid.map((value) => bodyText(value ?? {}));
  return fc.oneof(
    fc
      .oneof(
        fc.constantFrom(...MALFORMED),
        fc.tuple(text, fc.nat()).map(([body, cut]) => body.slice(0, cut % Math.max(1, body.length))),
      )
      .map((body): Probe => ({ kind: 'malformed JSON', body, contentType: 'application/json' })),
    fc
      .tuple(text, fc.constantFrom(...WRONG_TYPES))
      .map(([body, contentType]): Probe => ({ kind: 'wrong content-type', body, contentType })),
    fc.tuple(text, fc.constantFrom('gzip', 'deflate', 'br', 'compress', 'gzip, gzip')).map(([body, encoding]): Probe => ({
      kind: 'wrong content-encoding',
      body,
      contentType: 'application/json',
      headers: { 'content-encoding': encoding },
    })),
    // A whole body nested thousands of levels deep, written as text.
    fc.tuple(fc.integer({ min: 2_000, max: 60_000 }), fc.boolean()).map(([depth, arrays]): Probe => ({
      kind: 'deeply nested JSON',
      body: arrays ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
      contentType: 'application/json',
    })),
    fc.tuple(fc.integer({ min: BODY_LIMIT + 1, max: BODY_LIMIT + 200_000 }), fc.boolean()).map(([size, json]): Probe => ({
      kind: 'oversize body',
      body: json ? JSON.stringify({ question: 'x'.repeat(size) }) : 'x'.repeat(size),
      contentType: 'application/json',
    })),
  );
}

const headerText = fc.string({
  unit: fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0xa0, max: 0xff })).map((code) => String.fromCharCode(code)),
  maxLength: 300,
});

export const oddQuery: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '?a=1&a=2',
    '?__proto__=x',
    '?constructor[prototype][x]=1',
    '?%ZZ',
    '?%',
    '?x=%00',
    '?&&&',
    '?=',
    '?limit=-1',
    '?timeout=1e999',
    `?${'q=x&'.repeat(400)}`,
    `?q=${'%F0%9F'.repeat(10)}`,
  ),
  fc.webQueryParameters().map((query) => `?${query}`),
);

export const oddHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    'idempotency-key': headerText,
    'x-cast-agent': headerText,
    origin: fc.constantFrom('null', 'https://evil.invalid', 'not a url'),
    'last-event-id': headerText,
    accept: fc.constantFrom('text/html', 'application/xml', '*/*', ''),
  },
  { requiredKeys: [] },
);

function sometimes<T>(arbitrary: fc.Arbitrary<T>, weight: number, otherwise: number): fc.Arbitrary<T | null> {
  return fc.oneof({ arbitrary, weight }, { arbitrary: fc.constant(null), weight: otherwise });
}

/**
 * Everything bad about one request to a route whose valid body `valid` generates — and now
 * and then the valid body itself, with only the query or headers odd, so the routes' own
 * refusals (409s, 422s) and their successes are reached too.
 */
export function badRequest(valid: fc.Arbitrary<Json>, ids: readonly string[] = []): fc.Arbitrary<Probe> {
  const body = fc.oneof(
    { arbitrary: mutated(valid, ids).map((value) => jsonProbe('mutated valid body', value)), weight: 6 },
    { arbitrary: valid.map((value) => jsonProbe('valid body', value)), weight: 1 },
    { arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => jsonProbe('arbitrary JSON', value)), weight: 1 },
    { arbitrary: transportProbe(valid), weight: 2 },
  );
  return fc.tuple(body, sometimes(oddQuery, 1, 5), sometimes(oddHeaders, 1, 3)).map(([probe, query, headers]) => {
    const whole: Probe = { ...probe, ...(query ? { query } : {}), ...(headers ? { headers: { ...headers, ...probe.headers } } : {}) };
    // fast-check prints a counterexample with this: a 300 kB body would drown the report.
    return Object.assign(whole, { [fc.toStringMethod]: () => describeProbe(whole) });
  });
}

export function describeProbe(probe: Probe): string {
  const body =
    probe.body === undefined
      ? '(none)'
      : probe.body.length > 300
        ? `${probe.body.slice(0, 300)}… (${probe.body.length} characters)`
        : probe.body;
  return `${probe.kind}; content-type ${probe.contentType ?? '-'}; query ${probe.query ?? '-'}; headers ${JSON.stringify(probe.headers ?? {})}; body ${body}`;
}
