/**
 * NFR security — credentials never reach the logs: the request log names the method, the
 * path and the status, with the bearer token, the session cookie and an answer link's token redacted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApi } from '../../api/server';
import { mintAnswerLink } from '../../answer-links/mint-answer-link';
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

  it('issue 40 item 5: logs an answer link by its route, never its token', async () => {
    const member = await cast.newMember();
    const url = await mintAnswerLink(
      { pool: cast.pool, publicUrl: api.url },
      { workspace: member.workspaceId, member: member.memberId, decision: 'sd-1', ask: 1, option: 1, revision: 1, channel: 'email' },
    );
    const token = url.slice(`${api.url}/a/`.length);
    expect((await fetch(url)).status).toBe(404);
    expect((await fetch(`${api.url}/api/v1/answer-links/${token}`)).status).toBe(404);
    await expect.poll(() => lines.some((line) => line.includes('"url":"/api/v1/answer-links/<link>"'))).toBe(true);
    const logged = lines.join('\n');
    expect(logged).toContain('"url":"/a/<link>"');
    expect(logged).not.toContain(token.split('.')[1]);
  });
});
