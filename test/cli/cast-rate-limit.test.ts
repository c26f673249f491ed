/**
 * Issue 21, "A 429 reaches the user as a bare error": every client waits out a short
 * Retry-After once, saying so on stderr, and past that exits 6 with a clear message. A proxy in
 * front of a real Cast answers the first requests 429, as FR-61's limiter does
 * (test/api/rate-limits.test.ts hits the real limit; a minute's budget is too slow to spend here).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimitedError, request } from '../../client/request';
import { sessionRoutes } from '../../domain/routes/sessions';
import { startTestCast, type TestCast } from '../support/test-cast';
import { castShell, jsonOf } from './run-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(() => cast?.stop());

const RATE_LIMITED = (seconds: string) => ({
  type: '/problems/rate_limited',
  title: 'Too many requests.',
  status: 429,
  code: 'rate_limited',
  detail: `Too many reads: at most 60 a minute. Try again in ${seconds} s.`,
});

async function bodyOf(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length ? Buffer.concat(chunks) : undefined;
}

/** Cast behind a proxy that answers the first `refusals` requests 429 with `Retry-After: retryAfter`, then passes them on. */
async function throttled(refusals: number, retryAfter: string) {
  const seen: number[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(Date.now());
    if (seen.length <= refusals) {
      res.writeHead(429, { 'content-type': 'application/problem+json', 'retry-after': retryAfter });
      res.end(JSON.stringify(RATE_LIMITED(retryAfter)));
      return;
    }
    void (async () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== 'host'),
      );
      const body = await bodyOf(req);
      const answer = await fetch(`${cast.url}${req.url}`, { method: req.method!, headers, ...(body ? { body } : {}) });
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      res.end(Buffer.from(await answer.arrayBuffer()));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    seen,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const NOTE = 'Cast is rate-limiting this token; retrying in 1 s.';

describe('a 429 with Retry-After', () => {
  it('429: a Retry-After of 1 s is said once on stderr, waited out, and the request retried once', async () => {
    const proxy = await throttled(1, '1');
    try {
      const shell = castShell({ url: proxy.url, token: (await cast.newMember()).token });
      const run = await shell.run(['decide', 'ls', '--json']);
      expect(run.code, run.stderr).toBe(0);
      expect(jsonOf(run)).toMatchObject({ decisions: [] });
      expect(run.stderr.split(NOTE)).toHaveLength(2);
      expect(run.stdout).not.toContain('rate-limiting');
      expect(proxy.seen[1]! - proxy.seen[0]!).toBeGreaterThanOrEqual(950);
    } finally {
      await proxy.close();
    }
  });

  it('429: a Retry-After past 60 s is not waited for: exit 6 after one request, saying how long Cast asks', async () => {
    const proxy = await throttled(1, '120');
    try {
      const shell = castShell({ url: proxy.url, token: (await cast.newMember()).token });
      const run = await shell.run(['decide', 'ls', '--json']);
      expect(run.code, run.stderr).toBe(6);
      expect(jsonOf<{ error: { code: string; message: string } }>(run).error).toEqual({
        code: 'rate_limited',
        message:
          'Cast is rate-limiting this token for 120 s, longer than the CLI waits (60 s). Too many reads: at most 60 a minute. Try again in 120 s.',
      });
      expect(run.stderr).not.toContain('retrying');
      expect(proxy.seen).toHaveLength(1);
    } finally {
      await proxy.close();
    }
  });

  it('429: a second 429 after the one wait is exit 6, with no third try', async () => {
    const proxy = await throttled(2, '1');
    try {
      const shell = castShell({ url: proxy.url, token: (await cast.newMember()).token });
      const run = await shell.run(['decide', 'ls']);
      expect(run.code, run.stderr).toBe(6);
      expect(run.stderr).toContain(NOTE);
      expect(run.stderr).toContain('Cast is still rate-limiting this token after one wait. Too many reads');
      expect(proxy.seen).toHaveLength(2);
    } finally {
      await proxy.close();
    }
  });

  it('429: the hook, rate-limited past its one wait, prints ask naming it (exit 0)', async () => {
    const proxy = await throttled(1, '120');
    try {
      const shell = castShell({ url: proxy.url, token: (await cast.newMember()).token });
      const input = { session_id: `conv-${Date.now()}`, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } };
      const run = await shell.run(['hook', 'claude-code'], { input: JSON.stringify(input), env: { CAST_SESSION: undefined } });
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout).hookSpecificOutput).toMatchObject({
        permissionDecision: 'ask',
        permissionDecisionReason: expect.stringMatching(/^Cast is rate-limiting this token for 120 s.* Asking in the terminal instead\.$/),
      });
    } finally {
      await proxy.close();
    }
  });

  it('429: without a retry policy (the web UI) the client throws at once and prints nothing', async () => {
    const proxy = await throttled(2, '1');
    try {
      const member = await cast.newMember();
      const error = await request({ url: proxy.url, token: member.token }, sessionRoutes.listSessions, { query: {} }).catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(RateLimitedError);
      expect(error).toMatchObject({ retryAfterSeconds: 1, retried: false, code: 'rate_limited' });
      expect(proxy.seen).toHaveLength(1);
      // With a policy the same 429 is waited out, and saying so is the caller's part.
      const notes: number[] = [];
      const answer = await request(
        { url: proxy.url, token: member.token },
        sessionRoutes.listSessions,
        { query: {} },
        { retryAfter: { onWait: (seconds) => notes.push(seconds) } },
      );
      expect(answer.status).toBe(200);
      expect(notes).toEqual([1]);
      expect(proxy.seen).toHaveLength(3);
    } finally {
      await proxy.close();
    }
  });
});
