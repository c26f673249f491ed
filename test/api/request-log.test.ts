/**
 * NFR security — credentials never reach the logs: the request log names the method, the
 * path and the status, with the bearer token and the session cookie redacted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApi } from '../../api/server';
import { startLoggedApi } from '../support/logged-api';
import { startTestCast, type TestCast } from '../support/test-cast';

let cast: TestCast;
let api: RunningApi;
let lines: string[];
beforeAll(async () => {
  cast = await startTestCast({ worker: false });
  ({ api, lines } = await startLoggedApi(cast));
});
afterAll(async () => {
  await api?.stop();
  await cast?.stop();
});

describe('the request log', () => {
  it('logs the request without its bearer token or session cookie', async () => {
    const member = await cast.newMember();
    const response = await fetch(`${api.url}/api/v1/decisions`, {
      headers: { authorization: `Bearer ${member.token}`, cookie: 'cast_session=secret-session-value' },
    });
    expect(response.status).toBe(200);
    await expect.poll(() => lines.some((line) => line.includes('"url":"/api/v1/decisions"'))).toBe(true);
    const logged = lines.join('\n');
    expect(logged).toContain('"authorization":"[redacted]"');
    expect(logged).toContain('"cookie":"[redacted]"');
    expect(logged).not.toContain(member.token);
    expect(logged).not.toContain('secret-session-value');
  });
});
