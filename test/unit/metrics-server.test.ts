/**
 * CAST_METRICS_PORT and CAST_METRICS_HOST as the environment gives them, and the metrics
 * server's own answers: `/metrics` in Prometheus text, nothing else, and a port another
 * process holds refused at start with the setting to change.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../runtime/env';
import { createLogger } from '../../runtime/logger';
import { startMetricsServer, type MetricsServer } from '../../runtime/metrics-server';

const logger = createLogger('silent');
// No Temporal config file of this machine's user is read.
const home = mkdtempSync(join(tmpdir(), 'cast-metrics-env-'));
const env = (variables: Record<string, string> = {}) => loadEnv({ HOME: home, XDG_CONFIG_HOME: home, ...variables });
const started: MetricsServer[] = [];
afterAll(async () => {
  for (const server of started) await server.stop();
});

describe('metrics settings', () => {
  it('serves on 127.0.0.1:9464 unless told otherwise; 0 is a free port, off is none', () => {
    expect(env()).toMatchObject({ CAST_METRICS_PORT: 9464, CAST_METRICS_HOST: '127.0.0.1' });
    expect(env({ CAST_METRICS_PORT: '' }).CAST_METRICS_PORT).toBe(9464);
    expect(env({ CAST_METRICS_PORT: '0' }).CAST_METRICS_PORT).toBe(0);
    expect(env({ CAST_METRICS_PORT: ' off ' }).CAST_METRICS_PORT).toBe('off');
    expect(env({ CAST_METRICS_HOST: '0.0.0.0' }).CAST_METRICS_HOST).toBe('0.0.0.0');
  });

  it('refuses a port that is neither a port nor off, naming the variable', () => {
    expect(() => env({ CAST_METRICS_PORT: 'metrics' })).toThrow(/CAST_METRICS_PORT is a port \(0 picks a free one\) or off/);
    expect(() => env({ CAST_METRICS_PORT: '70000' })).toThrow(EnvError);
  });
});

describe('the metrics server', () => {
  it('answers /metrics in Prometheus text with Cast and Node series, and nothing else', async () => {
    const server = await startMetricsServer({ host: '127.0.0.1', port: 0, logger });
    started.push(server);
    const response = await fetch(server.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toContain('# TYPE cast_http_requests_total counter');
    expect(text).toContain('cast_refusals_total{reason="overloaded"} 0');
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect((await fetch(server.url.replace('/metrics', '/'))).status).toBe(404);
    expect((await fetch(server.url, { method: 'POST' })).status).toBe(405);
  });

  it('stops a second server on a port that is taken, saying which setting to change', async () => {
    const first = await startMetricsServer({ host: '127.0.0.1', port: 0, logger });
    started.push(first);
    const port = Number(new URL(first.url).port);
    const second = startMetricsServer({ host: '127.0.0.1', port, logger });
    await expect(second).rejects.toThrow(EnvError);
    await expect(second).rejects.toThrow(`CAST_METRICS_PORT ${port} on 127.0.0.1 is taken`);
  });
});
