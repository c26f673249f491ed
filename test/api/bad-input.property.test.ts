/**
 * DESIGN §8, "every write endpoint answers malformed input with 400/409/422 and a specific
 * message — never a 5xx, never a partial write", as a property. For every POST, PUT, PATCH
 * and DELETE the routers mount, fast-check sends bad requests — valid bodies with a few
 * things wrong, arbitrary JSON, malformed text, wrong content types and encodings, bodies
 * over the limit, odd query strings and headers — at the member's own records, so they get
 * past the ids to the body validation and the services. Every answer must be below 500; a
 * refusal must be a problem document with a code from domain/errors.ts that the OpenAPI
 * document lists for that route and status, and a specific detail; and a refusal must leave
 * every row of the workspace as it was.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../api/openapi/document';
import { ApiProblem } from '../../domain/problem';
import { badRequest, describeProbe } from '../support/bad-bodies';
import { documentedAnswers, undocumented } from '../support/documented-answers';
import { buildBadInputWorld, type BadInputWorld } from '../support/bad-input-world';
import { changedTables, rowDigest, type RowDigest } from '../support/row-checksum';
import { startTestCast, type Member, type TestCast } from '../support/test-cast';

/**
 * Bad requests per write route; about 55 routes today, so well over a thousand in all. Each
 * run draws a fresh seed, so the runs of every CI and every local run add up to more.
 */
const RUNS_PER_ROUTE = 30;
const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * After a success, how long the workspace's rows must stand still before the next request
 * is judged by them: a workflow may still be writing. Answers deliver (a message, a restart,
 * the record settled) after they return; other workflow routes mirror before they return.
 */
function settleWindow(path: string): number {
  if (/\/(answer|approve|reject|resolve|reply|apply-defaults|undo|run-now)$/.test(path)) return 300;
  return /^\/api\/v1\/(decisions|stacks|approvals|escalations|inbox)|\/prompts$/.test(path) ? 100 : 0;
}
/** Routes that use up their records, run last so the others still find theirs. */
const LAST = ['POST /api/v1/decisions/archive-all', 'DELETE /api/v1/tasks/:id', 'POST /api/v1/sessions/:id/stop'];
/** Run first, so the world's spare webhook is gone before any answer could be pushed to it. */
const FIRST = ['DELETE /api/v1/webhooks/:id'];

let cast: TestCast;
let member: Member;
let bad: BadInputWorld;
let digest: RowDigest;
let requests = 0;
/** How many answers of each status, for the summary line. */
const answers: Record<string, number> = {};
const started = Date.now();

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a parser or framework says when it says nothing about this request. */
const GENERIC = /^(bad request|not found|error|internal server error|request entity too large|invalid input|unsupported media type)\.?$/i;

/** The rows once they have not changed for `window` ms (read at once when it is 0). */
async function settle(window: number): Promise<RowDigest> {
  let current = await rowDigest(cast.pool, member.workspaceId);
  for (let waited = 0; window > 0 && waited < 10_000; waited += window) {
    await later(window);
    const next = await rowDigest(cast.pool, member.workspaceId);
    if (JSON.stringify(next) === JSON.stringify(current)) return next;
    current = next;
  }
  if (window > 0) throw new Error('the workspace never settled after a success');
  return current;
}

beforeAll(async () => {
  cast = await startTestCast();
  member = await cast.newMember();
  bad = await buildBadInputWorld(cast, member);
  digest = await settle(300);
}, 180_000);

afterAll(async () => {
  const tally = Object.entries(answers)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${status}×${count}`)
    .join(', ');
  console.log(`bad-input property: ${requests} requests (${tally}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await cast?.stop();
  await bad?.close();
});

describe('bad input to every write route', () => {
  const order = (key: string) => (FIRST.includes(key) ? -1 : LAST.includes(key) ? LAST.indexOf(key) + 1 : 0);

  it('has ids and a valid body for every write route the routers mount', () => {
    const writes = cast.routes.filter((route) => WRITE.has(route.method)).map((route) => `${route.method} ${route.path}`);
    expect(writes.length).toBeGreaterThan(40);
    expect(writes.filter((key) => !(key in bad.valid))).toEqual([]);
    expect(writes.filter((key) => key.includes(':') && !(key in bad.ids))).toEqual([]);
  });

  it('refuses a body with a field it does not know, naming the field, and changes no row', async () => {
    // docs/api.md: JSON bodies are strict. (DELETE takes no body and ignores one.)
    const strict = cast.routes.filter((route) => ['POST', 'PUT', 'PATCH'].includes(route.method));
    for (const route of strict) {
      const key = `${route.method} ${route.path}`;
      const path = route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(bad.ids[key]![name]!));
      const unknownField = fc.stringMatching(/^[a-z][A-Za-z]{1,12}$/).map((name) => `zz${name}`);
      await fc.assert(
        fc.asyncProperty(bad.valid[key]!, unknownField, async (valid, field) => {
          const body = { ...(valid as Record<string, unknown> | undefined), [field]: true };
          const response = await cast.request(member.token, route.method, path, body);
          const problem = (await response.json()) as { code?: string; detail?: string };
          requests += 1;
          answers[response.status] = (answers[response.status] ?? 0) + 1;
          const after = await rowDigest(cast.pool, member.workspaceId);
          const where = `${key} with ${JSON.stringify(body).slice(0, 300)} → ${response.status} ${JSON.stringify(problem).slice(0, 300)}`;
          expect({ status: response.status, code: problem.code }, where).toEqual({ status: 400, code: 'invalid_request' });
          expect(problem.detail, where).toContain(field);
          expect(changedTables(digest, after), where).toEqual([]);
        }),
        { numRuns: 5 },
      );
    }
  });

  it('never answers 5xx, refuses with a documented, specific problem, and a refusal changes no row', async () => {
    const documented = documentedAnswers(openApiDocument());
    const writes = cast.routes
      .filter((route) => WRITE.has(route.method))
      .sort((a, b) => order(`${a.method} ${a.path}`) - order(`${b.method} ${b.path}`));

    for (const route of writes) {
      const key = `${route.method} ${route.path}`;
      const path = route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(bad.ids[key]![name]!));
      const window = settleWindow(route.path);

      await fc.assert(
        fc.asyncProperty(badRequest(bad.valid[key]!, bad.every), async (probe) => {
          const response = await fetch(`${cast.url}${path}${probe.query ?? ''}`, {
            method: route.method,
            headers: {
              authorization: `Bearer ${member.token}`,
              ...(probe.contentType ? { 'content-type': probe.contentType } : {}),
              ...probe.headers,
            },
            ...(probe.body !== undefined ? { body: probe.body } : {}),
            signal: AbortSignal.timeout(30_000),
          });
          const text = await response.text();
          requests += 1;
          answers[response.status] = (answers[response.status] ?? 0) + 1;
          const before = digest;
          // The rows as this request left them, whatever it answered: the next request is judged from here.
          digest = response.ok ? await settle(window) : await rowDigest(cast.pool, member.workspaceId);
          const where = `${key} → ${response.status} ${text.slice(0, 400)}\n  sent: ${describeProbe(probe)}`;

          expect(response.status, where).toBeLessThan(500);
          if (response.ok) return;
          expect(response.headers.get('content-type') ?? '', where).toMatch(/^application\/problem\+json/);
          // The Problem schema holds `code` to domain/errors.ts's list.
          const problem = ApiProblem.safeParse(JSON.parse(text));
          expect(problem.success, where).toBe(true);
          const { code, detail, status } = problem.data!;
          expect(status, where).toBe(response.status);
          expect(undocumented(documented, key, status, code), where).toBeNull();
          expect(detail.trim().length >= 8 && !GENERIC.test(detail.trim()), `${where}\n  the detail is not specific`).toBe(true);
          expect(changedTables(before, digest), `${where}\n  a refused request changed rows`).toEqual([]);
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
    // The bad requests reach past validation: the services refuse some, and some succeed.
    expect((answers['404'] ?? 0) + (answers['409'] ?? 0) + (answers['422'] ?? 0)).toBeGreaterThan(writes.length);
    expect((answers['200'] ?? 0) + (answers['201'] ?? 0)).toBeGreaterThan(writes.length);
  }, 600_000);
});
