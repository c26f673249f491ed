/**
 * Issue 29 item 5 — every answer names its request: `X-Request-Id` (a proxy's own id kept when
 * it is well-formed, a fresh one otherwise), the same id on the request's log line, and in a
 * refusal's problem body as `instance`. Without tracing there is no `traceparent`.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApi } from '../../api/server';
import { startLoggedApi } from '../support/logged-api';
import { startTestCast, type Member, type TestCast } from '../support/test-cast';

let cast: TestCast;
let api: RunningApi;
let member: Member;
let lines: string[];
beforeAll(async () => {
  cast = await startTestCast({ worker: false });
  ({ api, lines } = await startLoggedApi(cast));
  member = await cast.newMember();
});
afterAll(async () => {
  await api?.stop();
  await cast?.stop();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${api.url}${path}`, { headers: { authorization: `Bearer ${member.token}`, ...headers } });

describe('X-Request-Id', () => {
  it('is generated for a request that brings none, a new one each time', async () => {
    const [one, two] = await Promise.all([get('/api/v1/decisions'), get('/api/v1/decisions')]);
    expect(one.headers.get('x-request-id')).toMatch(UUID);
    expect(two.headers.get('x-request-id')).toMatch(UUID);
    expect(one.headers.get('x-request-id')).not.toBe(two.headers.get('x-request-id'));
    expect(one.headers.get('traceparent'), 'no tracing configured, no trace header').toBeNull();
  });

  it("keeps a proxy's well-formed id", async () => {
    for (const id of ['0f9e2c4d8a7b6e5f4d3c2b1a09f8e7d6', 'req-42.lb:eu-west_1', randomUUID(), 'x'.repeat(128)]) {
      const response = await get('/api/v1/decisions', { 'x-request-id': id });
      expect(response.headers.get('x-request-id')).toBe(id);
    }
  });

  it('replaces a hostile or oversized one rather than echoing it into headers, logs and URNs', async () => {
    for (const id of [
      'x'.repeat(129),
      'a b',
      '<script>alert(1)</script>',
      'one, two',
      '../../etc/passwd',
      '"quoted"',
      '-leading',
      '%0d%0a',
    ]) {
      const response = await get('/api/v1/decisions', { 'x-request-id': id });
      expect(response.headers.get('x-request-id'), id).toMatch(UUID);
    }
  });

  it("is on the request's log line", async () => {
    const id = `log-${randomUUID()}`;
    await get('/api/v1/decisions', { 'x-request-id': id });
    await expect.poll(() => lines.find((line) => line.includes(`"requestId":"${id}"`))).toBeDefined();
    const line = JSON.parse(lines.find((entry) => entry.includes(`"requestId":"${id}"`)) ?? '{}') as {
      req?: { id?: string; url?: string };
      res?: { headers?: Record<string, string> };
    };
    expect(line.req).toMatchObject({ id, url: '/api/v1/decisions' });
    expect(line.res?.headers?.['x-request-id']).toBe(id);
  });

  it("is a problem's instance, as a URN", async () => {
    const id = `problem-${randomUUID()}`;
    const missing = await get(`/api/v1/decisions/${randomUUID()}`, { 'x-request-id': id });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'decision_not_found', instance: `urn:cast:request:${id}` });

    const unsigned = await fetch(`${api.url}/api/v1/decisions`);
    const generated = unsigned.headers.get('x-request-id') ?? '';
    expect(generated).toMatch(UUID);
    expect(await unsigned.json()).toMatchObject({ status: 401, instance: `urn:cast:request:${generated}` });
  });
});
