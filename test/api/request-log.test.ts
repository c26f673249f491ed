/**
 * NFR security — credentials never reach the logs: the request log names the method, the
 * path and the status, with the bearer token and the session cookie redacted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type RunningApi } from '../../api/server';
import { createLogger } from '../../runtime/logger';
import { startTestCast, type TestCast } from '../support/test-cast';
import { plainTarget } from '../../runtime/temporal-connection';

let cast: TestCast;
let api: RunningApi;
const lines: string[] = [];
beforeAll(async () => {
  cast = await startTestCast({ worker: false });
  api = await startApi({
    checkResponses: true,
    pool: cast.pool,
    logger: createLogger('info', 'cast-api', { write: (line: string) => void lines.push(line) }),
    host: '127.0.0.1',
    port: 0,
    temporal: plainTarget(cast.temporalAddress, cast.taskQueue),
    rateLimits: null,
  });
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
