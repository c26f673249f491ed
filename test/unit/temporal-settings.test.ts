/**
 * Production: the Temporal connection comes from the environment alone, through the SDK's own
 * loader, in every process (runtime/env.ts → runtime/temporal-settings.ts); a setting that
 * cannot work stops the process naming it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../runtime/env';

const dir = mkdtempSync(join(tmpdir(), 'cast-temporal-settings-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const cert = file('client.pem', '-----BEGIN CERTIFICATE-----\nclient\n-----END CERTIFICATE-----\n');
const key = file('client.key', '-----BEGIN PRIVATE KEY-----\nkey\n-----END PRIVATE KEY-----\n');
const ca = file('ca.pem', '-----BEGIN CERTIFICATE-----\nca\n-----END CERTIFICATE-----\n');
// No user's own temporal.toml may leak into these cases.
const isolated = { HOME: dir, XDG_CONFIG_HOME: dir };

describe('the Temporal connection from the environment', () => {
  it('defaults to the local dev server on TEMPORAL_PORT, namespace default, task queue cast', () => {
    const env = loadEnv({ ...isolated });
    expect(env.temporal).toEqual({
      connection: { address: '127.0.0.1:7233' },
      namespace: 'default',
      taskQueue: 'cast',
      addressConfigured: false,
    });
    expect(loadEnv({ ...isolated, TEMPORAL_PORT: '7555' }).temporal.connection.address).toBe('127.0.0.1:7555');
  });

  it('takes the address, namespace and API key; an API key alone turns TLS on', () => {
    const env = loadEnv({
      ...isolated,
      TEMPORAL_ADDRESS: 'cast.a1b2c.tmprl.cloud:7233',
      TEMPORAL_NAMESPACE: 'cast.a1b2c',
      TEMPORAL_API_KEY: 'key-123',
      TEMPORAL_TASK_QUEUE: 'cast-eu',
    });
    expect(env.temporal).toEqual({
      connection: { address: 'cast.a1b2c.tmprl.cloud:7233', apiKey: 'key-123', tls: true },
      namespace: 'cast.a1b2c',
      taskQueue: 'cast-eu',
      addressConfigured: true,
    });
  });

  it('reads the mTLS pair, the CA and the server name from their paths', () => {
    const { connection } = loadEnv({
      ...isolated,
      TEMPORAL_ADDRESS: 'temporal.internal:7233',
      TEMPORAL_TLS_CLIENT_CERT_PATH: cert,
      TEMPORAL_TLS_CLIENT_KEY_PATH: key,
      TEMPORAL_TLS_SERVER_CA_CERT_PATH: ca,
      TEMPORAL_TLS_SERVER_NAME: 'frontend.temporal.internal',
    }).temporal;
    expect(connection.tls).toMatchObject({ serverNameOverride: 'frontend.temporal.internal' });
    const tls = connection.tls as { clientCertPair: { crt: Uint8Array; key: Uint8Array }; serverRootCACertificate: Uint8Array };
    expect(Buffer.from(tls.clientCertPair.crt).toString()).toContain('client');
    expect(Buffer.from(tls.clientCertPair.key).toString()).toContain('key');
    expect(Buffer.from(tls.serverRootCACertificate).toString()).toContain('ca');
  });

  it('reads a profile of the TOML config file, the environment overriding it', () => {
    const config = file(
      'temporal.toml',
      `[profile.prod]\naddress = "prod.internal:7233"\nnamespace = "cast-prod"\napi_key = "from-file"\n[profile.prod.tls]\nserver_name = "prod"\n`,
    );
    const env = loadEnv({ ...isolated, TEMPORAL_CONFIG_FILE: config, TEMPORAL_PROFILE: 'prod', TEMPORAL_API_KEY: 'from-env' });
    expect(env.temporal.connection).toMatchObject({
      address: 'prod.internal:7233',
      apiKey: 'from-env',
      tls: { serverNameOverride: 'prod' },
    });
    expect(env.temporal.namespace).toBe('cast-prod');
    expect(() => loadEnv({ ...isolated, TEMPORAL_CONFIG_FILE: config, TEMPORAL_PROFILE: 'staging' })).toThrow(
      /Profile 'staging' not found/,
    );
    const strict = file('strict.toml', `[profile.default]\naddres = "typo:7233"\n`);
    expect(() => loadEnv({ ...isolated, TEMPORAL_CONFIG_FILE: strict })).toThrow(/addres/);
  });

  it('refuses half a client certificate pair, naming the missing half', () => {
    expect(() => loadEnv({ ...isolated, TEMPORAL_TLS_CLIENT_CERT_PATH: cert })).toThrow(EnvError);
    expect(() => loadEnv({ ...isolated, TEMPORAL_TLS_CLIENT_CERT_PATH: cert })).toThrow(/set TEMPORAL_TLS_CLIENT_KEY_PATH too/);
    expect(() => loadEnv({ ...isolated, TEMPORAL_TLS_CLIENT_KEY_PATH: key })).toThrow(/set TEMPORAL_TLS_CLIENT_CERT_PATH too/);
  });

  it('refuses a certificate path that does not exist, and host verification it cannot turn off', () => {
    expect(() => loadEnv({ ...isolated, TEMPORAL_TLS_SERVER_CA_CERT_PATH: join(dir, 'missing.pem') })).toThrow(
      /could not be read.*missing\.pem/,
    );
    expect(() => loadEnv({ ...isolated, TEMPORAL_TLS_DISABLE_HOST_VERIFICATION: 'true' })).toThrow(/TEMPORAL_TLS_SERVER_NAME/);
  });

  it('stops at a CAST_* setting Cast does not know, and names every one', () => {
    expect(() => loadEnv({ ...isolated, CAST_RATE_LIMIT: 'off', CAST_PUBLICURL: 'x' })).toThrow(
      /CAST_PUBLICURL: Cast has no such setting[\s\S]*CAST_RATE_LIMIT: Cast has no such setting/,
    );
    // The CLI's own settings may be in an operator's shell.
    expect(() => loadEnv({ ...isolated, CAST_URL: 'http://x', CAST_TOKEN: 't', CAST_SESSION: 's' })).not.toThrow();
  });

  it('warns of a TEMPORAL_* variable that neither Cast nor the SDK reads', () => {
    const env = loadEnv({ ...isolated, TEMPORAL_ADRESS: 'typo:7233', TEMPORAL_CLI_SHOW_STACKS: '1', TEMPORAL_GRPC_META_X_TEAM: 'ops' });
    expect(env.warnings).toEqual([
      "TEMPORAL_ADRESS is set, but neither Cast nor Temporal's client configuration reads it; it is ignored.",
      "TEMPORAL_CLI_SHOW_STACKS is set, but neither Cast nor Temporal's client configuration reads it; it is ignored.",
    ]);
    expect(env.temporal.connection.metadata).toEqual({ 'x-team': 'ops' });
  });
});
