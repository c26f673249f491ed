/**
 * Issue 38 item 11: a client retries a busy 503 with the same `Idempotency-Key` on every try of
 * one request (client/request.ts), so a try that took effect is deduplicated by Cast, never done
 * twice. Against a loopback stand-in that answers 503 `temporal_busy` with `Retry-After` first.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BusyError, request } from '../../client/request';
import { decisionRoutes } from '../../domain/routes/decisions';
import { decisionBody } from '../support/fixtures';

let server: Server;
let url: string;
let seen: IncomingHttpHeaders[] = [];
/** How many tries are answered busy before the one that succeeds. */
let busyTries = 1;

const busy = JSON.stringify({
  type: '/problems/temporal_busy',
  title: 'This workflow is busy right now.',
  status: 503,
  detail: "This decision's workflow is busy with other requests; nothing was changed.",
  code: 'temporal_busy',
  mayHaveTakenEffect: false,
});

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      seen.push(req.headers);
      if (seen.length <= busyTries) {
        res.writeHead(503, { 'content-type': 'application/problem+json', 'retry-after': '0' }).end(busy);
        return;
      }
      // Not a decision: the client's schema check is not what is under test, so answer what it cannot parse and read the headers.
      res
        .writeHead(418, { 'content-type': 'application/problem+json' })
        .end(JSON.stringify({ status: 418, code: 'teapot', detail: 'done' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  seen = [];
  busyTries = 1;
});

const retrying = { retryAfter: { maxRetries: 3, maxSeconds: 5 } };

describe('retrying a busy 503', () => {
  it('a filing is retried under one Idempotency-Key the client made for it', async () => {
    busyTries = 2;
    await expect(
      request({ url, token: 't' }, decisionRoutes.fileDecision, { body: decisionBody('Ship it?') }, retrying),
    ).rejects.toMatchObject({
      code: 'teapot',
    });
    expect(seen).toHaveLength(3);
    const keys = seen.map((headers) => headers['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(1);
  });

  it("an answer keeps the caller's own key on every try; two requests get two keys", async () => {
    const answer = (key?: string) =>
      request(
        { url, token: 't' },
        decisionRoutes.answerAsk,
        {
          params: { id: 'sd-1', ask: 1 },
          body: { answer: { kind: 'decision', selected: [1] } },
          ...(key ? { headers: { 'idempotency-key': key } } : {}),
        },
        retrying,
      ).catch(() => undefined);
    await answer('mine-1');
    expect(seen.map((headers) => headers['idempotency-key'])).toEqual(['mine-1', 'mine-1']);
    seen = [];
    await answer();
    const first = seen[0]!['idempotency-key'];
    seen = [];
    await answer();
    expect(seen[0]!['idempotency-key']).not.toBe(first);
  });

  it('without a retry policy the busy 503 is thrown at once, with whether it took effect', async () => {
    const error = await request({ url, token: 't' }, decisionRoutes.fileDecision, { body: decisionBody('Once?') }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(BusyError);
    expect((error as BusyError).problem).toMatchObject({ code: 'temporal_busy', mayHaveTakenEffect: false });
    expect(seen).toHaveLength(1);
  });
});
