/**
 * The proxy settings from the environment (runtime/proxy-settings.ts through loadEnv): a value
 * that cannot work stops the process naming the variable; unset keeps development as it was.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../runtime/env';

const dir = mkdtempSync(join(tmpdir(), 'cast-proxy-settings-'));
// No user's own temporal.toml may leak into these cases.
const env = (values: Record<string, string>) => loadEnv({ HOME: dir, XDG_CONFIG_HOME: dir, ...values });
const refusal = (values: Record<string, string>) => {
  try {
    env(values);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(values)}`);
};

describe('CAST_PUBLIC_URL', () => {
  it('is unset by default, and an empty value is unset', () => {
    expect(env({}).CAST_PUBLIC_URL).toBeUndefined();
    expect(env({ CAST_PUBLIC_URL: ' ' }).CAST_PUBLIC_URL).toBeUndefined();
  });

  it('keeps the origin, lower-cased, without a trailing slash or a default port', () => {
    expect(env({ CAST_PUBLIC_URL: 'https://Cast.Example.com/' }).CAST_PUBLIC_URL).toBe('https://cast.example.com');
    expect(env({ CAST_PUBLIC_URL: 'https://cast.example.com:443' }).CAST_PUBLIC_URL).toBe('https://cast.example.com');
    expect(env({ CAST_PUBLIC_URL: 'https://cast.example.com:8443' }).CAST_PUBLIC_URL).toBe('https://cast.example.com:8443');
    expect(env({ CAST_PUBLIC_URL: 'http://10.0.0.5:7400' }).CAST_PUBLIC_URL).toBe('http://10.0.0.5:7400');
  });

  it('refuses what is not an http(s) origin, naming the variable and why', () => {
    expect(refusal({ CAST_PUBLIC_URL: 'cast.example.com' })).toMatch(/CAST_PUBLIC_URL: cast\.example\.com is not a URL/);
    expect(refusal({ CAST_PUBLIC_URL: 'ftp://cast.example.com' })).toMatch(/CAST_PUBLIC_URL: .*must start with https:\/\/ or http:\/\//);
    expect(refusal({ CAST_PUBLIC_URL: 'https://cast.example.com/cast' })).toMatch(/CAST_PUBLIC_URL: .*without a path/);
    expect(refusal({ CAST_PUBLIC_URL: 'https://cast.example.com/?a=1' })).toMatch(/without a path, query or fragment/);
    expect(refusal({ CAST_PUBLIC_URL: 'https://me:secret@cast.example.com' })).toMatch(/must not carry a user name or password/);
  });
});

describe('CAST_TRUST_PROXY', () => {
  it('is unset by default: no proxy is trusted', () => {
    expect(env({}).CAST_TRUST_PROXY).toBeUndefined();
  });

  it("takes a hop count, or addresses, subnets and Express's named ranges", () => {
    expect(env({ CAST_TRUST_PROXY: '1' }).CAST_TRUST_PROXY).toBe(1);
    expect(env({ CAST_TRUST_PROXY: 'loopback' }).CAST_TRUST_PROXY).toEqual(['loopback']);
    expect(env({ CAST_TRUST_PROXY: 'loopback, 10.0.0.0/8 ,fd00::/8, 192.168.1.7' }).CAST_TRUST_PROXY).toEqual([
      'loopback',
      '10.0.0.0/8',
      'fd00::/8',
      '192.168.1.7',
    ]);
  });

  it('refuses anything else, trust-everyone included', () => {
    expect(refusal({ CAST_TRUST_PROXY: 'true' })).toMatch(/CAST_TRUST_PROXY: true is not an IP address/);
    expect(refusal({ CAST_TRUST_PROXY: 'nginx' })).toMatch(/nginx is not an IP address, a subnet/);
    expect(refusal({ CAST_TRUST_PROXY: '10.0.0.0/33' })).toMatch(/10\.0\.0\.0\/33: the prefix length must be 0 to 32/);
    expect(refusal({ CAST_TRUST_PROXY: 'loopback,' })).toMatch(/an entry is empty/);
    expect(refusal({ CAST_TRUST_PROXY: '-1' })).toMatch(/CAST_TRUST_PROXY/);
  });
});

describe('CAST_LONG_POLL_MAX_SECONDS', () => {
  it('defaults to 25 s, under the shortest common proxy timeout (30 s)', () => {
    expect(env({}).CAST_LONG_POLL_MAX_SECONDS).toBe(25);
    expect(env({ CAST_LONG_POLL_MAX_SECONDS: '50' }).CAST_LONG_POLL_MAX_SECONDS).toBe(50);
  });

  it('refuses a value that is not a whole number of seconds from 1 to 60', () => {
    for (const value of ['0', '61', '2.5', 'soon']) {
      expect(refusal({ CAST_LONG_POLL_MAX_SECONDS: value })).toMatch(/CAST_LONG_POLL_MAX_SECONDS/);
    }
  });
});
