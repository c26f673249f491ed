/**
 * cli/http.ts: the CLI's adapter over client/request.ts, against a stub server that answers
 * what Cast (or a proxy in front of it) might. Each refusal becomes the exit code docs/cli.md
 * documents; no answer at all is exit 1 `unreachable`; an abort passes through untouched.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, client } from '../../cli/http';
import { CliError, Exit } from '../../cli/output';
import { decisionRoutes } from '../../domain/routes/decisions';
import { freePort } from '../../runtime/free-port';

type Answer = { status: number; type?: string; body: string };
const problem = (status: number, code: string, extra: Record<string, unknown> = {}): Answer => ({
  status,
  type: 'application/problem+json',
  body: JSON.stringify({ type: `/problems/${code}`, title: code, status, detail: `Refused: ${code}.`, code, ...extra }),
});

let server: Server;
let url: string;
let answer: Answer;
let seen: IncomingHttpHeaders = {};

beforeAll(async () => {
  server = createServer((request, response) => {
    seen = request.headers;
    if (request.url?.includes('/wait')) return; // never answers: the caller aborts
    response.writeHead(answer.status, { 'content-type': answer.type ?? 'application/json' }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections(); // the held /wait request
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function refusal(given: Answer): Promise<CliError> {
  answer = given;
  const error = await client({ url, token: 'tok' })
    .request(decisionRoutes.getDecision, { params: { id: 'sd-1' } })
    .then(
      () => null,
      (caught: unknown) => caught,
    );
  expect(error).toBeInstanceOf(CliError);
  return error as CliError;
}

describe('cli/http.ts', () => {
  it('sends the token and X-Cast-Agent: cast-cli on every call', async () => {
    await refusal(problem(404, 'decision_not_found'));
    expect(seen.authorization).toBe('Bearer tok');
    expect(seen['x-cast-agent']).toBe('cast-cli');
  });

  it('maps each refusal to its exit code, keeping the problem whole for --json and for callers', async () => {
    const cases: Array<[Answer, number]> = [
      [problem(403, 'forbidden'), Exit.notAllowed],
      [problem(404, 'session_not_found'), Exit.notAllowed],
      [problem(409, 'decision_archived'), Exit.closed],
      [problem(409, 'ask_already_answered'), Exit.conflict],
      [problem(400, 'invalid_request'), Exit.refused],
      [problem(422, 'invalid_order', { missing: ['sd-2'] }), Exit.refused],
      [problem(404, 'decision_not_found'), Exit.error],
      [problem(503, 'temporal_unavailable'), Exit.error],
    ];
    for (const [given, exitCode] of cases) {
      const error = await refusal(given);
      expect(error).toBeInstanceOf(ApiError);
      expect([error.code, error.exitCode, error.message, error.json]).toEqual([
        JSON.parse(given.body).code,
        exitCode,
        JSON.parse(given.body).detail,
        { status: given.status },
      ]);
    }
    expect(((await refusal(problem(422, 'invalid_order', { missing: ['sd-2'] }))) as ApiError).problem.missing).toEqual(['sd-2']);
  });

  it('a refused token (401) is exit 4 and says how to sign in again', async () => {
    const error = await refusal(problem(401, 'unauthorized'));
    expect(error.exitCode).toBe(Exit.notAllowed);
    expect(error.message).toBe(`Refused: unauthorized. Sign in again: cast login --url ${url} --token -`);
  });

  it("a proxy's page is a problem named by its status; an answer that breaks the contract is exit 1", async () => {
    const page = await refusal({ status: 502, type: 'text/html', body: '<h1>Bad gateway</h1>' });
    expect([page.code, page.exitCode, page.message]).toEqual(['http_502', Exit.error, '<h1>Bad gateway</h1>']);
    const drifted = await refusal({ status: 200, body: JSON.stringify({ decision: { id: 'sd-1' } }) });
    expect([drifted.code, drifted.exitCode]).toEqual(['unexpected_response', Exit.error]);
  });

  it('no answer at all is exit 1 `unreachable`, naming where it looked; an abort passes through', async () => {
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    const error = await client({ url: nowhere, token: 'tok' })
      .request(decisionRoutes.getDecision, { params: { id: 'sd-1' } })
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(CliError);
    expect([(error as CliError).code, (error as CliError).exitCode]).toEqual(['unreachable', Exit.error]);
    expect((error as CliError).message).toContain(nowhere);

    const stop = new AbortController();
    const waiting = client({ url, token: 'tok' }).request(
      decisionRoutes.waitForDecision,
      { params: { id: 'sd-1' }, query: { timeout: 30 } },
      stop.signal,
    );
    setTimeout(() => stop.abort(), 50);
    const aborted = await waiting.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(aborted).not.toBeInstanceOf(CliError);
    expect(stop.signal.aborted).toBe(true);
  });
});
