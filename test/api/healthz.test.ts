/** `GET /healthz`: 200 only when the API, the database and Temporal all answer; else 503 naming which. */
import { afterEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { RunningApi } from '../../api/server';
import { freePort } from '../../runtime/free-port';
import { startApiOver } from '../support/second-api';

const running: RunningApi[] = [];
afterEach(async () => {
  for (const api of running.splice(0)) await api.stop();
});

async function apiWith(databaseUrl: string, temporalAddress: string) {
  const api = await startApiOver(databaseUrl, temporalAddress, 'healthz');
  running.push(api);
  return fetch(`${api.url}/healthz`);
}

describe('GET /healthz', () => {
  it('answers 200 {"ok":true} when the database and Temporal are reachable', async () => {
    const response = await apiWith(inject('databaseUrl'), inject('temporalAddress'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('answers 503 naming the database when it is unreachable', async () => {
    const response = await apiWith(`postgres://postgres@127.0.0.1:${await freePort()}/postgres`, inject('temporalAddress'));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      ok: false,
      checks: { api: 'ok', database: 'unreachable', temporal: 'ok' },
      unreachable: ['database'],
    });
  });

  it('answers 503 naming Temporal when it is unreachable', async () => {
    const response = await apiWith(inject('databaseUrl'), `127.0.0.1:${await freePort()}`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      ok: false,
      checks: { api: 'ok', database: 'ok', temporal: 'unreachable' },
      unreachable: ['temporal'],
      // The cause in words, naming the address and the settings that would change it.
      causes: { temporal: expect.stringMatching(/^Temporal at 127\.0\.0\.1:\d+ did not answer: is it running, and does it want TLS/) },
    });
  });
});
